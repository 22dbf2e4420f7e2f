import { describe, expect, it } from 'vitest';
import type { Actor } from '../members/authorization.ts';
import { accessDenied } from '../members/roles.ts';
import { testActor } from '../members/test-actor.ts';
import { given } from '../shared/spec.ts';
import { companySettings, settingsMessages } from './company-settings.ts';
import type { SettingsEvent } from './events.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const otherCompanyId = '00000000-0000-4000-8000-0000000000c2';
const now = new Date('2026-03-10T04:00:00.000Z');
// Tuesday 10 March 2026.
const context = { now, currentYear: 2026, today: '2026-03-10' };
const at = now.toISOString();

const admin = testActor(companyId, '1', 'Admin');
const head = testActor(companyId, '2', 'Head');
const manager = testActor(companyId, '3', 'Manager');
const member = testActor(companyId, '4', 'Member');
const client = testActor(companyId, '5', 'Client');
const otherAdmin = testActor(otherCompanyId, '6', 'Admin');
const by = (who: Actor) => ({ userId: who.userId, name: `Name ${who.userId.slice(-1)}` });
const authored = (who: Actor) => ({ actor: who, actorName: by(who).name });

const threshold = (who: Actor, hours: number) => ({ type: 'SetDailyThreshold' as const, companyId, hours, ...authored(who) });
const screenshots = (who: Actor, enabled: boolean) => ({ type: 'SetScreenshots' as const, companyId, enabled, ...authored(who) });
const policy = (who: Actor, year: number, paidLeaveDays: number) => ({ type: 'SetLeavePolicy' as const, companyId, year, paidLeaveDays, ...authored(who) });

const thresholdSet = (minutes: number, who = admin): SettingsEvent => ({ type: 'DailyThresholdSet', data: { companyId, by: by(who), at, minutes } });
const policySet = (year: number, paidLeaveDays: number, who = admin): SettingsEvent => ({ type: 'LeavePolicySet', data: { companyId, by: by(who), at, year, paidLeaveDays } });

describe('company settings: the daily threshold', () => {
  it('lets an Admin, a Head or a Manager set it in hours, kept as minutes, with who and when', () => {
    for (const who of [admin, head, manager]) {
      given(companySettings, []).when(threshold(who, 7.5), context).then([thresholdSet(450, who)]);
    }
  });

  it('refuses a Member, a Client and another company', () => {
    for (const who of [member, client, otherAdmin]) given(companySettings, []).when(threshold(who, 6), context).thenRefuses(accessDenied);
  });

  it('takes 1 to 24 hours, rounded to the minute', () => {
    given(companySettings, []).when(threshold(admin, 1), context).then([thresholdSet(60)]);
    given(companySettings, []).when(threshold(admin, 24), context).then([thresholdSet(1440)]);
    given(companySettings, []).when(threshold(admin, 7.3333), context).then([thresholdSet(440)]);
    for (const hours of [0, 0.99, -2, 24.01, Number.NaN, Number.POSITIVE_INFINITY]) {
      given(companySettings, []).when(threshold(admin, hours), context).thenRefuses(settingsMessages.thresholdInvalid);
    }
  });

  it('writes nothing when it does not change, the default of 8 hours included', () => {
    given(companySettings, []).when(threshold(admin, 8), context).then([]);
    given(companySettings, [thresholdSet(120)]).when(threshold(manager, 2), context).then([]);
    given(companySettings, [thresholdSet(120)]).when(threshold(manager, 8), context).then([thresholdSet(480, manager)]);
  });
});

describe('company settings: screenshots', () => {
  const set = (enabled: boolean, who = admin): SettingsEvent => ({ type: 'ScreenshotsSet', data: { companyId, by: by(who), at, enabled } });

  it('are off at first; an Admin, a Head or a Manager turns them on and off', () => {
    given(companySettings, []).when(screenshots(admin, false), context).then([]);
    for (const who of [admin, head, manager]) {
      given(companySettings, []).when(screenshots(who, true), context).then([set(true, who)]);
      given(companySettings, [set(true)]).when(screenshots(who, false), context).then([set(false, who)]);
    }
    given(companySettings, [set(true)]).when(screenshots(admin, true), context).then([]);
  });

  it('refuses a Member, a Client and another company', () => {
    for (const who of [member, client, otherAdmin]) given(companySettings, []).when(screenshots(who, true), context).thenRefuses(accessDenied);
  });
});

describe('company settings: the leave policy', () => {
  it('lets an Admin set a year’s paid leave days, from 0 to 365', () => {
    given(companySettings, []).when(policy(admin, 2026, 12), context).then([policySet(2026, 12)]);
    given(companySettings, []).when(policy(admin, 2026, 0), context).then([policySet(2026, 0)]);
    given(companySettings, []).when(policy(admin, 2026, 365), context).then([policySet(2026, 365)]);
  });

  it('is for Admins only, with the spec’s message', () => {
    for (const who of [head, manager, member, client, otherAdmin]) {
      given(companySettings, []).when(policy(who, 2026, 12), context).thenRefuses(settingsMessages.leavePolicyAdminOnly);
    }
  });

  it('refuses a number of days that is not a whole number from 0 to 365', () => {
    for (const days of [-1, 366, 1.5, Number.NaN]) {
      given(companySettings, []).when(policy(admin, 2026, days), context).thenRefuses(settingsMessages.paidLeaveDaysInvalid);
    }
  });

  it('takes the years from 2023 to the next one', () => {
    given(companySettings, []).when(policy(admin, 2023, 10), context).then([policySet(2023, 10)]);
    given(companySettings, []).when(policy(admin, 2027, 10), context).then([policySet(2027, 10)]);
    for (const year of [2022, 2028, 2026.5]) {
      given(companySettings, []).when(policy(admin, year, 10), context).thenRefuses(settingsMessages.yearInvalid(2027));
    }
  });

  it('keeps each year apart, and writes nothing for the same number again', () => {
    const history = [policySet(2025, 10), policySet(2026, 12)];
    given(companySettings, history).when(policy(admin, 2026, 12), context).then([]);
    given(companySettings, history).when(policy(admin, 2025, 12), context).then([policySet(2025, 12)]);
    given(companySettings, history).when(policy(admin, 2026, 15), context).then([policySet(2026, 15)]);
  });
});

describe('company settings: how long screenshots are kept', () => {
  const retention = (who: Actor, days: number | null) => ({ type: 'SetScreenshotRetention' as const, companyId, days, ...authored(who) });
  const retentionSet = (days: number | null): SettingsEvent => ({ type: 'ScreenshotRetentionSet', data: { companyId, by: by(admin), at, days } });

  it('keeps them 90 days until an Admin chooses 30, 90, 180 or 365 days, or until deleted', () => {
    expect(companySettings.initialState.screenshotRetentionDays).toBe(90);
    given(companySettings, []).when(retention(admin, 30), context).then([retentionSet(30)]);
    given(companySettings, []).when(retention(admin, null), context).then([retentionSet(null)]);
    given(companySettings, [retentionSet(null)]).when(retention(admin, 365), context).then([retentionSet(365)]);
    // The same choice again writes nothing.
    given(companySettings, []).when(retention(admin, 90), context).then([]);
    given(companySettings, [retentionSet(null)]).when(retention(admin, null), context).then([]);
  });

  it('refuses other numbers of days', () => {
    for (const days of [0, 1, 7, 91, 3_650, -30]) given(companySettings, []).when(retention(admin, days), context).thenRefuses(settingsMessages.retentionInvalid);
  });

  it('is an Admin’s choice only', () => {
    for (const who of [head, manager, member, client, otherAdmin]) given(companySettings, []).when(retention(who, 30), context).thenRefuses(accessDenied);
  });
});

describe('company settings: timesheet periods', () => {
  const period = (who: Actor, rule: { kind: string; startDay?: number }) => ({ type: 'SetTimesheetPeriod' as const, companyId, rule, ...authored(who) });
  const periodSet = (rule: Extract<SettingsEvent, { type: 'TimesheetPeriodSet' }>['data']['rule'], from: string): SettingsEvent => ({
    type: 'TimesheetPeriodSet',
    data: { companyId, by: by(admin), at, rule, from },
  });

  it('are weeks from Monday until an Admin chooses, and a choice applies from the next period', () => {
    expect(companySettings.initialState.timesheetPeriods).toEqual([{ from: null, rule: { kind: 'weekly', startDay: 1 } }]);
    // The week of Monday 9 March runs to Sunday 15 March.
    given(companySettings, []).when(period(admin, { kind: 'monthly' }), context).then([periodSet({ kind: 'monthly' }, '2026-03-16')]);
    given(companySettings, []).when(period(admin, { kind: 'biweekly', startDay: 7 }), context).then([periodSet({ kind: 'biweekly', startDay: 7 }, '2026-03-16')]);
  });

  it('writes nothing for the rule already in force, and takes back a waiting change', () => {
    given(companySettings, []).when(period(admin, { kind: 'weekly', startDay: 1 }), context).then([]);
    const waiting = periodSet({ kind: 'monthly' }, '2026-03-16');
    given(companySettings, [waiting]).when(period(admin, { kind: 'monthly' }), context).then([]);
    given(companySettings, [waiting]).when(period(admin, { kind: 'weekly', startDay: 1 }), context).then([periodSet({ kind: 'weekly', startDay: 1 }, '2026-03-16')]);
    const state = [waiting, periodSet({ kind: 'weekly', startDay: 1 }, '2026-03-16')].reduce(companySettings.evolve, companySettings.initialState);
    expect(state.timesheetPeriods).toEqual(companySettings.initialState.timesheetPeriods);
  });

  it('refuses a rule that is not one of the four, or a start day where none belongs', () => {
    for (const rule of [{ kind: 'daily' }, { kind: 'weekly' }, { kind: 'weekly', startDay: 0 }, { kind: 'biweekly', startDay: 8 }, { kind: 'weekly', startDay: 1.5 }, { kind: 'monthly', startDay: 1 }]) {
      given(companySettings, []).when(period(admin, rule), context).thenRefuses(settingsMessages.periodInvalid);
    }
  });

  it('is an Admin’s choice only', () => {
    for (const who of [head, manager, member, client, otherAdmin]) given(companySettings, []).when(period(who, { kind: 'monthly' }), context).thenRefuses(accessDenied);
  });
});

describe('company settings: timesheet reminders', () => {
  const reminders = (who: Actor, days: number | null) => ({ type: 'SetTimesheetReminders' as const, companyId, days, ...authored(who) });
  const remindersSet = (days: number | null): SettingsEvent => ({ type: 'TimesheetRemindersSet', data: { companyId, by: by(admin), at, days } });

  it('go out 2 days after a period ends until an Admin chooses 0 to 14 days, or off', () => {
    expect(companySettings.initialState.timesheetReminderDays).toBe(2);
    given(companySettings, []).when(reminders(admin, 0), context).then([remindersSet(0)]);
    given(companySettings, []).when(reminders(admin, 14), context).then([remindersSet(14)]);
    given(companySettings, []).when(reminders(admin, null), context).then([remindersSet(null)]);
    given(companySettings, [remindersSet(null)]).when(reminders(admin, 5), context).then([remindersSet(5)]);
    // The same choice again writes nothing.
    given(companySettings, []).when(reminders(admin, 2), context).then([]);
    given(companySettings, [remindersSet(null)]).when(reminders(admin, null), context).then([]);
    expect([remindersSet(7)].reduce(companySettings.evolve, companySettings.initialState).timesheetReminderDays).toBe(7);
  });

  it('refuses a number of days that is not a whole number from 0 to 14', () => {
    for (const days of [-1, 15, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) given(companySettings, []).when(reminders(admin, days), context).thenRefuses(settingsMessages.remindersInvalid);
  });

  it('is an Admin’s choice only', () => {
    for (const who of [head, manager, member, client, otherAdmin]) given(companySettings, []).when(reminders(who, 3), context).thenRefuses(accessDenied);
  });
});
