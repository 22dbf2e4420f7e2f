import { stringSearch } from '../../lib/stringSearch';

/** /userAttendance's view in the URL, so a link reproduces it: `month` (YYYY-MM) and `user`, the person shown. */
export interface AttendanceSearch {
  month?: string;
  user?: string;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Keeps a well-formed month and the person; anything else shows the current month of the viewer. */
export function attendanceSearch(search: Record<string, unknown>): AttendanceSearch {
  const { month, user } = stringSearch('month', 'user')(search);
  return { ...(month && MONTH.test(month) ? { month } : {}), ...(user ? { user } : {}) };
}
