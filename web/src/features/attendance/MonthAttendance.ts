import type { ApiAnswer } from '../../lib/api';

/** One person's month of attendance: every day with its status and punches, and the counts. */
export type MonthAttendance = ApiAnswer<'get', '/api/companies/{companyId}/attendance/month'>;

export type AttendanceDay = MonthAttendance['days'][number];

export type PunchPair = AttendanceDay['pairs'][number];
