import { Anchor, ScrollArea, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatEta } from '../tasks/formatEta';
import { taskPageParams } from '../tasks/taskPageParams';
import { TaskPriorityBadge } from '../tasks/TaskPriorityBadge';
import { TaskStatusBadge } from '../tasks/TaskStatusBadge';
import type { Project } from './Project';

/** One project's tasks in its accordion panel, each linking to its task page. */
export function ProjectTasksTable({ project }: { project: Project }) {
  if (project.tasks.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        No Tasks Created Yet
      </Text>
    );
  }
  return (
    // A long project scrolls inside its panel, so the other projects stay within reach.
    <ScrollArea.Autosize mah={520} type="auto">
      <Table miw={640} verticalSpacing="xs" highlightOnHover stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={100}>Task ID</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th w={140}>Status</Table.Th>
            <Table.Th w={90}>Priority</Table.Th>
            <Table.Th w={120}>ETA</Table.Th>
            <Table.Th w={180}>Assignee</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {project.tasks.map((task) => (
            <Table.Tr key={task.taskId}>
              <Table.Td>
                <Anchor
                  size="sm"
                  fw={500}
                  renderRoot={(props) => <Link to="/$projectName/$taskId" params={taskPageParams(project.name, task.taskId)} {...props} />}
                >
                  {task.taskId}
                </Anchor>
              </Table.Td>
              <Table.Td>{task.title}</Table.Td>
              <Table.Td>
                <TaskStatusBadge status={task.status} />
              </Table.Td>
              <Table.Td>
                <TaskPriorityBadge priority={task.priority} />
              </Table.Td>
              <Table.Td>{formatEta(task.eta) || <Text span c="dimmed">—</Text>}</Table.Td>
              <Table.Td>{task.assignee.name || <Text span c="dimmed">Former member</Text>}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
