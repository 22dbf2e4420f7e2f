import { Text } from '@mantine/core';
import type { RequestColumn } from './RequestsTable';

/** The processing tables' first column: who asked. */
export const requesterColumn: RequestColumn<{ requester: { name: string; email: string } }> = {
  header: 'Employee',
  cell: ({ requester }) => (
    <>
      <Text size="sm" fw={500}>
        {requester.name}
      </Text>
      <Text size="xs" c="dimmed">
        {requester.email}
      </Text>
    </>
  ),
};
