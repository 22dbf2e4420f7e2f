import { Anchor, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { DaySummary } from '../../shared/dashboards/DashboardViews';
import { formatClock } from '../../shared/format/formatClock';
import { formatDay } from '../../shared/format/formatDay';
import { formatDollars } from '../../shared/format/formatDollars';
import { formatDuration } from '../../shared/format/formatDuration';
import { LockIcon } from '../../shared/timesheets/LockIcon';
import { weeksOf } from './weeksOf';

interface DaysTableProps {
  days: DaySummary[];
  timeZone: string;
  onOpen: (day: string) => void;
}

/**
 * The daily table (core §2), oldest day first as the trend charts run: each
 * row opens that day's details. Pages are weeks counted back from the range's
 * last day, and it opens on that last week. A day of an approved timesheet
 * shows a padlock.
 */
export function DaysTable({ days, timeZone, onOpen }: DaysTableProps) {
  const weeks = weeksOf(days);
  const [page, setPage] = useState(weeks.length);
  const shown = weeks[Math.min(page, weeks.length) - 1] ?? [];
  const clock = (instant: string | null) => (instant ? formatClock(instant, timeZone) : '—');

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={640}>
        <Table highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Time Tracked</Table.Th>
              <Table.Th ta="right">Rates($)</Table.Th>
              <Table.Th ta="right">Total Earnings($)</Table.Th>
              <Table.Th>Start Time</Table.Th>
              <Table.Th>End Time</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((day) => (
              <Table.Tr key={day.day} onClick={() => onOpen(day.day)} style={{ cursor: 'pointer' }}>
                <Table.Td>
                  {/* The row opens the day on a click; the button lets a keyboard open it too. */}
                  <Group gap={6} wrap="nowrap">
                    <Anchor component="button" type="button" size="sm">
                      {formatDay(day.day)}
                    </Anchor>
                    {day.locked && <LockIcon label="Locked: timesheet approved" />}
                  </Group>
                </Table.Td>
                <Table.Td>{formatDuration(day.trackedMinutes)}</Table.Td>
                <Table.Td ta="right">{day.rateCents === null ? '—' : formatDollars(day.rateCents)}</Table.Td>
                <Table.Td ta="right">{formatDollars(day.earningsCents)}</Table.Td>
                <Table.Td>{clock(day.firstStart)}</Table.Td>
                <Table.Td>{clock(day.lastEnd)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Start and end times in {timeZone}. Open a day for its time logs and punches.
        </Text>
        {weeks.length > 1 && <Pagination size="sm" total={weeks.length} value={Math.min(page, weeks.length)} onChange={setPage} aria-label="Days pages" />}
      </Group>
    </Stack>
  );
}
