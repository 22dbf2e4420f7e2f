import { Alert, Button, Group, Modal, ScrollArea, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/errorMessage';
import { useNow } from '../../lib/useNow';
import type { TaskHistoryEntry } from './TaskHistoryEntry';
import { type HistoryNames, TaskHistoryItem } from './TaskHistoryItem';
import { tasksApi } from './tasksApi';

interface TaskHistoryModalProps {
  companyId: string;
  taskId: string;
  opened: boolean;
  onClose: () => void;
  names: HistoryNames;
}

/** The task's history, newest first: 10 at a time with 'Load more', or all at once (management §9). */
export function TaskHistoryModal({ companyId, taskId, opened, onClose, names }: TaskHistoryModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`History of ${taskId}`} size="lg" centered>
      {/* Mounted only while open; with its queries forgotten on close, every opening starts with the newest page. */}
      <HistoryContent companyId={companyId} taskId={taskId} names={names} />
    </Modal>
  );
}

function HistoryContent({ companyId, taskId, names }: Omit<TaskHistoryModalProps, 'opened' | 'onClose'>) {
  const [complete, setComplete] = useState(false);
  const now = useNow(60_000);
  const historyKey = ['company', companyId, 'task', taskId, 'history'];
  const paged = useInfiniteQuery({
    queryKey: historyKey,
    queryFn: ({ pageParam }) => tasksApi.history(companyId, taskId, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.nextOffset : undefined),
    enabled: !complete,
    staleTime: 0,
    // Forgotten on close, so the next opening starts again with the newest page.
    gcTime: 0,
  });
  const all = useQuery({
    queryKey: [...historyKey, 'complete'],
    queryFn: () => tasksApi.completeHistory(companyId, taskId),
    enabled: complete,
    staleTime: 0,
    gcTime: 0,
  });

  const current = complete ? all : paged;
  const entries: TaskHistoryEntry[] = complete ? (all.data?.history ?? []) : (paged.data?.pages.flatMap((page) => page.history) ?? []);
  const totalCount = complete ? all.data?.totalCount : paged.data?.pages.at(-1)?.totalCount;

  if (current.isError && entries.length === 0) {
    return (
      <Alert color="red" title={complete ? 'Failed to load complete history' : 'Failed to load task history'}>
        <Text size="sm">{errorMessage(current.error)}</Text>
        <Button mt="xs" size="xs" variant="light" color="red" onClick={() => void current.refetch()} loading={current.isFetching}>
          Try Again
        </Button>
      </Alert>
    );
  }

  if (current.isPending) {
    return (
      <Stack gap="sm" aria-label="Loading history">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} h={40} />
        ))}
      </Stack>
    );
  }

  if (entries.length === 0) return <Text c="dimmed">No activity yet</Text>;

  return (
    <Stack>
      <ScrollArea.Autosize mah="60vh" offsetScrollbars>
        <Timeline bulletSize={14} lineWidth={2} pl={4} pt={4}>
          {entries.map((entry) => (
            <Timeline.Item key={entry.id} color={entry.changeType === 'deleted' || entry.changeType === 'comment_deleted' ? 'red' : undefined}>
              <TaskHistoryItem entry={entry} names={names} now={now} />
            </Timeline.Item>
          ))}
        </Timeline>
      </ScrollArea.Autosize>

      {current.isError && (
        <Alert color="red" title={complete ? 'Failed to load complete history' : 'Failed to load task history'}>
          <Button mt="xs" size="xs" variant="light" color="red" onClick={() => void current.refetch()}>
            Try Again
          </Button>
        </Alert>
      )}

      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {totalCount === undefined ? '' : `Showing ${entries.length} of ${totalCount}`}
        </Text>
        {!complete && (
          <Group gap="xs">
            {paged.hasNextPage && (
              <Button size="xs" variant="default" onClick={() => void paged.fetchNextPage()} loading={paged.isFetchingNextPage}>
                Load more
              </Button>
            )}
            {paged.hasNextPage && (
              <Button size="xs" variant="light" onClick={() => setComplete(true)}>
                View complete history
              </Button>
            )}
          </Group>
        )}
      </Group>
    </Stack>
  );
}
