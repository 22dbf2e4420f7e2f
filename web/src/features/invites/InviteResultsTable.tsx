import { Badge, Table } from '@mantine/core';
import type { InviteOutcome } from '../../shared/invites/invitesApi';

/** What became of each e-mail (and team) of the last invite sent. */
export function InviteResultsTable({ results }: { results: InviteOutcome[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label="Invite results">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Team</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.map((result) => (
            <Table.Tr key={`${result.email}:${result.teamName ?? ''}`}>
              <Table.Td>{result.email}</Table.Td>
              <Table.Td>{result.teamName ?? 'All teams'}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={result.sent ? 'teal' : 'yellow'}>
                  {result.sent ? 'Sent' : 'Not sent'}
                </Badge>
              </Table.Td>
              <Table.Td>{result.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
