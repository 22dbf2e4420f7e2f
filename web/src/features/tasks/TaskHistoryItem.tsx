import { Group, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { relativeTime } from './relativeTime';
import { plainText } from './richText';
import type { TaskHistoryEntry } from './TaskHistoryEntry';

/** How the history names a task's fields. */
const fieldLabel: Record<string, string> = {
  title: 'Title',
  description: 'Summary',
  status: 'Status',
  priority: 'Priority',
  eta: 'ETA',
  assigneeId: 'Assignee',
  projectId: 'Project',
};

export interface HistoryNames {
  /** Person names by user id, for assignee changes. */
  people: ReadonlyMap<string, string>;
  /** Project names by project id, for project changes. */
  projects: ReadonlyMap<string, string>;
}

interface TaskHistoryItemProps {
  entry: TaskHistoryEntry;
  names: HistoryNames;
  now: Date;
}

/** One history entry: who, what (created, field from → to, comment added, deleted) and when. */
export function TaskHistoryItem({ entry, names, now }: TaskHistoryItemProps) {
  return (
    <div>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm">
          <Text span fw={600}>
            {entry.changedBy.userName}
          </Text>{' '}
          {action(entry)}
        </Text>
        <Tooltip label={new Date(entry.timestamp).toLocaleString()}>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {relativeTime(entry.timestamp, now)}
          </Text>
        </Tooltip>
      </Group>
      {detail(entry, names)}
    </div>
  );
}

function action(entry: TaskHistoryEntry): string {
  switch (entry.changeType) {
    case 'created':
      return 'created the task';
    case 'updated':
      return `changed ${fieldLabel[entry.field ?? ''] ?? entry.field ?? 'a field'}`;
    case 'deleted':
      return 'deleted the task';
    case 'comment_added':
      return 'added a comment';
    case 'comment_deleted':
      return 'deleted a comment';
    default:
      return entry.changeType.replace(/_/g, ' ');
  }
}

function detail(entry: TaskHistoryEntry, names: HistoryNames): ReactNode {
  if (entry.changeType === 'created' && entry.newValues) return <Quote>{entry.newValues}</Quote>;
  // The server keeps a comment's text HTML-escaped (&lt; for <): decode it for reading.
  if (entry.changeType === 'comment_added' && entry.commentText) return <Quote>{plainText(entry.commentText)}</Quote>;
  if (entry.changeType !== 'updated') return null;
  return (
    <Text size="sm" c="dimmed" mt={2} lineClamp={4}>
      <Value>{shown(entry.field, entry.previousValues, names)}</Value> → <Value>{shown(entry.field, entry.newValues, names)}</Value>
    </Text>
  );
}

/** A field's value as people read it: names for ids, plain text for rich text, 'none' for nothing. */
function shown(field: string | null, value: string | null, names: HistoryNames): string {
  if (value === null || value === '') return 'none';
  if (field === 'assigneeId') return names.people.get(value) ?? 'a former member';
  if (field === 'projectId') return names.projects.get(value) ?? 'a deleted project';
  if (field === 'description') {
    const images = value.match(/<img\b/gi)?.length ?? 0;
    const imageNote = images === 0 ? '' : images === 1 ? '[1 image]' : `[${images} images]`;
    return [plainText(value), imageNote].filter(Boolean).join(' ') || 'none';
  }
  return value;
}

function Value({ children }: { children: ReactNode }) {
  return (
    <Text span c="dark" fw={500}>
      {children}
    </Text>
  );
}

function Quote({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" mt={2} lineClamp={3}>
      “{children}”
    </Text>
  );
}
