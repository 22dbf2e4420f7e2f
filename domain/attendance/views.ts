import { type Static, Type } from 'typebox';
import { TEAM_DAY_GROUPS, type TeamDayGroup } from './day-groups.ts';
import { Minutes } from '../accounting/views.ts';
import { Count, Day, Email, Id, Instant, Name, Nullable, TimeZone } from '../shared/schema.ts';
import { DAY_STATUSES } from './day-status.ts';
import { TIMESHEET_STATUSES } from '../timesheets/timesheet.ts';

export { TEAM_DAY_GROUPS, type TeamDayGroup };

/**
 * What the attendance API answers (api/routes/attendance.ts) and the web app
 * reads. Durations are the whole minutes every page shows (domain/accounting);
 * days are local calendar days of the person, instants are UTC (shown in the
 * person's zone).
 */

/**
 * A punch in and its punch out as they fall on one local day. A pair over
 * midnight is cut there, as the timer's sessions are: the first day's part
 * `continues` (its out is midnight), the next day's is `continued` (its in is
 * midnight). `out` is null while the punch is open, and stays null on a day
 * whose punch in was never punched out (a missing punch out).
 */
export const PunchPair = Type.Object({
  in: Instant,
  out: Nullable(Instant),
  continued: Type.Boolean(),
  continues: Type.Boolean(),
});
export type PunchPair = Static<typeof PunchPair>;

export const AttendanceDay = Type.Object({
  day: Day,
  status: Type.Enum(DAY_STATUSES),
  /** The holiday's name, on a public or company holiday where the person works. */
  holiday: Nullable(Name),
  /** The zone the day's punches and time were recorded in; null on a day with neither. */
  timeZone: Nullable(TimeZone),
  pairs: Type.Array(PunchPair),
  /** A punch in of this day that was never punched out (today's open punch is not missing yet). */
  missingPunchOut: Type.Boolean(),
  /** The first punch in and the last punch out of the day. */
  checkIn: Nullable(Instant),
  checkOut: Nullable(Instant),
  /** Punched time: the work time (an open punch counts to the last tracked activity of its day, or to now today). */
  punchedMinutes: Minutes,
  /** Tracked time, and the part of it that was not idle (active hours), as the dashboards show them. */
  trackedMinutes: Minutes,
  idleMinutes: Minutes,
  activeMinutes: Minutes,
  /** Whether the punched time reaches the company's daily threshold. */
  meetsThreshold: Type.Boolean(),
});
export type AttendanceDay = Static<typeof AttendanceDay>;

export const StatusCounts = Type.Object({
  present: Count,
  absent: Count,
  weekOff: Count,
  holiday: Count,
  sickLeave: Count,
  paidLeave: Count,
  casualLeave: Count,
  leave: Count,
});
export type StatusCounts = Static<typeof StatusCounts>;

export const AttendancePerson = Type.Object({ userId: Id, name: Name, email: Email });
export type AttendancePerson = Static<typeof AttendancePerson>;

/** One person's month: every day of it, first to last. */
export const MonthAttendance = Type.Object({
  person: Type.Object({ ...AttendancePerson.properties, timeZone: TimeZone }),
  /** YYYY-MM. */
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
  /** The person's local today: later days are 'future'. */
  today: Day,
  thresholdMinutes: Minutes,
  days: Type.Array(AttendanceDay),
  counts: StatusCounts,
  /** The person's approved timesheets whose periods reach into the month: their days are locked. */
  lockedPeriods: Type.Array(Type.Object({ start: Day, end: Day })),
});
export type MonthAttendance = Static<typeof MonthAttendance>;

/** A team's attendance per day, newest first. */
export const TeamAttendance = Type.Object({
  team: Type.Object({ teamId: Id, name: Name }),
  thresholdMinutes: Minutes,
  days: Type.Array(Type.Object({ day: Day, present: Count, absent: Count, notCompleted: Count })),
});
export type TeamAttendance = Static<typeof TeamAttendance>;


export const TeamDayPeople = Type.Object({ people: Type.Array(AttendancePerson) });
export type TeamDayPeople = Static<typeof TeamDayPeople>;

/** The Time & Attendance table (management §2): one row per person and day they were present. */
export const AttendanceRecords = Type.Object({
  rows: Type.Array(
    Type.Object({
      ...AttendancePerson.properties,
      day: Day,
      /** Where the person was, by the zone of the day's punches: its city, e.g. 'Kolkata'. */
      location: Name,
      timeZone: TimeZone,
      checkIn: Nullable(Instant),
      checkOut: Nullable(Instant),
      missingPunchOut: Type.Boolean(),
      punchedMinutes: Minutes,
      trackedMinutes: Minutes,
      activeMinutes: Minutes,
      /** The status of the person's timesheet holding the day. */
      timesheet: Type.Enum(TIMESHEET_STATUSES),
    }),
  ),
  total: Count,
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
});
export type AttendanceRecords = Static<typeof AttendanceRecords>;
