import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORK_RULES } from '../../domain/attendance/day-status.ts';
import type { SettingsEvent } from '../../domain/settings/events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { useTestDatabase } from '../../tests/support/test-database.ts';
import { workRulesOf } from '../attendance/queries.ts';
import { companiesSendingReminders, leavePolicies, settingsOf } from './queries.ts';
import { settingsProjection } from './settings.ts';

const ada = { userId: randomUUID(), name: 'Ada Admin' };
const max = { userId: randomUUID(), name: 'Max Manager' };

let position = 0;
const recorded = (event: SettingsEvent): RecordedEvent => {
  position++;
  return {
    eventId: randomUUID(),
    streamId: `company-settings-${event.data.companyId}`,
    version: position,
    position: { commit: 1n, prepare: BigInt(position) },
    type: event.type,
    data: event.data,
    metadata: { correlationId: 'test' },
    recordedAt: new Date().toISOString(),
  };
};

/** A year of one company's settings: the threshold set twice, screenshots on and off, two years' policies, one changed. */
const history = (companyId: string): SettingsEvent[] => [
  { type: 'ScreenshotsSet', data: { companyId, by: ada, at: '2026-01-05T10:00:00.000Z', enabled: true } },
  { type: 'DailyThresholdSet', data: { companyId, by: max, at: '2026-01-06T10:00:00.000Z', minutes: 120 } },
  { type: 'LeavePolicySet', data: { companyId, by: ada, at: '2026-01-07T10:00:00.000Z', year: 2026, paidLeaveDays: 12 } },
  { type: 'LeavePolicySet', data: { companyId, by: ada, at: '2026-01-08T10:00:00.000Z', year: 2025, paidLeaveDays: 10 } },
  { type: 'ScreenshotsSet', data: { companyId, by: ada, at: '2026-02-01T10:00:00.000Z', enabled: false } },
  { type: 'DailyThresholdSet', data: { companyId, by: ada, at: '2026-02-02T10:00:00.000Z', minutes: 450 } },
  { type: 'LeavePolicySet', data: { companyId, by: max, at: '2026-02-03T10:00:00.000Z', year: 2026, paidLeaveDays: 15 } },
  { type: 'ScreenshotRetentionSet', data: { companyId, by: ada, at: '2026-02-04T10:00:00.000Z', days: null } },
  { type: 'ScreenshotRetentionSet', data: { companyId, by: ada, at: '2026-02-05T10:00:00.000Z', days: 30 } },
  { type: 'TimesheetRemindersSet', data: { companyId, by: ada, at: '2026-02-04T10:00:00.000Z', days: null } },
  { type: 'TimesheetRemindersSet', data: { companyId, by: ada, at: '2026-02-05T10:00:00.000Z', days: 4 } },
  // Set to months, then to pairs of weeks, then back to months, all before the change applied: one change.
  { type: 'TimesheetPeriodSet', data: { companyId, by: ada, at: '2026-02-03T10:00:00.000Z', rule: { kind: 'monthly' }, from: '2026-02-09' } },
  { type: 'TimesheetPeriodSet', data: { companyId, by: ada, at: '2026-02-04T10:00:00.000Z', rule: { kind: 'biweekly', startDay: 3 }, from: '2026-02-09' } },
  { type: 'TimesheetPeriodSet', data: { companyId, by: ada, at: '2026-02-05T10:00:00.000Z', rule: { kind: 'monthly' }, from: '2026-02-09' } },
];

const weeksFromMonday = [{ from: null, rule: { kind: 'weekly', startDay: 1 } }];

describe('settings read model', () => {
  const database = useTestDatabase();
  const apply = (events: SettingsEvent[]) => database.db.transaction().execute((trx) => settingsProjection.apply(trx, events.map(recorded)));
  const rowsOf = async (companyId: string) => ({
    settings: await database.db.selectFrom('company_settings').selectAll().where('company_id', '=', companyId).execute(),
    policies: await database.db.selectFrom('leave_policies').selectAll().where('company_id', '=', companyId).orderBy('year').execute(),
  });

  it('gives the same rows for one batch as for one event at a time', async () => {
    const together = randomUUID();
    const oneByOne = randomUUID();
    await apply(history(together));
    for (const event of history(oneByOne)) await apply([event]);
    const without = (rows: Awaited<ReturnType<typeof rowsOf>>) => ({
      settings: rows.settings.map(({ company_id: _, ...rest }) => rest),
      policies: rows.policies.map(({ company_id: _, ...rest }) => rest),
    });
    expect(without(await rowsOf(together))).toEqual(without(await rowsOf(oneByOne)));
  });

  it('keeps the latest of each setting, with who changed it and when', async () => {
    const companyId = randomUUID();
    await apply(history(companyId));
    expect(await settingsOf(database.db, companyId)).toEqual({
      dailyThresholdMinutes: 450,
      screenshotsEnabled: false,
      screenshotRetentionDays: 30,
      timesheetPeriods: [
        { from: null, rule: { kind: 'weekly', startDay: 1 } },
        { from: '2026-02-09', rule: { kind: 'monthly' } },
      ],
      timesheetReminderDays: 4,
    });
    expect((await rowsOf(companyId)).settings[0]).toMatchObject({ updated_by: ada.userId, updated_at: new Date('2026-02-05T10:00:00.000Z') });
    expect(await leavePolicies(database.db, companyId)).toEqual([
      { year: 2026, paidLeaveDays: 15, updatedAt: '2026-02-03T10:00:00.000Z', updatedBy: 'Max Manager' },
      { year: 2025, paidLeaveDays: 10, updatedAt: '2026-01-08T10:00:00.000Z', updatedBy: 'Ada Admin' },
    ]);
  });

  it('keeps the default threshold when only screenshots were set', async () => {
    const companyId = randomUUID();
    await apply([{ type: 'ScreenshotsSet', data: { companyId, by: ada, at: '2026-01-05T10:00:00.000Z', enabled: true } }]);
    expect(await settingsOf(database.db, companyId)).toEqual({ dailyThresholdMinutes: 480, screenshotsEnabled: true, screenshotRetentionDays: 90, timesheetPeriods: weeksFromMonday, timesheetReminderDays: 2 });
  });

  it('keeps screenshots until deleted once a company chose so', async () => {
    const companyId = randomUUID();
    await apply([{ type: 'ScreenshotRetentionSet', data: { companyId, by: ada, at: '2026-01-05T10:00:00.000Z', days: null } }]);
    expect(await settingsOf(database.db, companyId)).toMatchObject({ screenshotRetentionDays: null });
  });

  it('gives a company without settings the defaults: 8 hours, no screenshots (kept 90 days), no policy', async () => {
    const companyId = randomUUID();
    expect(await settingsOf(database.db, companyId)).toEqual({ dailyThresholdMinutes: 480, screenshotsEnabled: false, screenshotRetentionDays: 90, timesheetPeriods: weeksFromMonday, timesheetReminderDays: 2 });
    expect(await leavePolicies(database.db, companyId)).toEqual([]);
    expect(await workRulesOf(database.db, companyId)).toEqual(DEFAULT_WORK_RULES);
  });

  it('lists the companies that send timesheet reminders, with their zone, periods and days; not those that turned them off', async () => {
    const [untouched, monthly, off]: string[] = [randomUUID(), randomUUID(), randomUUID()];
    const company = (companyId: string, name: string) => ({
      company_id: companyId,
      name,
      location_country: 'India',
      location_code: 'IN',
      time_zone: 'Asia/Kolkata',
      work_start: '09:00',
      work_end: '18:00',
      created_by: ada.userId,
      created_at: new Date('2026-01-05T10:00:00.000Z'),
      subscription_status: 'active',
      trial_ends_at: null,
      subscription_active_until: null,
    });
    await database.db.insertInto('companies').values([company(untouched, 'Untouched'), company(monthly, 'Monthly'), company(off, 'Off')]).execute();
    await apply([
      { type: 'TimesheetPeriodSet', data: { companyId: monthly, by: ada, at: '2026-02-03T10:00:00.000Z', rule: { kind: 'monthly' }, from: '2026-02-09' } },
      { type: 'TimesheetRemindersSet', data: { companyId: monthly, by: ada, at: '2026-02-03T10:00:00.000Z', days: 5 } },
      { type: 'ScreenshotsSet', data: { companyId: off, by: ada, at: '2026-01-05T10:00:00.000Z', enabled: true } },
      { type: 'TimesheetRemindersSet', data: { companyId: off, by: ada, at: '2026-02-03T10:00:00.000Z', days: null } },
    ]);
    const listed = (await companiesSendingReminders(database.db)).filter((row) => [untouched, monthly, off].includes(row.companyId));
    const subscription = { status: 'active', trialEndsAt: null, activeUntil: null };
    expect(listed.sort((a, b) => a.companyName.localeCompare(b.companyName))).toEqual([
      { companyId: monthly, companyName: 'Monthly', timeZone: 'Asia/Kolkata', subscription, timesheetPeriods: [...weeksFromMonday, { from: '2026-02-09', rule: { kind: 'monthly' } }], reminderDays: 5 },
      { companyId: untouched, companyName: 'Untouched', timeZone: 'Asia/Kolkata', subscription, timesheetPeriods: weeksFromMonday, reminderDays: 2 },
    ]);
  });

  it('gives team attendance the threshold that was set', async () => {
    const companyId = randomUUID();
    await apply([{ type: 'DailyThresholdSet', data: { companyId, by: ada, at: '2026-01-06T10:00:00.000Z', minutes: 150 } }]);
    expect(await workRulesOf(database.db, companyId)).toEqual({ ...DEFAULT_WORK_RULES, dailyThresholdMs: 150 * 60_000 });
  });

  it('tells the browsers of the company what changed: the threshold also changes attendance and working-time targets, a policy the leave balances', async () => {
    const companyId = randomUUID();
    const [screens, threshold, policy] = history(companyId);
    const company = (family: string) => ({ kind: 'company', id: companyId, family });
    expect(await apply([screens])).toEqual([company('settings')]);
    expect(await apply([threshold])).toEqual([company('settings'), company('attendance'), company('working-time')]);
    expect(await apply([policy])).toEqual([company('settings'), company('leave')]);
  });
});
