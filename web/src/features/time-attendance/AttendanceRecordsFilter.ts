/** What the Time & Attendance table asks for: a name or e-mail search, one day or all, and a page. */
export interface AttendanceRecordsFilter {
  search: string;
  /** YYYY-MM-DD, or null for every day. */
  day: string | null;
  page: number;
  pageSize: number;
}
