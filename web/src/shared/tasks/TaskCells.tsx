import { Anchor, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatEta } from './formatEta';
import { taskPageParams } from './taskPageParams';
import { TaskPriorityBadge } from './TaskPriorityBadge';
import { TaskStatusBadge } from './TaskStatusBadge';
import type { TaskSummary } from './TaskSummary';

/** A link to a task's page (/:projectName/:taskId). */
export function TaskLink({ projectName, taskId, plain, children }: { projectName: string; taskId: string; plain?: boolean; children: ReactNode }) {
  return (
    <Anchor
      size="sm"
      fw={plain ? undefined : 500}
      c={plain ? 'inherit' : undefined}
      renderRoot={(props) => <Link to="/$projectName/$taskId" params={taskPageParams(projectName, taskId)} {...props} />}
    >
      {children}
    </Anchor>
  );
}

/** The status, priority, ETA and assignee cells of a task row, as the projects page and /manage-tasks show them. */
export function TaskStateCells({ task }: { task: TaskSummary }) {
  return (
    <>
      <Table.Td>
        <TaskStatusBadge status={task.status} />
      </Table.Td>
      <Table.Td>
        <TaskPriorityBadge priority={task.priority} />
      </Table.Td>
      <Table.Td>{formatEta(task.eta) || <Text span c="dimmed">—</Text>}</Table.Td>
      <Table.Td>{task.assignee.name || <Text span c="dimmed">Former member</Text>}</Table.Td>
    </>
  );
}
