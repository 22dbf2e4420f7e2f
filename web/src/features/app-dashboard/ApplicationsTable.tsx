import { Badge, Table } from '@mantine/core';
import { CATEGORY_LOOK } from '../../shared/app-dashboard/categoryColors';
import { formatHms } from './formatHms';
import type { ApplicationTime } from './ApplicationTime';

/** Time per application, most first: the time it was in front and the person not idle. */
export function ApplicationsTable({ applications }: { applications: readonly ApplicationTime[] }) {
  return (
    <Table.ScrollContainer minWidth={300} mah={360} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Time per application' } }}>
      <Table verticalSpacing="xs" stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Application Name</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th ta="right">Time Spent</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {applications.map((app) => (
            <Table.Tr key={app.application}>
              <Table.Td>{app.application}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={CATEGORY_LOOK[app.category].color}>
                  {CATEGORY_LOOK[app.category].label}
                </Badge>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatHms(app.activeMs)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
