import { Badge, Button, Table, VisuallyHidden } from '@mantine/core';
import { formatDuration } from '../../shared/format/formatDuration';
import { TimesheetStatusBadge } from '../../shared/timesheets/TimesheetStatusBadge';
import { formatUtilization } from './formatUtilization';
import type { PerformancePerson } from './performanceApi';

interface PerformanceTableProps {
  people: PerformancePerson[];
  onRequestMonitoring: (person: PerformancePerson) => void;
}

/** A row per person: their hours, utilization, whether the desktop agent reported on them, their timesheets of the range's ended periods, and asking them to enable the agent. */
export function PerformanceTable({ people, onRequestMonitoring }: PerformanceTableProps) {
  return (
    <Table.ScrollContainer minWidth={1020}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th ta="right">Work</Table.Th>
            <Table.Th ta="right">Productive</Table.Th>
            <Table.Th ta="right">Idle</Table.Th>
            <Table.Th ta="right">Unproductive</Table.Th>
            <Table.Th ta="right">Utilization</Table.Th>
            <Table.Th>Desktop Agent</Table.Th>
            <Table.Th>Timesheets</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => (
            <Table.Tr key={person.userId}>
              <Table.Td>{person.name}</Table.Td>
              <Table.Td ta="right">{formatDuration(person.trackedMinutes)}</Table.Td>
              <Table.Td ta="right">{formatDuration(person.productiveMinutes)}</Table.Td>
              <Table.Td ta="right">{formatDuration(person.idleMinutes)}</Table.Td>
              <Table.Td ta="right">{formatDuration(person.unproductiveMinutes)}</Table.Td>
              <Table.Td ta="right">{formatUtilization(person.utilizationPercent)}</Table.Td>
              <Table.Td>
                {person.desktopSeen ? (
                  <Badge color="teal" variant="light">
                    Data seen
                  </Badge>
                ) : (
                  <Badge color="gray" variant="light">
                    No data
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{person.timesheet ? <TimesheetStatusBadge status={person.timesheet} /> : '–'}</Table.Td>
              <Table.Td ta="right">
                {person.mayRequestMonitoring && (
                  <Button
                    size="compact-sm"
                    variant={person.desktopSeen ? 'subtle' : 'light'}
                    aria-label={`Request Monitoring from ${person.name}`}
                    onClick={() => onRequestMonitoring(person)}
                  >
                    Request Monitoring
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
