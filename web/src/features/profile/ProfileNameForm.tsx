import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { validateFullName } from '../../../../domain/identity/validation.ts';
import { useUpdateProfileName } from './useUpdateProfileName';

interface ProfileNameFormProps {
  /** The current name from the ['me'] query; render with `key={name}` so a newer name restarts the form. */
  name: string;
}

export function ProfileNameForm({ name }: ProfileNameFormProps) {
  const updateName = useUpdateProfileName();
  const form = useForm({
    initialValues: { name },
    validate: { name: validateFullName },
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => updateName.mutate(values.name.trim()))}>
      <Group align="flex-end">
        <TextInput label="Name" autoComplete="name" style={{ flex: 1 }} {...form.getInputProps('name')} />
        <Button type="submit" loading={updateName.isPending}>
          Save
        </Button>
      </Group>
    </form>
  );
}
