import { Badge, EmptyState, Group, LoadingOverlay, Pagination, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AttendanceRecords } from '../../../../domain/attendance/views.ts';
import { formatClock } from '../../shared/format/formatClock';
import { formatDay } from '../../shared/format/formatDay';
import { formatDuration } from '../../shared/format/formatDuration';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { attendanceRecordsQueryOptions } from './attendanceRecordsQueryOptions';

const PAGE_SIZE = 10;

type AttendanceRecord = AttendanceRecords['rows'][number];

interface AttendanceRecordsTableProps {
  companyId: string;
  search: string;
  day: string | null;
}

/** The Time & Attendance table (management §2), a page at a time; times in the zone each day was recorded in. */
export function AttendanceRecordsTable({ companyId, search, day }: AttendanceRecordsTableProps) {
  // A page belongs to one search and day: another starts again at page 1.
  const filterKey = JSON.stringify([search, day]);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const records = useQuery(attendanceRecordsQueryOptions(companyId, { search, day, page, pageSize: PAGE_SIZE }));

  if (records.isError) return <LoadFailedAlert error={records.error} />;
  if (records.isPending) {
    return (
      <Stack gap="xs" aria-label="Loading attendance records">
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} h={40} />
        ))}
      </Stack>
    );
  }

  const { rows, total } = records.data;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" pos="relative">
        <LoadingOverlay visible={records.isPlaceholderData} overlayProps={{ blur: 1 }} />
        {rows.length === 0 ? (
          <EmptyState title="No attendance records found" description={search || day ? 'Try another search or day.' : undefined} py="xl" />
        ) : (
          // A table that scrolls sideways (a phone) is reached and scrolled by keyboard too: it has no control of its own to focus.
          <Table.ScrollContainer minWidth={900} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Attendance records' } }}>
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Staff Name</Table.Th>
                  <Table.Th>Location</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Check In</Table.Th>
                  <Table.Th>Check Out</Table.Th>
                  {/* Management §2's headers: the time punched in, and the time tracked less idle. */}
                  <Table.Th>Work time</Table.Th>
                  <Table.Th>Tracked</Table.Th>
                  <Table.Th>Active Hours</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={`${row.userId} ${row.day}`}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {row.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {row.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" title={row.timeZone}>
                        {row.location}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.day)}</Table.Td>
                    <Table.Td>{row.checkIn ? formatClock(row.checkIn, row.timeZone) : '—'}</Table.Td>
                    <Table.Td>
                      <CheckOut row={row} />
                    </Table.Td>
                    <Table.Td>{formatDuration(row.punchedMinutes)}</Table.Td>
                    <Table.Td>{formatDuration(row.trackedMinutes)}</Table.Td>
                    <Table.Td>{formatDuration(row.activeMinutes)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {total} {total === 1 ? 'record' : 'records'} · times in each person's own zone
        </Text>
        {pageCount > 1 && (
          <Pagination
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={(next) => setPaging({ filterKey, page: next })}
            aria-label="Attendance records pages"
          />
        )}
      </Group>
    </Stack>
  );
}

/** The last punch out; a punch in never punched out says so, and one still open today that the person is in. */
function CheckOut({ row }: { row: AttendanceRecord }) {
  const time = row.checkOut ? formatClock(row.checkOut, row.timeZone) : null;
  if (row.missingPunchOut) {
    return (
      <Group gap={6} wrap="nowrap">
        {time}
        <Badge variant="light" color="orange" tt="none">
          Missing punch out
        </Badge>
      </Group>
    );
  }
  if (time) return <>{time}</>;
  return row.checkIn ? (
    <Text size="sm" c="dimmed">
      Punched in
    </Text>
  ) : (
    <>—</>
  );
}
