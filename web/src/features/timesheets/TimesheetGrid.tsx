import { Paper, Stack, Table, Text } from '@mantine/core';
import { Temporal } from 'temporal-polyfill';
import { DAY_STATUS_LABELS } from '../../../../domain/attendance/day-status.ts';
import { formatClock } from '../../shared/format/formatClock';
import { formatDuration } from '../../shared/format/formatDuration';
import { usePhone } from '../../shared/ui/usePhone';
import type { TimesheetSheet } from './timesheetsApi';

type Day = TimesheetSheet['days'][number];

/** "Mon 2". */
const dayHeading = (day: string) => {
  const date = Temporal.PlainDate.from(day);
  return `${date.toLocaleString('en-US', { weekday: 'short' })} ${date.day}`;
};
/** A cell's minutes; blank when none, so the time stands out. */
const cell = (minutes: number) => (minutes ? formatDuration(minutes) : '–');
/** The day's punches in the zone they were recorded in: "09:02–13:00, 14:00–…". */
const punches = (day: Day, zone: string) =>
  day.pairs.map((pair) => `${formatClock(pair.in, day.timeZone ?? zone)}–${pair.out ? formatClock(pair.out, day.timeZone ?? zone) : '…'}`).join(', ');
/** Leave, week off or absence: what the attendance calendar says of a day without time. */
const dayNote = (day: Day) => (day.status === 'present' || day.status === 'future' ? null : DAY_STATUS_LABELS[day.status]);

/**
 * The period's grid: a row per project and task, a column per local day, and
 * the day's totals under it (tracked, of which manual, idle), its punches and
 * its leave. On a phone, a card per day instead.
 */
export function TimesheetGrid({ sheet }: { sheet: TimesheetSheet }) {
  const phone = usePhone();
  if (!sheet.rows.length && sheet.days.every((day) => !day.pairs.length && !dayNote(day))) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Text fw={600}>No time in this period</Text>
        <Text size="sm" c="dimmed">
          Time tracked with the timer and approved manual time show here, day by day.
        </Text>
      </Paper>
    );
  }
  return phone ? <DayCards sheet={sheet} /> : <DayColumns sheet={sheet} />;
}

function DayColumns({ sheet }: { sheet: TimesheetSheet }) {
  const zone = sheet.person.timeZone;
  const footer = [
    { label: 'Tracked', value: (day: Day) => cell(day.trackedMinutes), total: cell(sheet.totals.trackedMinutes) },
    { label: 'Of which manual', value: (day: Day) => cell(day.manualMinutes), total: cell(sheet.totals.manualMinutes) },
    { label: 'Idle', value: (day: Day) => cell(day.idleMinutes), total: cell(sheet.totals.idleMinutes) },
    { label: 'Punches', value: (day: Day) => punches(day, zone) || dayNote(day) || '–', total: '' },
  ];
  return (
    <Table.ScrollContainer minWidth={260 + sheet.days.length * 90} type="native">
      <Table striped withTableBorder withColumnBorders aria-label={`Time by task and day`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Project / Task</Table.Th>
            {sheet.days.map((day) => (
              <Table.Th key={day.day} scope="col" ta="right">
                {dayHeading(day.day)}
                {dayNote(day) && (
                  <Text size="xs" c="dimmed" fw={400}>
                    {dayNote(day)}
                  </Text>
                )}
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="right">
              Total
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sheet.rows.map((row) => (
            <Table.Tr key={`${row.projectId}:${row.taskId}`}>
              <Table.Th scope="row" fw={400}>
                <Text size="sm" fw={600}>
                  {row.projectName}
                </Text>
                <Text size="sm">{row.taskName}</Text>
              </Table.Th>
              {row.minutes.map((minutes, index) => (
                <Table.Td key={sheet.days[index].day} ta="right">
                  {cell(minutes)}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={600}>
                {cell(row.totalMinutes)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {footer.map(({ label, value, total }) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              {sheet.days.map((day) => (
                <Table.Td key={day.day} ta="right" fz={label === 'Punches' ? 'xs' : undefined}>
                  {value(day)}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={700}>
                {total}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function DayCards({ sheet }: { sheet: TimesheetSheet }) {
  const zone = sheet.person.timeZone;
  return (
    <Stack gap="sm" role="list" aria-label="Time by day">
      {sheet.days.map((day, index) => {
        const tasks = sheet.rows.filter((row) => row.minutes[index] > 0);
        return (
          <Paper key={day.day} withBorder p="sm" radius="md" role="listitem">
            <Text fw={600}>
              {dayHeading(day.day)} · {cell(day.trackedMinutes)}
              {day.manualMinutes ? ` (${formatDuration(day.manualMinutes)} manual)` : ''}
            </Text>
            {dayNote(day) && <Text size="sm">{dayNote(day)}</Text>}
            {tasks.map((row) => (
              <Text key={`${row.projectId}:${row.taskId}`} size="sm">
                {row.projectName} / {row.taskName}: {formatDuration(row.minutes[index])}
              </Text>
            ))}
            {day.idleMinutes > 0 && <Text size="sm">Idle: {formatDuration(day.idleMinutes)}</Text>}
            {day.pairs.length > 0 && <Text size="sm">Punches: {punches(day, zone)}</Text>}
          </Paper>
        );
      })}
    </Stack>
  );
}
