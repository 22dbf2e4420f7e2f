import { FIRST_YEAR } from '../shared/calendar-day.ts';
import { DEFAULT_WORK_RULES } from '../attendance/day-status.ts';
import { authorize, isAllowed } from '../members/authorization.ts';
import { changedBy, type CommandBy } from '../projects/project.ts';
import type { Decider } from '../shared/decider.ts';
import { forbidden, invalid } from '../shared/errors.ts';
import type { SettingsEvent } from './events.ts';
import { DEFAULT_REMINDER_DAYS, MAX_REMINDER_DAYS } from '../timesheets/reminders.ts';
import { DEFAULT_SCHEDULE, nextPeriodStart, PERIOD_KINDS, type PeriodRule, type PeriodSchedule, withRuleFrom } from '../timesheets/periods.ts';

export const MAX_THRESHOLD_HOURS = 24;
export const MAX_PAID_LEAVE_DAYS = 365;

/** How long a company may keep screenshots: so many days, or null for as long as their people keep them. */
export const SCREENSHOT_RETENTION_CHOICES = [30, 90, 180, 365, null] as const;
export type ScreenshotRetention = (typeof SCREENSHOT_RETENTION_CHOICES)[number];
export const DEFAULT_SCREENSHOT_RETENTION_DAYS = 90;

export const settingsMessages = {
  thresholdInvalid: `Please enter a threshold between 1 and ${MAX_THRESHOLD_HOURS} hours`,
  paidLeaveDaysInvalid: 'Please enter a valid number of paid leave days',
  leavePolicyAdminOnly: 'Access denied: Only administrators can configure leave policy',
  yearInvalid: (latest: number) => `Please choose a year between ${FIRST_YEAR} and ${latest}`,
  retentionInvalid: 'Please choose how long screenshots are kept: 30, 90, 180 or 365 days, or until deleted.',
  periodInvalid: 'Please choose weekly or every two weeks with a start day, twice a month, or monthly.',
  remindersInvalid: `Please choose after how many days timesheet reminders go out: 0 to ${MAX_REMINDER_DAYS}, or off.`,
} as const;

/** A company's settings as its events leave them; a company that set nothing has the defaults. */
export interface SettingsState {
  thresholdMinutes: number;
  screenshotsEnabled: boolean;
  /** Days screenshots are kept; null: until their person deletes them. */
  screenshotRetentionDays: number | null;
  /** Year → paid leave days per person; a year without one has no policy. */
  paidLeaveDays: Readonly<Record<number, number>>;
  /** How timesheet periods are cut, with any change waiting for the next period. */
  timesheetPeriods: PeriodSchedule;
  /** Days after a period ends before its timesheet reminders go out; null: none. */
  timesheetReminderDays: number | null;
}

export const DEFAULT_THRESHOLD_MINUTES = DEFAULT_WORK_RULES.dailyThresholdMs / 60_000;

export type SettingsCommand =
  | ({ type: 'SetDailyThreshold'; companyId: string; hours: number } & CommandBy)
  | ({ type: 'SetScreenshots'; companyId: string; enabled: boolean } & CommandBy)
  | ({ type: 'SetScreenshotRetention'; companyId: string; days: number | null } & CommandBy)
  | ({ type: 'SetLeavePolicy'; companyId: string; year: number; paidLeaveDays: number } & CommandBy)
  | ({ type: 'SetTimesheetPeriod'; companyId: string; rule: { kind: string; startDay?: number } } & CommandBy)
  | ({ type: 'SetTimesheetReminders'; companyId: string; days: number | null } & CommandBy);

export interface SettingsContext {
  /** The server's clock. */
  now: Date;
  /** The year it is now in the company's time zone: a policy may be set up to the next one. */
  currentYear: number;
  /** The company's local today: a change of timesheet period applies from the next period. */
  today: string;
}

export const companySettings: Decider<SettingsCommand, SettingsEvent, SettingsState, SettingsContext> = {
  initialState: { thresholdMinutes: DEFAULT_THRESHOLD_MINUTES, screenshotsEnabled: false, screenshotRetentionDays: DEFAULT_SCREENSHOT_RETENTION_DAYS, paidLeaveDays: {}, timesheetPeriods: DEFAULT_SCHEDULE, timesheetReminderDays: DEFAULT_REMINDER_DAYS },

  evolve(state, event) {
    switch (event.type) {
      case 'DailyThresholdSet':
        return { ...state, thresholdMinutes: event.data.minutes };
      case 'ScreenshotsSet':
        return { ...state, screenshotsEnabled: event.data.enabled };
      case 'ScreenshotRetentionSet':
        return { ...state, screenshotRetentionDays: event.data.days };
      case 'LeavePolicySet':
        return { ...state, paidLeaveDays: { ...state.paidLeaveDays, [event.data.year]: event.data.paidLeaveDays } };
      case 'TimesheetPeriodSet':
        return { ...state, timesheetPeriods: withRuleFrom(state.timesheetPeriods, event.data.rule, event.data.from) };
      case 'TimesheetRemindersSet':
        return { ...state, timesheetReminderDays: event.data.days };
    }
  },

  decide(command, state, { now, currentYear, today }) {
    const change = { companyId: command.companyId, by: changedBy(command), at: now.toISOString() };
    switch (command.type) {
      case 'SetDailyThreshold': {
        authorize(command.actor, 'SetDailyThreshold', { companyId: command.companyId });
        const minutes = thresholdMinutes(command.hours);
        if (minutes === state.thresholdMinutes) return [];
        return [{ type: 'DailyThresholdSet', data: { ...change, minutes } }];
      }
      case 'SetScreenshots': {
        authorize(command.actor, 'SetScreenshots', { companyId: command.companyId });
        if (command.enabled === state.screenshotsEnabled) return [];
        return [{ type: 'ScreenshotsSet', data: { ...change, enabled: command.enabled } }];
      }
      case 'SetScreenshotRetention': {
        authorize(command.actor, 'SetScreenshotRetention', { companyId: command.companyId });
        const { days } = command;
        if (!(SCREENSHOT_RETENTION_CHOICES as readonly (number | null)[]).includes(days)) throw invalid(settingsMessages.retentionInvalid);
        if (days === state.screenshotRetentionDays) return [];
        return [{ type: 'ScreenshotRetentionSet', data: { ...change, days } }];
      }
      case 'SetLeavePolicy': {
        if (!isAllowed(command.actor, 'SetLeavePolicy', { companyId: command.companyId })) throw forbidden(settingsMessages.leavePolicyAdminOnly);
        const { year, paidLeaveDays } = command;
        if (!Number.isInteger(year) || year < FIRST_YEAR || year > currentYear + 1) throw invalid(settingsMessages.yearInvalid(currentYear + 1));
        if (!Number.isInteger(paidLeaveDays) || paidLeaveDays < 0 || paidLeaveDays > MAX_PAID_LEAVE_DAYS) throw invalid(settingsMessages.paidLeaveDaysInvalid);
        if (state.paidLeaveDays[year] === paidLeaveDays) return [];
        return [{ type: 'LeavePolicySet', data: { ...change, year, paidLeaveDays } }];
      }
      case 'SetTimesheetPeriod': {
        authorize(command.actor, 'SetTimesheetPeriod', { companyId: command.companyId });
        const rule = periodRule(command.rule);
        const from = nextPeriodStart(state.timesheetPeriods, today);
        if (JSON.stringify(withRuleFrom(state.timesheetPeriods, rule, from)) === JSON.stringify(state.timesheetPeriods)) return [];
        return [{ type: 'TimesheetPeriodSet', data: { ...change, rule, from } }];
      }
      case 'SetTimesheetReminders': {
        authorize(command.actor, 'SetTimesheetReminders', { companyId: command.companyId });
        const { days } = command;
        if (days !== null && (!Number.isInteger(days) || days < 0 || days > MAX_REMINDER_DAYS)) throw invalid(settingsMessages.remindersInvalid);
        if (days === state.timesheetReminderDays) return [];
        return [{ type: 'TimesheetRemindersSet', data: { ...change, days } }];
      }
    }
  },
};

/** A rule as a form sends it, checked: a start day (1 Monday … 7 Sunday) for weeks, none otherwise. */
function periodRule({ kind, startDay }: { kind: string; startDay?: number }): PeriodRule {
  if (!(PERIOD_KINDS as readonly string[]).includes(kind)) throw invalid(settingsMessages.periodInvalid);
  if (kind === 'weekly' || kind === 'biweekly') {
    if (startDay === undefined || !Number.isInteger(startDay) || startDay < 1 || startDay > 7) throw invalid(settingsMessages.periodInvalid);
    return { kind, startDay: startDay as 1 | 2 | 3 | 4 | 5 | 6 | 7 };
  }
  if (startDay !== undefined) throw invalid(settingsMessages.periodInvalid);
  return { kind: kind as 'semimonthly' | 'monthly' };
}

/** Hours (at least 1, at most 24) as whole minutes, the unit the threshold is kept in. */
function thresholdMinutes(hours: number): number {
  if (!Number.isFinite(hours) || hours < 1 || hours > MAX_THRESHOLD_HOURS) throw invalid(settingsMessages.thresholdInvalid);
  return Math.round(hours * 60);
}
