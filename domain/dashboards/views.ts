import { type Static, Type } from 'typebox';
import { Day, Id, Instant, NamedPerson, Name, Nullable, TimeZone } from '../shared/schema.ts';
import { TaskId } from '../tasks/events.ts';
import { TIMELOG_SOURCES } from '../time-tracking/events.ts';
import { WEEKDAYS } from './range.ts';

/**
 * What the dashboards' API answers (api/routes/dashboards.ts) and the web app
 * reads. Durations are whole milliseconds, money whole cents; days are local
 * calendar days of the person who tracked.
 */
const Ms = Type.Integer({ minimum: 0 });
const Cents = Type.Integer({ minimum: 0 });

export const TimeTotals = Type.Object({ trackedMs: Ms, idleMs: Ms, productiveMs: Ms });
export type TimeTotals = Static<typeof TimeTotals>;

const Range = Type.Object({ from: Day, to: Day });
const WeekdayTotals = Type.Object({ weekday: Type.Enum(WEEKDAYS), ...TimeTotals.properties });
const PersonTotals = Type.Object({ ...NamedPerson.properties, ...TimeTotals.properties });

export const TeamDashboard = Type.Object({
  range: Range,
  /** The team shown; null: every team the viewer may see (for an Admin, the whole company). */
  team: Nullable(Type.Object({ teamId: Id, name: Name })),
  totals: TimeTotals,
  /** The projects with the most time, most first (up to 50); `prefix`: the project's short id, which its task ids start with. */
  topProjects: Type.Array(Type.Object({ projectId: Id, prefix: Type.String(), projectName: Name, trackedMs: Ms })),
  /** The team's people with no time in the range. */
  untracked: Type.Array(NamedPerson),
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
  ...TimeTotals.properties,
  /** The hourly rate of the day's time, in cents; the latest when it changed during the day; null with no rate. */
  rateCents: Nullable(Cents),
  earningsCents: Cents,
  firstStart: Nullable(Instant),
  lastEnd: Nullable(Instant),
});
export type DaySummary = Static<typeof DaySummary>;

export const IndividualDashboard = Type.Object({
  range: Range,
  person: Type.Object({
    ...NamedPerson.properties,
    /** The zone of their latest session in the range (else the company's): the timeline's hours are in it. */
    timeZone: TimeZone,
  }),
  totals: Type.Object({ ...TimeTotals.properties, earningsCents: Cents }),
  /** Every day of the range, the empty ones too. */
  days: Type.Array(DaySummary),
  trend: Type.Array(WeekdayTotals),
  /** Work bars: each time-log entry of the range. */
  timeline: Type.Array(Type.Object({ day: Day, start: Instant, end: Instant, trackedMs: Ms, projectName: Name, taskName: Name })),
});
export type IndividualDashboard = Static<typeof IndividualDashboard>;

export const DayDetail = Type.Object({
  day: Day,
  entries: Type.Array(
    Type.Object({
      start: Instant,
      end: Instant,
      trackedMs: Ms,
      idleMs: Ms,
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
