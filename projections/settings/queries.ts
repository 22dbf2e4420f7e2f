import type { Kysely } from 'kysely';
import { companySettings } from '../../domain/settings/company-settings.ts';
import type { Database } from '../database.ts';

/** A company's settings: the defaults until it changes one. */
export async function settingsOf(db: Kysely<Database>, companyId: string) {
  const row = await db
    .selectFrom('company_settings')
    .select(['daily_threshold_minutes', 'screenshots_enabled', 'screenshot_retention_days', 'timesheet_periods', 'timesheet_reminder_days'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  const defaults = companySettings.initialState;
  return {
    dailyThresholdMinutes: row?.daily_threshold_minutes ?? defaults.thresholdMinutes,
    screenshotsEnabled: row?.screenshots_enabled ?? defaults.screenshotsEnabled,
    screenshotRetentionDays: row ? row.screenshot_retention_days : defaults.screenshotRetentionDays,
    timesheetPeriods: row?.timesheet_periods ?? defaults.timesheetPeriods,
    timesheetReminderDays: row ? row.timesheet_reminder_days : defaults.timesheetReminderDays,
  };
}

/** Every company that sends timesheet reminders: its name and zone, its subscription, how its periods are cut and how many days after one ends they go out. */
export async function companiesSendingReminders(db: Kysely<Database>) {
  const defaults = companySettings.initialState;
  const rows = await db
    .selectFrom('companies as c')
    .leftJoin('company_settings as s', 's.company_id', 'c.company_id')
    .select(['c.company_id', 'c.name', 'c.time_zone', 'c.subscription_status', 'c.trial_ends_at', 'c.subscription_active_until', 's.company_id as settings_of', 's.timesheet_periods', 's.timesheet_reminder_days'])
    .where((eb) => eb.or([eb('s.company_id', 'is', null), eb('s.timesheet_reminder_days', 'is not', null)]))
    .orderBy('c.company_id')
    .execute();
  return rows.map((row) => ({
    companyId: row.company_id,
    companyName: row.name,
    timeZone: row.time_zone,
    subscription: { status: row.subscription_status, trialEndsAt: row.trial_ends_at, activeUntil: row.subscription_active_until },
    timesheetPeriods: row.timesheet_periods ?? defaults.timesheetPeriods,
    reminderDays: row.settings_of === null ? defaults.timesheetReminderDays : row.timesheet_reminder_days,
  }));
}

/** Every year's leave policy of a company, the latest year first. */
export async function leavePolicies(db: Kysely<Database>, companyId: string) {
  const rows = await db
    .selectFrom('leave_policies')
    .select(['year', 'paid_leave_days', 'updated_at', 'updated_by_name'])
    .where('company_id', '=', companyId)
    .orderBy('year', 'desc')
    .execute();
  return rows.map((row) => ({ year: row.year, paidLeaveDays: row.paid_leave_days, updatedAt: row.updated_at.toISOString(), updatedBy: row.updated_by_name }));
}
