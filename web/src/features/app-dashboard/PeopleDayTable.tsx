import { Anchor, Table } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ApiAnswer } from '../../lib/api';
import { formatClock } from '../../shared/format/formatClock';
import { formatHm } from './formatHm';
import { formatHms } from './formatHms';

type PersonDay = ApiAnswer<'get', '/api/companies/{companyId}/application-dashboard/team'>['people'][number];

const clock = (at: string | null, zone: string) => (at ? formatClock(at, zone) : '—');

/** Each person's day in the team: their totals (the API's minutes; the break to the second) and punches (in their zone), a link to their own view. */
export function PeopleDayTable({ people, day }: { people: readonly PersonDay[]; day: string }) {
  return (
    <Table.ScrollContainer minWidth={900} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Each person’s day' } }}>
      <Table verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Total Time Tracked</Table.Th>
            <Table.Th>Productive</Table.Th>
            <Table.Th>Idle</Table.Th>
            <Table.Th>Unproductive</Table.Th>
            <Table.Th>Break</Table.Th>
            <Table.Th>Punch In</Table.Th>
            <Table.Th>Punch Out</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => (
            <Table.Tr key={person.userId}>
              <Table.Td>
                <Anchor renderRoot={(props) => <Link to="/application-dashboard" search={{ user: person.userId, day }} {...props} />}>{person.name}</Anchor>
              </Table.Td>
              <Table.Td>{formatHm(person.trackedMinutes)}</Table.Td>
              <Table.Td>{formatHm(person.productiveMinutes)}</Table.Td>
              <Table.Td>{formatHm(person.idleMinutes)}</Table.Td>
              <Table.Td>{formatHm(person.unproductiveMinutes)}</Table.Td>
              <Table.Td>{formatHms(person.breakMs)}</Table.Td>
              <Table.Td>{clock(person.punchIn, person.timeZone)}</Table.Td>
              <Table.Td>{clock(person.punchOut, person.timeZone)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
