import { api } from '../../lib/api';

/** The attendance calls of /userAttendance (api/attendance/routes.ts). */
export const attendanceApi = {
  month: (companyId: string, userId: string, month: string) =>
    api.get('/api/companies/{companyId}/attendance/month', { path: { companyId }, query: { month, userId } }),
};
