import { Badge, Group, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DayDetail } from './DashboardViews';
import { LoadFailedAlert } from '../ui/LoadFailedAlert';
import { dashboardQueries } from './dashboardQueries';
import { formatClock } from '../format/formatClock';
import { formatDay } from '../format/formatDay';
import { formatDollars } from '../format/formatDollars';
import { formatDuration } from '../format/formatDuration';

interface DayDetailModalProps {
  companyId: string;
  userId: string;
  /** The day shown, or null when closed. */
  day: string | null;
  personName: string;
  /** The viewed person's zone: a time in another zone says which. */
  timeZone: string;
  onClose: () => void;
}

/** A day of the daily table in detail (core §2): its time logs with the day's total, and its punches, each time in the zone it was recorded in. */
export function DayDetailModal({ companyId, userId, day, personName, timeZone, onClose }: DayDetailModalProps) {
  const detail = useQuery({ ...dashboardQueries.day(companyId, userId, day ?? ''), enabled: day !== null });
  return (
    <Modal opened={day !== null} onClose={onClose} title={day ? `${personName} · ${formatDay(day)}` : ''} size="xl">
      {detail.isError ? (
        <LoadFailedAlert error={detail.error} />
      ) : detail.isPending ? (
        <Stack gap="xs">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={32} />
          ))}
        </Stack>
      ) : (
        <Stack gap="lg">
          <TimeLogs detail={detail.data} timeZone={timeZone} />
          <Punches punches={detail.data.punches} timeZone={timeZone} />
        </Stack>
      )}
    </Modal>
  );
}

function Clock({ instant, zone, timeZone }: { instant: string; zone: string; timeZone: string }) {
  return (
    <>
      {formatClock(instant, zone)}
      {zone !== timeZone && (
        <Text span size="xs" c="dimmed">
          {' '}
          ({zone})
        </Text>
      )}
    </>
  );
}

/**
 * A day's time-log entries, each with the minutes and earnings the API gave
 * it, and a last row with the day's totals, which they add up to.
 */
export function TimeLogs({ detail, timeZone }: { detail: Pick<DayDetail, 'entries' | 'totals'>; timeZone: string }) {
  const { entries, totals } = detail;
  return (
    <Stack gap="xs">
      <Title order={4}>Time Logs</Title>
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          No time logs on this day
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={680}
          // Wider than a phone, it scrolls: the keyboard must reach it (WCAG 2.1.1).
          scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Time Logs' } }}
        >
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Project</Table.Th>
                <Table.Th>Task</Table.Th>
                <Table.Th>Start</Table.Th>
                <Table.Th>End</Table.Th>
                <Table.Th>Tracked</Table.Th>
                <Table.Th>Idle</Table.Th>
                <Table.Th ta="right">Earnings($)</Table.Th>
                <Table.Th>Source</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={`${entry.start}-${entry.taskId}`}>
                  <Table.Td>{entry.projectName}</Table.Td>
                  <Table.Td>{entry.taskName}</Table.Td>
                  <Table.Td>
                    <Clock instant={entry.start} zone={entry.timeZone} timeZone={timeZone} />
                  </Table.Td>
                  <Table.Td>
                    <Clock instant={entry.end} zone={entry.timeZone} timeZone={timeZone} />
                  </Table.Td>
                  <Table.Td>{formatDuration(entry.trackedMinutes)}</Table.Td>
                  <Table.Td>{formatDuration(entry.idleMinutes)}</Table.Td>
                  <Table.Td ta="right">{entry.rateCents === null ? '—' : formatDollars(entry.earningsCents)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Badge variant="light" color="gray" size="sm">
                        {entry.source}
                      </Badge>
                      {entry.abandoned && (
                        <Badge variant="light" color="orange" size="sm">
                          Abandoned
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Th scope="row" colSpan={4}>
                  Total
                </Table.Th>
                <Table.Td>{formatDuration(totals.trackedMinutes)}</Table.Td>
                <Table.Td>{formatDuration(totals.idleMinutes)}</Table.Td>
                <Table.Td ta="right">{formatDollars(totals.earningsCents)}</Table.Td>
                <Table.Td />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function Punches({ punches, timeZone }: { punches: DayDetail['punches']; timeZone: string }) {
  return (
    <Stack gap="xs">
      <Title order={4}>Punches</Title>
      {punches.length === 0 ? (
        <Text c="dimmed" size="sm">
          No punches on this day
        </Text>
      ) : (
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Punch</Table.Th>
              <Table.Th>Time</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {punches.map((punch) => (
              <Table.Tr key={punch.at}>
                <Table.Td>{punch.state === 'punchin' ? 'Punch In' : 'Punch Out'}</Table.Td>
                <Table.Td>
                  <Clock instant={punch.at} zone={punch.timeZone} timeZone={timeZone} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
