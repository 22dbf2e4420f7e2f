import { ScrollArea, Table, Text } from '@mantine/core';
import { TaskLink, TaskStateCells } from '../../shared/tasks/TaskCells';
import type { Project } from '../../shared/projects/Project';

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
                <TaskLink projectName={project.name} taskId={task.taskId}>
                  {task.taskId}
                </TaskLink>
              </Table.Td>
              <Table.Td>{task.title}</Table.Td>
              <TaskStateCells task={task} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
