import { Alert, Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/errorMessage';
import { notify } from '../../lib/notify';
import { apiTokensApi, apiTokensQueryOptions } from './ApiTokensApi';

const maxNameLength = 100;

/** Names a new token and shows its secret this once, ready to copy. */
export function ApiTokensCreateForm() {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const form = useForm({
    initialValues: { name: '' },
    validate: {
      name: (value) =>
        value.trim() === '' ? 'Give the token a name, such as the computer it is for' : value.trim().length > maxNameLength ? `At most ${maxNameLength} characters` : null,
    },
  });
  const create = useMutation({
    mutationFn: apiTokensApi.create,
    onSuccess: ({ token }, name) => {
      setCreated({ name, token });
      form.reset();
      void queryClient.invalidateQueries({ queryKey: apiTokensQueryOptions.queryKey });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });

  return (
    <Stack gap="sm">
      <form noValidate onSubmit={form.onSubmit((values) => create.mutate(values.name.trim()))}>
        <Group align="flex-start">
          <TextInput
            label="Token name"
            placeholder="e.g. Work laptop"
            maxLength={maxNameLength}
            style={{ flex: 1 }}
            {...form.getInputProps('name')}
          />
          <Button type="submit" loading={create.isPending} mt={25}>
            Create token
          </Button>
        </Group>
      </form>
      {created && (
        <Alert color="teal" variant="light" title={`Token “${created.name}” created`} withCloseButton onClose={() => setCreated(null)}>
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              Copy it now: it is shown only once.
            </Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code block style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {created.token}
              </Code>
              <CopyButton value={created.token}>
                {({ copied, copy }) => (
                  <Button size="xs" variant={copied ? 'filled' : 'default'} color={copied ? 'teal' : undefined} onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
