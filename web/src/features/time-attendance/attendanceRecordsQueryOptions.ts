import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AttendanceRecordsFilter } from './AttendanceRecordsFilter';
import { timeAttendanceApi } from './timeAttendanceApi';

/** Under ['company', companyId, 'attendance'], so a change of the company's attendance reaches the open table. */
export const attendanceRecordsQueryOptions = (companyId: string, filter: AttendanceRecordsFilter) =>
  queryOptions({
    queryKey: ['company', companyId, 'attendance', 'records', filter],
    queryFn: () => timeAttendanceApi.records(companyId, filter),
    // Another page or search keeps the rows on screen, dimmed, until the new ones arrive.
    placeholderData: keepPreviousData,
  });
