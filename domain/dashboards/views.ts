import { type Static, Type } from 'typebox';
import { Cents, Minutes, TimeFigures, TimeShares } from '../accounting/views.ts';
import { Day, Id, Instant, NamedPerson, Name, Nullable, TimeZone } from '../shared/schema.ts';
import { TaskId } from '../tasks/events.ts';
import { TIMELOG_SOURCES } from '../time-tracking/events.ts';
import { TIMESHEET_STATUSES } from '../timesheets/timesheet.ts';
import { WEEKDAYS } from './range.ts';

/**
 * What the dashboards' API answers (api/routes/dashboards.ts) and the web app
 * reads: the accounting rule's whole minutes and cents (domain/accounting);
 * days are local calendar days of the person who tracked.
 */
const Range = Type.Object({ from: Day, to: Day });
const WeekdayTotals = Type.Object({ weekday: Type.Enum(WEEKDAYS), ...TimeFigures.properties });
/** A person's timesheets of a range's ended periods (rangeTimesheetStatus): Approved when all are, else the earliest one's that is not; null while none has ended. */
export const RangeTimesheet = Nullable(Type.Enum(TIMESHEET_STATUSES));
const PersonTotals = Type.Object({ ...NamedPerson.properties, ...TimeFigures.properties, timesheet: RangeTimesheet });

/** Totals of a range with the parts' shares, and whether the desktop agent saw application usage in it (the unproductive part is shown then). */
const RangeTotals = Type.Object({ ...TimeFigures.properties, shares: TimeShares, usageSeen: Type.Boolean() });

export const TeamDashboard = Type.Object({
  range: Range,
  /** The team shown; null: every team the viewer may see (for an Admin, the whole company). */
  team: Nullable(Type.Object({ teamId: Id, name: Name })),
  totals: RangeTotals,
  /** The projects with the most time, most first (up to 50); `prefix`: the project's short id, which its task ids start with. */
  topProjects: Type.Array(Type.Object({ projectId: Id, prefix: Type.String(), projectName: Name, trackedMinutes: Minutes })),
  /** The team's people with no time in the range. */
  untracked: Type.Array(Type.Object({ ...NamedPerson.properties, timesheet: RangeTimesheet })),
  /** Monday to Sunday, each the sum over the range's days of that weekday. */
  trend: Type.Array(WeekdayTotals),
  /** The top 4 of each kind. */
  topUsers: Type.Object({
    mostProductive: Type.Array(Type.Object({ ...PersonTotals.properties, percent: Type.Number() })),
    mostUnproductive: Type.Array(Type.Object({ ...PersonTotals.properties, percent: Type.Number() })),
    mostHours: Type.Array(PersonTotals),
    leastHours: Type.Array(PersonTotals),
    mostIdle: Type.Array(PersonTotals),
  }),
});
export type TeamDashboard = Static<typeof TeamDashboard>;

export const DaySummary = Type.Object({
  day: Day,
  ...TimeFigures.properties,
  /** Of the tracked minutes, those of approved manual time (regularization). */
  manualMinutes: Minutes,
  /** The hourly rate of the day's time, in cents; the latest when it changed during the day; null with no rate. */
  rateCents: Nullable(Cents),
  earningsCents: Cents,
  firstStart: Nullable(Instant),
  lastEnd: Nullable(Instant),
  /** In a period whose timesheet is approved: its time can no longer change. */
  locked: Type.Boolean(),
});
export type DaySummary = Static<typeof DaySummary>;

export const IndividualDashboard = Type.Object({
  range: Range,
  person: Type.Object({
    ...NamedPerson.properties,
    /** The zone of their latest session in the range (else the company's): the timeline's hours are in it. */
    timeZone: TimeZone,
    timesheet: RangeTimesheet,
  }),
  totals: Type.Object({ ...RangeTotals.properties, manualMinutes: Minutes, earningsCents: Cents }),
  /** Every day of the range, the empty ones too. */
  days: Type.Array(DaySummary),
  trend: Type.Array(WeekdayTotals),
  /** Work bars: each time-log entry of the range, with the minutes it shows. */
  timeline: Type.Array(Type.Object({ day: Day, start: Instant, end: Instant, trackedMinutes: Minutes, projectName: Name, taskName: Name })),
});
export type IndividualDashboard = Static<typeof IndividualDashboard>;

export const DayDetail = Type.Object({
  day: Day,
  /** The day as the dashboards show it: its entries add up to it. */
  totals: Type.Object({ ...TimeFigures.properties, manualMinutes: Minutes, earningsCents: Cents }),
  /** The time-log entries (a session's part of the day; cut where the rate changed), each with its share of the day's minutes and cents. */
  entries: Type.Array(
    Type.Object({
      start: Instant,
      end: Instant,
      trackedMinutes: Minutes,
      idleMinutes: Minutes,
      /** Cents per hour; null with no rate. */
      rateCents: Nullable(Cents),
      earningsCents: Cents,
      projectName: Name,
      taskId: TaskId,
      taskName: Name,
      timeZone: TimeZone,
      source: Type.Enum(TIMELOG_SOURCES),
      abandoned: Type.Boolean(),
    }),
  ),
  punches: Type.Array(Type.Object({ at: Instant, state: Type.Union([Type.Literal('punchin'), Type.Literal('punchout')]), timeZone: TimeZone })),
});
export type DayDetail = Static<typeof DayDetail>;

/** The people whose dashboards the viewer may open (the member picker). */
export const DashboardPeople = Type.Array(NamedPerson);
export type DashboardPeople = Static<typeof DashboardPeople>;
