import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TEAM_DAY_GROUPS, type TeamDayGroup } from '../../../../domain/attendance/day-groups.ts';
import type { TeamAttendance } from '../../../../domain/attendance/views.ts';
import { MAX_RANGE_DAYS } from '../../../../domain/dashboards/range.ts';
import { formatDay } from '../../shared/format/formatDay';
import { formatDuration } from '../../shared/format/formatDuration';
import { useToday } from '../../shared/dashboards/useToday';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { ResponsiveTable, type ResponsiveTableColumn } from '../../shared/ui/ResponsiveTable';
import { teamAttendanceQueries } from './teamAttendanceQueries';
import { teamDayGroupLabels } from './teamDayGroupLabels';
import { type TeamDayCount, TeamDayPeopleModal } from './TeamDayPeopleModal';

/** Core §9: today and the 5 days before it; Show More adds 5. */
const FIRST_DAYS = 6;
const MORE_DAYS = 5;

const GROUP_COLORS: Record<TeamDayGroup, string> = { present: 'green', absent: 'red', notCompleted: 'orange' };

type TeamDay = TeamAttendance['days'][number];

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

  const columns: ResponsiveTableColumn<TeamDay>[] = [
    { header: 'Sr No.', width: 80, tableOnly: true, cell: (_, index) => index + 1 },
    { header: 'Date', nowrap: true, wide: true, cell: (row) => formatDay(row.day) },
    ...TEAM_DAY_GROUPS.map((group) => ({ header: teamDayGroupLabels[group], align: 'center' as const, cell: (row: TeamDay) => count(row.day, group, row[group]) })),
  ];

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md">
        <ResponsiveTable label="Team attendance by day" columns={columns} rows={rows} rowKey={(row) => row.day} minWidth={560} cardColumns={3} highlightOnHover />
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
