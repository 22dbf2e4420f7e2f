import { type Static, Type } from 'typebox';
import type { DomainEvent } from '../shared/decider.ts';
import { Person } from '../shared/request-schema.ts';
import { Closed, Count, Day, Id, Instant, Text } from '../shared/schema.ts';
import { MAX_NOTE_LENGTH } from './limits.ts';


const Weekday = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4), Type.Literal(5), Type.Literal(6), Type.Literal(7)]);

/** How a company cuts time into periods (see periods.ts); a start day is an ISO weekday, 1 Monday … 7 Sunday. */
export const PeriodRule = Type.Union([
  Closed({ kind: Type.Union([Type.Literal('weekly'), Type.Literal('biweekly')]), startDay: Weekday }),
  Closed({ kind: Type.Union([Type.Literal('semimonthly'), Type.Literal('monthly')]) }),
]);

/** A person's timesheet for one period: who, which local days, when and by whom. */
const ref = { companyId: Id, userId: Id, start: Day, end: Day, by: Person, at: Instant };

/** The period’s figures as they were approved, in the units the dashboards count (minutes, cents), by the one accounting rule. */
export const PeriodTotals = Closed({ trackedMinutes: Count, manualMinutes: Count, idleMinutes: Count, earningsCents: Count });
export type PeriodTotals = Static<typeof PeriodTotals>;

export const TimesheetSubmitted = Closed({ ...ref, note: Text(MAX_NOTE_LENGTH), approver: Person });
export const TimesheetApproved = Closed({ ...ref, totals: PeriodTotals });
export const TimesheetRejected = Closed({ ...ref, reason: Text(MAX_NOTE_LENGTH) });
export const TimesheetReopened = Closed({ ...ref, reason: Text(MAX_NOTE_LENGTH) });
/** The server moved a submitted timesheet on from an approver who can no longer decide it (they left, or lost the role). */
export const TimesheetReassigned = Closed({ companyId: Id, userId: Id, start: Day, from: Person, to: Person, at: Instant });
/**
 * Time of one of the period's days changed (a timer, an agent's batch, manual
 * time): written beside the change, at the timesheet's expected version, so
 * that a change and an approval at the same moment cannot both succeed.
 */
export const TimesheetTimeChanged = Closed({ companyId: Id, userId: Id, start: Day, days: Type.Array(Day, { minItems: 1, maxItems: 62 }), change: Text(100), at: Instant });

/**
 * The period's working time as approved (domain/working-time): each day's
 * target and worked minutes by the rules of that moment. Written with the
 * approval; while the period stays approved the balance counts these, so a
 * later change of contract, holiday or rule leaves an approved period's
 * balance as it was.
 */
export const TimesheetBalanceRecorded = Closed({
  companyId: Id,
  userId: Id,
  start: Day,
  days: Type.Array(Closed({ day: Day, targetMinutes: Count, workedMinutes: Count }), { maxItems: 62 }),
});
export type RecordedBalanceDay = Static<typeof TimesheetBalanceRecorded>['days'][number];

export type TimesheetEvent =
  | DomainEvent<'TimesheetSubmitted', Static<typeof TimesheetSubmitted>>
  | DomainEvent<'TimesheetApproved', Static<typeof TimesheetApproved>>
  | DomainEvent<'TimesheetRejected', Static<typeof TimesheetRejected>>
  | DomainEvent<'TimesheetReopened', Static<typeof TimesheetReopened>>
  | DomainEvent<'TimesheetReassigned', Static<typeof TimesheetReassigned>>
  | DomainEvent<'TimesheetTimeChanged', Static<typeof TimesheetTimeChanged>>
  | DomainEvent<'TimesheetBalanceRecorded', Static<typeof TimesheetBalanceRecorded>>;

export const timesheetEventSchemas = { TimesheetSubmitted, TimesheetApproved, TimesheetRejected, TimesheetReopened, TimesheetReassigned, TimesheetTimeChanged, TimesheetBalanceRecorded };

/** One person's timesheet for one period, named by its first local day: short, whatever the years behind it. */
export const timesheetStream = (companyId: string, userId: string, start: string) => `timesheet-${companyId}-${userId}-${start}`;
