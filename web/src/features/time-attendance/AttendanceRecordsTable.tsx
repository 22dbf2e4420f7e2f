import { Badge, EmptyState, Flex, Group, LoadingOverlay, Pagination, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AttendanceRecords } from '../../../../domain/attendance/views.ts';
import { formatClock } from '../../shared/format/formatClock';
import { formatDay } from '../../shared/format/formatDay';
import { formatDuration } from '../../shared/format/formatDuration';
import { TimesheetStatusBadge } from '../../shared/timesheets/TimesheetStatusBadge';
import { LoadFailedAlert } from '../../shared/ui/LoadFailedAlert';
import { NameAndEmail } from '../../shared/ui/NameAndEmail';
import { ResponsiveTable, type ResponsiveTableColumn } from '../../shared/ui/ResponsiveTable';
import { attendanceRecordsQueryOptions } from './attendanceRecordsQueryOptions';

const PAGE_SIZE = 10;

type AttendanceRecord = AttendanceRecords['rows'][number];

const COLUMNS: ResponsiveTableColumn<AttendanceRecord>[] = [
  {
    header: 'Staff Name',
    wide: true,
    cell: (row) => <NameAndEmail name={row.name} email={row.email} />,
  },
  {
    header: 'Location',
    cell: (row) => (
      <Text size="sm" title={row.timeZone}>
        {row.location}
      </Text>
    ),
  },
  { header: 'Date', nowrap: true, cell: (row) => formatDay(row.day) },
  { header: 'Check In', cell: (row) => (row.checkIn ? formatClock(row.checkIn, row.timeZone) : '—') },
  { header: 'Check Out', cell: (row) => <CheckOut row={row} /> },
  // Management §2's headers: the time punched in, and the time tracked less idle.
  { header: 'Work time', cell: (row) => formatDuration(row.punchedMinutes) },
  { header: 'Tracked', cell: (row) => formatDuration(row.trackedMinutes) },
  { header: 'Active Hours', cell: (row) => formatDuration(row.activeMinutes) },
  { header: 'Timesheet', nowrap: true, cell: (row) => <TimesheetStatusBadge status={row.timesheet} /> },
];

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
          <ResponsiveTable label="Attendance records" columns={COLUMNS} rows={rows} rowKey={(row) => `${row.userId} ${row.day}`} minWidth={1020} highlightOnHover />
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
      // On a phone's card the badge may go under the time.
      <Flex gap={6} align="center" wrap={{ base: 'wrap', xs: 'nowrap' }}>
        {time}
        <Badge variant="light" color="orange" tt="none">
          Missing punch out
        </Badge>
      </Flex>
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
