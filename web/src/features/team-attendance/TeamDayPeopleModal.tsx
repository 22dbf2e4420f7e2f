import { Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AttendancePerson, TeamDayGroup } from '../../../../domain/attendance/views.ts';
import { formatDay } from '../../shared/format/formatDay';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { ResponsiveTable, type ResponsiveTableColumn } from '../../shared/ui/ResponsiveTable';
import { teamAttendanceQueries } from './teamAttendanceQueries';
import { teamDayGroupLabels } from './teamDayGroupLabels';

const COLUMNS: ResponsiveTableColumn<AttendancePerson>[] = [
  { header: 'Sr No.', width: 80, tableOnly: true, cell: (_, index) => index + 1 },
  { header: 'Name', wide: true, cell: (person) => person.name },
  { header: 'Email', wide: true, cell: (person) => person.email },
];

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
        <ResponsiveTable label="People" columns={COLUMNS} rows={people.data.people} rowKey={(person) => person.userId} minWidth={420} striped />
      )}
    </Modal>
  );
}
