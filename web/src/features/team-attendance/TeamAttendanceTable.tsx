import { Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TeamDayGroup } from '../../../../domain/attendance/views.ts';
import { MAX_RANGE_DAYS } from '../../../../domain/dashboards/range.ts';
import { formatDay } from '../../shared/format/formatDay';
import { formatDuration } from '../../shared/format/formatDuration';
import { useToday } from '../../shared/dashboards/useToday';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { teamAttendanceQueries } from './teamAttendanceQueries';
import { teamDayGroupLabels } from './teamDayGroupLabels';
import { type TeamDayCount, TeamDayPeopleModal } from './TeamDayPeopleModal';

/** Core §9: today and the 5 days before it; Show More adds 5. */
const FIRST_DAYS = 6;
const MORE_DAYS = 5;

const GROUP_COLORS: Record<TeamDayGroup, string> = { present: 'green', absent: 'red', notCompleted: 'orange' };

interface TeamAttendanceTableProps {
  companyId: string;
  teamId: string;
}

/** The team's days, newest first, from the viewer's today: each count opens its people. */
export function TeamAttendanceTable({ companyId, teamId }: TeamAttendanceTableProps) {
  const today = useToday();
  const [days, setDays] = useState(FIRST_DAYS);
  const attendance = useQuery(teamAttendanceQueries.days(companyId, teamId, today, days));
  const [opened, setOpened] = useState<TeamDayCount | null>(null);

  if (attendance.isError) return <LoadFailedAlert error={attendance.error} />;
  if (attendance.isPending) {
    return (
      <Stack gap="xs" aria-label="Loading attendance">
        {Array.from({ length: FIRST_DAYS + 1 }, (_, row) => (
          <Skeleton key={row} h={40} />
        ))}
      </Stack>
    );
  }

  const { days: rows, thresholdMinutes } = attendance.data;
  const count = (day: string, group: TeamDayGroup, people: number) =>
    people === 0 ? (
      <Text size="sm">0</Text>
    ) : (
      <Button
        variant="light"
        color={GROUP_COLORS[group]}
        size="compact-sm"
        miw={44}
        // The name starts with the count shown, then says what it counts.
        aria-label={`${people} ${teamDayGroupLabels[group]} on ${formatDay(day)}`}
        onClick={() => setOpened({ day, group })}
      >
        {people}
      </Button>
    );

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md">
        {/* Scrolling sideways on a phone, the table is reached by keyboard even on days without a count to press. */}
        <Table.ScrollContainer minWidth={560} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Team attendance by day' } }}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={80}>Sr No.</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="center">{teamDayGroupLabels.present}</Table.Th>
                <Table.Th ta="center">{teamDayGroupLabels.absent}</Table.Th>
                <Table.Th ta="center">{teamDayGroupLabels.notCompleted}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr key={row.day}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.day)}</Table.Td>
                  <Table.Td ta="center">{count(row.day, 'present', row.present)}</Table.Td>
                  <Table.Td ta="center">{count(row.day, 'absent', row.absent)}</Table.Td>
                  <Table.Td ta="center">{count(row.day, 'notCompleted', row.notCompleted)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Working Hrs. Not Completed: present, with less than {formatDuration(thresholdMinutes)} punched.
        </Text>
        {days < MAX_RANGE_DAYS && (
          <Button variant="default" loading={attendance.isPlaceholderData} onClick={() => setDays((shown) => Math.min(shown + MORE_DAYS, MAX_RANGE_DAYS))}>
            Show More
          </Button>
        )}
      </Group>
      <TeamDayPeopleModal companyId={companyId} teamId={teamId} today={today} opened={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}
