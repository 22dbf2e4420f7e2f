import { Badge, Button, EmptyState, Group, LoadingOverlay, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Temporal } from 'temporal-polyfill';
import { formatClock } from '../../shared/format/formatClock';
import { formatDay } from '../../shared/format/formatDay';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { ACTIVITY_KIND_LABELS, type ActivityFilter } from './ActivityFilter';
import { activityLogQueryOptions } from './activityLogQueryOptions';

interface ActivityTableProps {
  companyId: string;
  filter: ActivityFilter;
}

/** When, in the browser's zone: "Tue, Mar 10, 2026 · 09:30". */
function formatWhen(at: string): string {
  const zone = Temporal.Now.timeZoneId();
  return `${formatDay(Temporal.Instant.from(at).toZonedDateTimeISO(zone).toPlainDate().toString())} · ${formatClock(at, zone)}`;
}

/** The log's activities, newest first, 50 at a time with 'Load more'. */
export function ActivityTable({ companyId, filter }: ActivityTableProps) {
  const activity = useInfiniteQuery(activityLogQueryOptions(companyId, filter));

  if (activity.isError && !activity.data) return <LoadFailedAlert error={activity.error} />;
  if (activity.isPending) {
    return (
      <Stack gap="xs" aria-label="Loading activity">
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} h={40} />
        ))}
      </Stack>
    );
  }

  const entries = activity.data.pages.flatMap((page) => page.entries);
  const filtered = filter.userId !== null || filter.kind !== null;
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" pos="relative">
        <LoadingOverlay visible={activity.isPlaceholderData} overlayProps={{ blur: 1 }} />
        {entries.length === 0 ? (
          <EmptyState title="No activity yet" description={filtered ? 'Try another person or kind.' : undefined} py="xl" />
        ) : (
          <Table.ScrollContainer minWidth={340} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Activity' } }}>
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Activity</Table.Th>
                  <Table.Th w={130}>Kind</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>
                      <Text size="sm">{entry.sentence}</Text>
                      <Text size="xs" c="dimmed">
                        {formatWhen(entry.at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" tt="none">
                        {ACTIVITY_KIND_LABELS[entry.kind]}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {activity.isFetchNextPageError && <LoadFailedAlert error={activity.error} onRetry={() => activity.fetchNextPage()} />}
      {activity.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => void activity.fetchNextPage()} loading={activity.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      )}
    </Stack>
  );
}
