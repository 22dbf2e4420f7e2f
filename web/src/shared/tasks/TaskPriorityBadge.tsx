import { Badge } from '@mantine/core';

/** P1 (most urgent) to P4. */
export function TaskPriorityBadge({ priority }: { priority: string }) {
  return (
    <Badge variant="outline" color={priority === 'P1' ? 'red' : 'gray'}>
      {priority}
    </Badge>
  );
}
