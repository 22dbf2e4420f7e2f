import { Text } from '@mantine/core';

/** A person in a table cell: the name, with the e-mail dimmed under it. */
export function NameAndEmail({ name, email }: { name: string; email: string }) {
  return (
    <>
      <Text size="sm" fw={500}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {email}
      </Text>
    </>
  );
}
