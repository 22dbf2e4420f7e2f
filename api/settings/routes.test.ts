import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessDenied } from '../../domain/members/roles.ts';
import { settingsMessages } from '../../domain/settings/company-settings.ts';
import { seedAttendanceCompany } from '../../tests/support/attendance-company.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, inviteAndAccept, signedInUser } from '../../tests/support/users.ts';

let server: TestServer;
let clock: Date | null = null;
let admin: ApiUser;
let manager: ApiUser;
let head: ApiUser;
let ana: ApiUser;
let companyId: string;
let apollo: string;

const settingsPath = () => `/api/companies/${companyId}/settings`;
const setThreshold = (user: ApiUser, hours: unknown) => user.call('PUT', `${settingsPath()}/threshold`, { hours });
const setPolicy = (user: ApiUser, year: number | string, paidLeaveDays: unknown) => user.call('PUT', `/api/companies/${companyId}/leave-policies/${year}`, { paidLeaveDays });
const eventCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM events`.execute(server.db)).rows[0].n);

beforeAll(async () => {
  // Billing off: the clock moves past the new company's trial, whose lock is not what these tests are about.
  server = await startTestServer({ now: () => clock ?? new Date(), billing: { off: true } });
  ({ admin, manager, ana, companyId, apollo } = await seedAttendanceCompany(server, (at) => {
    clock = at;
  }));
  head = await signedInUser(server, 'head@settings.test', 'Hal Head');
  await inviteAndAccept(server, admin, companyId, head, 'Head', [apollo]);
}, 120_000);

afterAll(() => server.close());

describe('company settings', () => {
  it('start with an 8 hour threshold, no screenshots (kept 90 days once on) and no leave policy', async () => {
    clock = new Date('2026-06-01T06:00:00Z');
    const answer = await manager.call('GET', settingsPath());
    clock = null;
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      dailyThresholdHours: 8,
      screenshotsEnabled: false,
      screenshotRetentionDays: 90,
      currentYear: 2026,
      leavePolicies: [],
      timesheetPeriods: { current: { kind: 'weekly', startDay: 1 }, next: null },
      timesheetReminderDays: 2,
    });
  });

  it('let an Admin, a Head or a Manager set the threshold in hours and turn screenshots on and off', async () => {
    expect(await setThreshold(manager, 7.5)).toMatchObject({ status: 200, body: { message: 'Threshold updated successfully' } });
    expect((await admin.call('GET', settingsPath())).body.dailyThresholdHours).toBe(7.5);
    expect((await setThreshold(head, 8)).status).toBe(200);
    expect(await head.call('PUT', `${settingsPath()}/screenshots`, { enabled: true })).toMatchObject({ status: 200, body: { message: 'Screenshots enabled' } });
    expect((await manager.call('GET', settingsPath())).body).toMatchObject({ dailyThresholdHours: 8, screenshotsEnabled: true });
    expect(await admin.call('PUT', `${settingsPath()}/screenshots`, { enabled: false })).toMatchObject({ status: 200, body: { message: 'Screenshots disabled' } });
    expect((await manager.call('GET', settingsPath())).body.screenshotsEnabled).toBe(false);
  });

  it('are closed to a Member, who changes nothing', async () => {
    const before = await eventCount();
    expect(await ana.call('GET', settingsPath())).toMatchObject({ status: 403, body: { message: accessDenied } });
    expect(await setThreshold(ana, 2)).toMatchObject({ status: 403, body: { message: accessDenied } });
    expect((await ana.call('PUT', `${settingsPath()}/screenshots`, { enabled: true })).status).toBe(403);
    expect(await eventCount()).toBe(before);
  });

  it('refuse a threshold under 1 hour or over 24, and anything that is not a number, writing nothing', async () => {
    const before = await eventCount();
    for (const hours of [0, 0.5, -3, 24.5]) expect(await setThreshold(manager, hours)).toMatchObject({ status: 400, body: { message: settingsMessages.thresholdInvalid } });
    for (const hours of ['8', null, true, 1e9]) expect((await setThreshold(manager, hours)).status).toBe(400);
    expect((await manager.call('PUT', `${settingsPath()}/threshold`, { hours: 6, companyId: 'x' })).status).toBe(400);
    expect((await manager.call('PUT', `${settingsPath()}/screenshots`, { enabled: 'yes' })).status).toBe(400);
    expect(await eventCount()).toBe(before);
  });
});

describe('the daily threshold in team attendance', () => {
  const team = async () => {
    const answer = await manager.call('GET', `/api/companies/${companyId}/attendance/team?teamId=${apollo}&to=2026-03-06&days=5`);
    expect(answer.status).toBe(200);
    return { thresholdMinutes: answer.body.thresholdMinutes, notCompleted: Object.fromEntries(answer.body.days.map((d: { day: string; notCompleted: number }) => [d.day, d.notCompleted])) };
  };
  /** Who fell short on Tuesday 1 December, a day after everyone joined, seen the next morning. */
  const shortOnFirstOfDecember = async () => {
    clock = new Date('2026-12-02T04:00:00Z');
    try {
      const answer = await manager.call('GET', `/api/companies/${companyId}/attendance/team/people?teamId=${apollo}&day=2026-12-01&group=notCompleted&today=2026-12-02`);
      return answer.body.people.map((p: { name: string }) => p.name);
    } finally {
      clock = null;
    }
  };
  const march = async () => (await ana.call('GET', `/api/companies/${companyId}/attendance/month?month=2026-03`)).body;

  beforeAll(async () => {
    // Ana works 09:00 to 13:00 in Kolkata on 1 December.
    for (const [direction, at] of [['in', '2026-12-01T03:30:00Z'], ['out', '2026-12-01T07:30:00Z']]) {
      clock = new Date(at);
      expect((await ana.call('POST', `/api/companies/${companyId}/punch/${direction}`, { timeZone: 'Asia/Kolkata' })).status).toBe(200);
    }
    clock = null;
  });

  it("decides 'Working Hrs. Not Completed': Ana's 4 hours fall short of 8 but not of 2, her 8.5 hours on 2 March short of 9", async () => {
    expect(await team()).toMatchObject({ thresholdMinutes: 8 * 60, notCompleted: { '2026-03-02': 0, '2026-03-06': 1 } });
    expect(await shortOnFirstOfDecember()).toEqual(['Ana Apollo']);

    await setThreshold(manager, 2);
    expect(await team()).toMatchObject({ thresholdMinutes: 2 * 60, notCompleted: { '2026-03-02': 0, '2026-03-06': 0 } });
    expect(await shortOnFirstOfDecember()).toEqual([]);
    const month = await march();
    expect(month.thresholdMinutes).toBe(2 * 60);
    expect(month.days.find((d: { day: string }) => d.day === '2026-03-06').meetsThreshold).toBe(true);

    await setThreshold(admin, 9);
    expect(await team()).toMatchObject({ thresholdMinutes: 9 * 60, notCompleted: { '2026-03-02': 1, '2026-03-06': 1 } });
    await setThreshold(admin, 8);
  });
});

describe('the leave policy', () => {
  it('is set by an Admin for a year, and seen by the managing roles with who set it', async () => {
    clock = new Date('2026-06-01T06:00:00Z');
    try {
      expect(await setPolicy(admin, 2026, 12)).toMatchObject({ status: 200, body: { message: 'Leave policy updated successfully' } });
      expect((await setPolicy(admin, 2025, 10)).status).toBe(200);
      expect((await setPolicy(admin, 2026, 15)).status).toBe(200);
      const expected = [
        { year: 2026, paidLeaveDays: 15, updatedAt: '2026-06-01T06:00:00.000Z', updatedBy: 'Ada Admin' },
        { year: 2025, paidLeaveDays: 10, updatedAt: '2026-06-01T06:00:00.000Z', updatedBy: 'Ada Admin' },
      ];
      for (const who of [admin, head, manager]) expect((await who.call('GET', settingsPath())).body.leavePolicies).toEqual(expected);
      const row = await server.db.selectFrom('leave_policies').selectAll().where('company_id', '=', companyId).where('year', '=', 2026).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ paid_leave_days: 15, updated_by: admin.userId, updated_by_name: 'Ada Admin' });
    } finally {
      clock = null;
    }
  });

  it('is for Admins only, with the spec’s message', async () => {
    const before = await eventCount();
    for (const who of [head, manager, ana]) expect(await setPolicy(who, 2026, 20)).toMatchObject({ status: 403, body: { message: settingsMessages.leavePolicyAdminOnly } });
    expect(await eventCount()).toBe(before);
  });

  it('takes 0 to 365 whole days, for a year from 2023 to the next one in the company’s time zone, writing nothing otherwise', async () => {
    // 20:00 UTC on New Year's Eve is already 2027 in Kolkata, the company's zone.
    clock = new Date('2026-12-31T20:00:00Z');
    try {
      const before = await eventCount();
      for (const days of [-1, 366, 2.5]) expect(await setPolicy(admin, 2026, days)).toMatchObject({ status: 400, body: { message: settingsMessages.paidLeaveDaysInvalid } });
      for (const days of ['12', null]) expect((await setPolicy(admin, 2026, days)).status).toBe(400);
      for (const year of [2022, 2029]) expect(await setPolicy(admin, year, 12)).toMatchObject({ status: 400, body: { message: settingsMessages.yearInvalid(2028) } });
      for (const year of ['twenty', '20266']) expect((await setPolicy(admin, year, 12)).status).toBe(400);
      expect(await eventCount()).toBe(before);
      expect((await setPolicy(admin, 2028, 0)).status).toBe(200);
      expect((await admin.call('GET', settingsPath())).body).toMatchObject({ currentYear: 2027, leavePolicies: [{ year: 2028, paidLeaveDays: 0 }, { year: 2026 }, { year: 2025 }] });
    } finally {
      clock = null;
    }
  });

  it('let an Admin choose how timesheet periods are cut, from the next period on; nobody else', async () => {
    const setPeriod = (user: ApiUser, body: object) => user.call('PUT', `${settingsPath()}/timesheet-period`, body);
    // Tuesday 10 November 2026 in the company's zone: the week runs to Sunday the 15th.
    clock = new Date('2026-11-10T06:00:00Z');
    try {
      expect(await setPeriod(admin, { kind: 'monthly' })).toMatchObject({ status: 200, body: { message: 'Timesheet period updated: it applies from the next period' } });
      expect((await manager.call('GET', settingsPath())).body.timesheetPeriods).toEqual({
        current: { kind: 'weekly', startDay: 1 },
        next: { from: '2026-11-16', rule: { kind: 'monthly' } },
      });
      const before = await eventCount();
      expect(await setPeriod(manager, { kind: 'weekly', startDay: 3 })).toMatchObject({ status: 403, body: { message: accessDenied } });
      expect(await setPeriod(admin, { kind: 'weekly' })).toMatchObject({ status: 400, body: { message: settingsMessages.periodInvalid } });
      expect(await setPeriod(admin, { kind: 'fortnightly', startDay: 1 })).toMatchObject({ status: 400, body: { message: settingsMessages.periodInvalid } });
      expect((await setPeriod(admin, { kind: 'monthly', extra: true })).status).toBe(400);
      expect(await eventCount()).toBe(before);
      // Back to weeks before the change applies: no change waits.
      expect((await setPeriod(admin, { kind: 'weekly', startDay: 1 })).status).toBe(200);
      expect((await admin.call('GET', settingsPath())).body.timesheetPeriods).toEqual({ current: { kind: 'weekly', startDay: 1 }, next: null });
    } finally {
      clock = null;
    }
  });

  it('let an Admin choose how many days after a period ends timesheet reminders go out, or none; nobody else', async () => {
    const setReminders = (user: ApiUser, body: object) => user.call('PUT', `${settingsPath()}/timesheet-reminders`, body);
    const reminderDays = async () => (await manager.call('GET', settingsPath())).body.timesheetReminderDays;
    expect(await setReminders(admin, { days: 5 })).toMatchObject({ status: 200, body: { message: 'Timesheet reminders updated' } });
    expect(await reminderDays()).toBe(5);
    const before = await eventCount();
    for (const user of [head, manager, ana]) expect(await setReminders(user, { days: 3 })).toMatchObject({ status: 403, body: { message: accessDenied } });
    for (const days of [-1, 15, 1_000]) expect(await setReminders(admin, { days })).toMatchObject({ status: 400, body: { message: settingsMessages.remindersInvalid } });
    for (const body of [{ days: 2.5 }, { days: '3' }, {}, { days: 3, extra: true }]) expect((await setReminders(admin, body)).status).toBe(400);
    expect(await eventCount()).toBe(before);
    expect(await reminderDays()).toBe(5);
    expect((await setReminders(admin, { days: null })).status).toBe(200);
    expect(await reminderDays()).toBeNull();
    expect((await setReminders(admin, { days: 0 })).status).toBe(200);
    expect(await reminderDays()).toBe(0);
  });
});
