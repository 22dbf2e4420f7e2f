import { type Static, Type } from 'typebox';
import type { DomainEvent } from '../shared/decider.ts';
import { ChangedBy } from '../projects/events.ts';
import { Closed, Day, Id, Instant, Nullable } from '../shared/schema.ts';
import { PeriodRule } from '../timesheets/events.ts';
import { MAX_REMINDER_DAYS } from '../timesheets/reminders.ts';

/** Each event says who changed the setting (as the settings page and the leave policy card show them) and when, by the deciding clock. */
const change = { companyId: Id, by: ChangedBy, at: Instant };

/** The working time a day needs to count as complete (team attendance's "Working Hrs. Not Completed"). */
export const DailyThresholdSet = Closed({ ...change, minutes: Type.Integer({ minimum: 60, maximum: 24 * 60 }) });
/** Whether the desktop agent takes screenshots (stored now, used by the agent later). */
export const ScreenshotsSet = Closed({ ...change, enabled: Type.Boolean() });
/** How many days screenshots are kept before the retention sweep removes them; null: kept until their person deletes them. */
export const ScreenshotRetentionSet = Closed({ ...change, days: Nullable(Type.Integer({ minimum: 1, maximum: 3_650 })) });
/** A year's paid leave allocation, per person. */
export const LeavePolicySet = Closed({ ...change, year: Type.Integer({ minimum: 2023, maximum: 9999 }), paidLeaveDays: Type.Integer({ minimum: 0, maximum: 365 }) });

/** How timesheet periods are cut from `from` on: the first day after the period in which it was set. */
export const TimesheetPeriodSet = Closed({ ...change, rule: PeriodRule, from: Day });
/** How many days after a period ends its timesheet reminders go out; null: none. */
export const TimesheetRemindersSet = Closed({ ...change, days: Nullable(Type.Integer({ minimum: 0, maximum: MAX_REMINDER_DAYS })) });

export type SettingsEvent =
  | DomainEvent<'DailyThresholdSet', Static<typeof DailyThresholdSet>>
  | DomainEvent<'ScreenshotsSet', Static<typeof ScreenshotsSet>>
  | DomainEvent<'ScreenshotRetentionSet', Static<typeof ScreenshotRetentionSet>>
  | DomainEvent<'LeavePolicySet', Static<typeof LeavePolicySet>>
  | DomainEvent<'TimesheetPeriodSet', Static<typeof TimesheetPeriodSet>>
  | DomainEvent<'TimesheetRemindersSet', Static<typeof TimesheetRemindersSet>>;

export const settingsEventSchemas = { DailyThresholdSet, ScreenshotsSet, ScreenshotRetentionSet, LeavePolicySet, TimesheetPeriodSet, TimesheetRemindersSet };

/** One company's settings and leave policies. */
export const companySettingsStream = (companyId: string) => `company-settings-${companyId}`;
