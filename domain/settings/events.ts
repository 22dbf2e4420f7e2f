import { type Static, Type } from 'typebox';
import type { DomainEvent } from '../shared/decider.ts';
import { ChangedBy } from '../projects/events.ts';
import { Closed, Day, Id, Instant, Nullable } from '../shared/schema.ts';
import { PeriodRule } from '../timesheets/events.ts';

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

export type SettingsEvent =
  | DomainEvent<'DailyThresholdSet', Static<typeof DailyThresholdSet>>
  | DomainEvent<'ScreenshotsSet', Static<typeof ScreenshotsSet>>
  | DomainEvent<'ScreenshotRetentionSet', Static<typeof ScreenshotRetentionSet>>
  | DomainEvent<'LeavePolicySet', Static<typeof LeavePolicySet>>
  | DomainEvent<'TimesheetPeriodSet', Static<typeof TimesheetPeriodSet>>;

export const settingsEventSchemas = { DailyThresholdSet, ScreenshotsSet, ScreenshotRetentionSet, LeavePolicySet, TimesheetPeriodSet };

/** One company's settings and leave policies. */
export const companySettingsStream = (companyId: string) => `company-settings-${companyId}`;
