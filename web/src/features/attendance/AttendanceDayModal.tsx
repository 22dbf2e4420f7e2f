import { Badge, Group, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { dashboardQueries } from '../../shared/dashboards/dashboardQueries';
import { TimeLogs } from '../../shared/dashboards/DayDetailModal';
import { formatClock } from '../../shared/format/formatClock';
import { formatDay } from '../../shared/format/formatDay';
import { formatDuration } from '../../shared/format/formatDuration';
import { DAY_STATUS_LOOKS } from './dayStatusLooks';
import type { AttendanceDay, MonthAttendance, PunchPair } from './MonthAttendance';

interface AttendanceDayModalProps {
  companyId: string;
  attendance: MonthAttendance;
  /** The day shown, or null when closed. */
  day: AttendanceDay | null;
  onClose: () => void;
}

/** A day of the calendar in detail: its status and times, its punch pairs, and its time log, each time in the zone the day was recorded in. */
export function AttendanceDayModal({ companyId, attendance, day, onClose }: AttendanceDayModalProps) {
  const { person } = attendance;
  return (
    <Modal opened={day !== null} onClose={onClose} title={day ? `${person.name} · ${formatDay(day.day)}` : ''} size="xl">
      {day && (
        <Stack gap="lg">
          <DaySummary day={day} timeZone={day.timeZone ?? person.timeZone} personZone={person.timeZone} />
          <PunchPairs day={day} timeZone={day.timeZone ?? person.timeZone} />
          <DayTimeLogs companyId={companyId} userId={person.userId} day={day.day} timeZone={person.timeZone} />
        </Stack>
      )}
    </Modal>
  );
}

function DaySummary({ day, timeZone, personZone }: { day: AttendanceDay; timeZone: string; personZone: string }) {
  const { label, color } = DAY_STATUS_LOOKS[day.status];
  return (
    <Group gap="lg">
      {label && (
        <Badge variant="light" color={color} size="lg">
          {label}
        </Badge>
      )}
      <Text size="sm">Punched: {formatDuration(day.punchedMinutes)}</Text>
      <Text size="sm">Tracked: {formatDuration(day.trackedMinutes)}</Text>
      <Text size="sm">Active: {formatDuration(day.activeMinutes)}</Text>
      {timeZone !== personZone && (
        <Text size="sm" c="dimmed">
          Times in {timeZone}
        </Text>
      )}
    </Group>
  );
}

function PunchPairs({ day, timeZone }: { day: AttendanceDay; timeZone: string }) {
  return (
    <Stack gap="xs">
      <Title order={4}>Punches</Title>
      {day.pairs.length === 0 ? (
        <Text c="dimmed" size="sm">
          No punches on this day
        </Text>
      ) : (
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Punch In</Table.Th>
              <Table.Th>Punch Out</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {day.pairs.map((pair) => (
              <Table.Tr key={pair.in}>
                <Table.Td>
                  {formatClock(pair.in, timeZone)}
                  {pair.continued && <Note>continued from the day before</Note>}
                </Table.Td>
                <Table.Td>
                  <PunchOut pair={pair} missing={day.missingPunchOut} timeZone={timeZone} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** A pair's punch out: its time, or why there is none (never punched out, or still punched in today). */
function PunchOut({ pair, missing, timeZone }: { pair: PunchPair; missing: boolean; timeZone: string }) {
  if (pair.out === null) {
    return missing ? (
      <Badge variant="light" color="red">
        Missing punch out
      </Badge>
    ) : (
      <Badge variant="light" color="teal">
        Still punched in
      </Badge>
    );
  }
  return (
    <>
      {formatClock(pair.out, timeZone)}
      {pair.continues && <Note>continues the next day</Note>}
    </>
  );
}

function Note({ children }: { children: string }) {
  return (
    <Text span size="xs" c="dimmed">
      {' '}
      ({children})
    </Text>
  );
}

function DayTimeLogs({ companyId, userId, day, timeZone }: { companyId: string; userId: string; day: string; timeZone: string }) {
  const detail = useQuery(dashboardQueries.day(companyId, userId, day));
  if (detail.isError) return <LoadFailedAlert error={detail.error} />;
  if (detail.isPending) {
    return (
      <Stack gap="xs" aria-busy>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} h={32} />
        ))}
      </Stack>
    );
  }
  return <TimeLogs detail={detail.data} timeZone={timeZone} />;
}
