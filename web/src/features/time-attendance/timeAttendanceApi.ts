import { api } from '../../lib/api';
import type { AttendanceRecordsFilter } from './AttendanceRecordsFilter';

/** The Time & Attendance call (api/attendance/routes.ts): the days people were present, newest first, a page at a time. */
export const timeAttendanceApi = {
  records: (companyId: string, { search, day, page, pageSize }: AttendanceRecordsFilter) =>
    api.get('/api/companies/{companyId}/attendance/records', {
      path: { companyId },
      query: { search: search || undefined, day: day ?? undefined, page, pageSize },
    }),
};
