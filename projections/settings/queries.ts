import type { Kysely } from 'kysely';
import { companySettings } from '../../domain/settings/company-settings.ts';
import type { Database } from '../database.ts';

/** A company's settings: the defaults until it changes one. */
export async function settingsOf(db: Kysely<Database>, companyId: string) {
  const row = await db
    .selectFrom('company_settings')
    .select(['daily_threshold_minutes', 'screenshots_enabled', 'screenshot_retention_days', 'timesheet_periods'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  const defaults = companySettings.initialState;
  return {
    dailyThresholdMinutes: row?.daily_threshold_minutes ?? defaults.thresholdMinutes,
    screenshotsEnabled: row?.screenshots_enabled ?? defaults.screenshotsEnabled,
    screenshotRetentionDays: row ? row.screenshot_retention_days : defaults.screenshotRetentionDays,
    timesheetPeriods: row?.timesheet_periods ?? defaults.timesheetPeriods,
  };
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
