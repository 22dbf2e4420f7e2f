import { Temporal } from 'temporal-polyfill';
import { mayRun } from '../members/authorization.ts';
import type { Role } from '../members/roles.ts';
import { type Period, type PeriodSchedule, periodOf, previousPeriod } from './periods.ts';
import type { TimesheetStatus } from './timesheet.ts';

/** Days after a period ends before its reminders go out, for a company that chose nothing. */
export const DEFAULT_REMINDER_DAYS = 2;
export const MAX_REMINDER_DAYS = 14;
/** Reminders go out from this hour of the company's local day, not at midnight. */
export const REMINDER_HOUR = 9;
/**
 * A period's reminders go out on their day or, after a server was down, on
 * the days after it, up to this many days in all: an older period is left
 * alone, so turning reminders on or shortening the wait never mails about it.
 */
export const REMINDER_DAYS_TO_CATCH_UP = 3;

/** The local day a period's reminders go out: `days` whole days after its last day has ended. */
export const reminderDay = (period: Period, days: number): string => Temporal.PlainDate.from(period.end).add({ days: days + 1 }).toString();

/**
 * The period whose reminders are due at `now` in the company's zone, if any:
 * the latest whose reminder day (at REMINDER_HOUR) has come, while it is
 * within REMINDER_DAYS_TO_CATCH_UP days. `days` null: the company sends none.
 */
export function periodDueForReminders(schedule: PeriodSchedule, days: number | null, now: Date, timeZone: string): Period | null {
  if (days === null) return null;
  const local = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone);
  const latestDay = local.hour >= REMINDER_HOUR ? local.toPlainDate() : local.toPlainDate().subtract({ days: 1 });
  // The last day a period may end on to be due: `days` + 1 days before the latest reminder day.
  const lastEnd = latestDay.subtract({ days: days + 1 }).toString();
  const holding = periodOf(schedule, lastEnd);
  const period = holding.end === lastEnd ? holding : previousPeriod(schedule, holding);
  if (!period) return null;
  const late = Temporal.PlainDate.from(reminderDay(period, days)).until(latestDay, { largestUnit: 'days' }).days;
  return late < REMINDER_DAYS_TO_CATCH_UP ? period : null;
}

/** A member of the company as the reminders need them. */
export interface ReminderMember {
  userId: string;
  name: string;
  email: string;
  role: Role;
  /** The local day they joined the company. */
  joinedOn: string;
}

/** A timesheet of the period that was ever submitted; a person without one has an open timesheet. */
export interface PeriodSheet {
  userId: string;
  status: TimesheetStatus;
  approverId: string | null;
}

/** Whom a period's reminders go to: who has not submitted, and each approver with the people whose timesheets wait for them. */
export interface RemindersDue {
  people: ReminderMember[];
  digests: { approver: ReminderMember; waiting: ReminderMember[] }[];
}

/** Submitted or approved: nothing is asked of the person any more. */
export const isHandedIn = (status: TimesheetStatus) => status === 'Submitted' || status === 'Approved';

const byName = (a: ReminderMember, b: ReminderMember) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId);

/**
 * Who a period's reminders are for, among the company's members now: each
 * person who tracks time, was a member before the period ended, and has not
 * submitted its timesheet (an open, rejected or reopened one); and each
 * member who was asked to approve timesheets of the period still waiting, with
 * those people (members still).
 */
export function remindersDue(period: Period, members: readonly ReminderMember[], sheets: readonly PeriodSheet[]): RemindersDue {
  const memberById = new Map(members.map((member) => [member.userId, member]));
  const handedIn = new Set(sheets.filter((sheet) => isHandedIn(sheet.status)).map((sheet) => sheet.userId));
  const people = members.filter((member) => mayRun(member.role, 'SubmitTimesheet') && member.joinedOn <= period.end && !handedIn.has(member.userId)).sort(byName);

  const waitingFor = new Map<string, ReminderMember[]>();
  for (const sheet of sheets) {
    const person = memberById.get(sheet.userId);
    if (sheet.status !== 'Submitted' || !sheet.approverId || !person || !memberById.has(sheet.approverId)) continue;
    waitingFor.set(sheet.approverId, [...(waitingFor.get(sheet.approverId) ?? []), person]);
  }
  const digests = [...waitingFor].map(([approverId, waiting]) => ({ approver: memberById.get(approverId)!, waiting: waiting.sort(byName) }));
  return { people, digests: digests.sort((a, b) => byName(a.approver, b.approver)) };
}
