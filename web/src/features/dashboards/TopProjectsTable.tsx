import { Table } from '@mantine/core';
import type { TeamDashboard } from '../../shared/dashboards/DashboardViews';
import { formatDuration } from '../../shared/format/formatDuration';

/** The projects with the most time (core §2): ID (the project's short id, its tasks' prefix), Title, Hours. */
export function TopProjectsTable({ projects }: { projects: TeamDashboard['topProjects'] }) {
  return (
    <Table striped highlightOnHover verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={90}>ID</Table.Th>
          <Table.Th>Title</Table.Th>
          <Table.Th ta="right">Hours</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {projects.map((project) => (
          <Table.Tr key={project.projectId}>
            <Table.Td ff="monospace">{project.prefix}</Table.Td>
            <Table.Td>{project.projectName}</Table.Td>
            <Table.Td ta="right">{formatDuration(project.trackedMinutes)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
