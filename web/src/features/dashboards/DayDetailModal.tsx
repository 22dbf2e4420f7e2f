import { Badge, Group, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DayDetail } from './DashboardViews';
import { LoadFailedAlert } from '../layout/LoadFailedAlert';
import { dashboardQueries } from './dashboardQueries';
import { formatClock } from './formatClock';
import { formatDay } from './formatDay';
import { formatDuration } from './formatDuration';

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

/** A day of the daily table in detail (core §2): its time logs and punches, each time in the zone it was recorded in. */
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
          <TimeLogs entries={detail.data.entries} timeZone={timeZone} />
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

export function TimeLogs({ entries, timeZone }: { entries: DayDetail['entries']; timeZone: string }) {
  return (
    <Stack gap="xs">
      <Title order={4}>Time Logs</Title>
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          No time logs on this day
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={600}
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
                  <Table.Td>{formatDuration(entry.trackedMs)}</Table.Td>
                  <Table.Td>{formatDuration(entry.idleMs)}</Table.Td>
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
