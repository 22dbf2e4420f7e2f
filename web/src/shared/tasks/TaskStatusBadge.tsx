import { Badge } from '@mantine/core';
import type { TaskStatus } from '../../../../domain/tasks/choices.ts';

/** Management §4: DONE success, TO DO danger, QA warning, IN PROGRESS info. */
const statusColor: Record<TaskStatus, string> = {
  DONE: 'green',
  'TO DO': 'red',
  QA: 'yellow',
  'IN PROGRESS': 'blue',
};

export function TaskStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={statusColor[status as TaskStatus] ?? 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {status}
    </Badge>
  );
}
