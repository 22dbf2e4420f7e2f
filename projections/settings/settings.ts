import type { Insertable, Selectable } from 'kysely';
import { companySettings } from '../../domain/settings/company-settings.ts';
import type { SettingsEvent } from '../../domain/settings/events.ts';
import { DEFAULT_SCHEDULE, withRuleFrom } from '../../domain/timesheets/periods.ts';
import type { CompanySettingsTable, LeavePoliciesTable } from '../database.ts';
import type { Projection, Scope } from '../projection.ts';
import { type CompanyFamily, companyChanges } from '../../domain/shared/scope.ts';

/** Who shows each change: the settings page, team attendance's threshold, the leave balances. */
const FAMILIES: Record<SettingsEvent['type'], CompanyFamily[]> = {
  DailyThresholdSet: ['settings', 'attendance', 'working-time'],
  ScreenshotsSet: ['settings'],
  ScreenshotRetentionSet: ['settings'],
  LeavePolicySet: ['settings', 'leave'],
  TimesheetPeriodSet: ['settings'],
  TimesheetRemindersSet: ['settings'],
};

/**
 * A company's settings (one row, once it changed one) and its leave policy
 * per year. A batch loads the rows it touches, folds its events into them
 * and writes each row once.
 */
export const settingsProjection: Projection = {
  name: 'settings',
  tables: ['company_settings', 'leave_policies'],
  handles: ['DailyThresholdSet', 'ScreenshotsSet', 'ScreenshotRetentionSet', 'LeavePolicySet', 'TimesheetPeriodSet', 'TimesheetRemindersSet'],

  async apply(trx, recorded) {
    const events = recorded.map((r) => ({ type: r.type, data: r.data }) as SettingsEvent);
    const companyIds = [...new Set(events.filter((e) => e.type !== 'LeavePolicySet').map((e) => e.data.companyId))];
    const stored = companyIds.length === 0 ? [] : await trx.selectFrom('company_settings').selectAll().where('company_id', 'in', companyIds).execute();
    const settings = new Map<string, SettingsRow>(stored.map((row) => [row.company_id, row]));
    const policies = new Map<string, Insertable<LeavePoliciesTable>>();
    const scopes: Scope[] = [];

    for (const event of events) {
      const { companyId, by, at } = event.data;
      scopes.push(...companyChanges(companyId, ...FAMILIES[event.type]));
      if (event.type === 'LeavePolicySet') {
        const { year, paidLeaveDays } = event.data;
        policies.set(`${companyId}:${year}`, { company_id: companyId, year, paid_leave_days: paidLeaveDays, updated_at: new Date(at), updated_by: by.userId, updated_by_name: by.name });
        continue;
      }
      const before: Omit<SettingsRow, 'updated_at' | 'updated_by'> = settings.get(companyId) ?? {
        company_id: companyId,
        daily_threshold_minutes: companySettings.initialState.thresholdMinutes,
        screenshots_enabled: companySettings.initialState.screenshotsEnabled,
        screenshot_retention_days: companySettings.initialState.screenshotRetentionDays,
        timesheet_periods: null,
        timesheet_reminder_days: companySettings.initialState.timesheetReminderDays,
      };
      const changed = changedColumns(event, before);
      settings.set(companyId, { ...before, ...changed, updated_at: new Date(at), updated_by: by.userId });
    }

    if (settings.size > 0) {
      await trx
        .insertInto('company_settings')
        .values([...settings.values()].map((row) => ({ ...row, timesheet_periods: row.timesheet_periods && JSON.stringify(row.timesheet_periods) })))
        .onConflict((oc) =>
          oc.column('company_id').doUpdateSet((eb) => ({
            daily_threshold_minutes: eb.ref('excluded.daily_threshold_minutes'),
            screenshots_enabled: eb.ref('excluded.screenshots_enabled'),
            screenshot_retention_days: eb.ref('excluded.screenshot_retention_days'),
            timesheet_periods: eb.ref('excluded.timesheet_periods'),
            timesheet_reminder_days: eb.ref('excluded.timesheet_reminder_days'),
            updated_at: eb.ref('excluded.updated_at'),
            updated_by: eb.ref('excluded.updated_by'),
          })),
        )
        .execute();
    }
    if (policies.size > 0) {
      await trx
        .insertInto('leave_policies')
        .values([...policies.values()])
        .onConflict((oc) =>
          oc.columns(['company_id', 'year']).doUpdateSet((eb) => ({
            paid_leave_days: eb.ref('excluded.paid_leave_days'),
            updated_at: eb.ref('excluded.updated_at'),
            updated_by: eb.ref('excluded.updated_by'),
            updated_by_name: eb.ref('excluded.updated_by_name'),
          })),
        )
        .execute();
    }
    return scopes;
  },
};

/** A company's row as read, its periods parsed. */
type SettingsRow = Selectable<CompanySettingsTable>;

/** The columns a setting's event changes in its company's row. */
function changedColumns(event: Exclude<SettingsEvent, { type: 'LeavePolicySet' }>, before: Pick<SettingsRow, 'timesheet_periods'>): Partial<SettingsRow> {
  switch (event.type) {
    case 'DailyThresholdSet':
      return { daily_threshold_minutes: event.data.minutes };
    case 'ScreenshotsSet':
      return { screenshots_enabled: event.data.enabled };
    case 'ScreenshotRetentionSet':
      return { screenshot_retention_days: event.data.days };
    case 'TimesheetPeriodSet': {
      return { timesheet_periods: withRuleFrom(before.timesheet_periods ?? DEFAULT_SCHEDULE, event.data.rule, event.data.from) };
    }
    case 'TimesheetRemindersSet':
      return { timesheet_reminder_days: event.data.days };
  }
}
