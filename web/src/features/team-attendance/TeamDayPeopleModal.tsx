import { Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TeamDayGroup } from '../../../../domain/attendance/views.ts';
import { formatDay } from '../../shared/format/formatDay';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { teamAttendanceQueries } from './teamAttendanceQueries';
import { teamDayGroupLabels } from './teamDayGroupLabels';

export interface TeamDayCount {
  day: string;
  group: TeamDayGroup;
}

interface TeamDayPeopleModalProps {
  companyId: string;
  teamId: string;
  /** The viewer's today, as the table counted from it. */
  today: string;
  /** The count opened, or null when closed. */
  opened: TeamDayCount | null;
  onClose: () => void;
}

/** The people behind a count of the team attendance table (core §2): Sr No., Name, Email. */
export function TeamDayPeopleModal({ companyId, teamId, today, opened, onClose }: TeamDayPeopleModalProps) {
  const people = useQuery({
    ...teamAttendanceQueries.people(companyId, teamId, opened?.day ?? '', opened?.group ?? 'present', today),
    enabled: opened !== null,
  });
  return (
    <Modal opened={opened !== null} onClose={onClose} title={opened ? `${teamDayGroupLabels[opened.group]} · ${formatDay(opened.day)}` : ''} size="lg">
      {people.isError ? (
        <LoadFailedAlert error={people.error} />
      ) : people.isPending ? (
        <Stack gap="xs" aria-label="Loading people">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={32} />
          ))}
        </Stack>
      ) : people.data.people.length === 0 ? (
        <Text c="dimmed">No one</Text>
      ) : (
        // Scrolling sideways on a phone, the list is reached and scrolled by keyboard.
        <Table.ScrollContainer minWidth={420} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'People' } }}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={80}>Sr No.</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {people.data.people.map((person, index) => (
                <Table.Tr key={person.userId}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>{person.name}</Table.Td>
                  <Table.Td>{person.email}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
