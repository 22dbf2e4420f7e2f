import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardMessages } from '../../domain/dashboards/access.ts';
import { MAX_RANGE_DAYS, rangeMessages } from '../../domain/dashboards/range.ts';
import { accessDenied } from '../../domain/members/roles.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { seedTrackedCompany } from '../../tests/support/tracked-company.ts';
import type { ApiUser } from '../../tests/support/users.ts';

let server: TestServer;
let clock: Date | null = null;
let admin: ApiUser;
let manager: ApiUser;
let ana: ApiUser;
let bob: ApiUser;
let companyId: string;
let apollo: string;
let gemini: string;
let projectId: string;
let yesterday: string;

/** Minutes in an hour: the dashboards answer whole minutes. */
const HOUR = 60;

const dashboard = (user: ApiUser, kind: 'team' | 'individual' | 'individual/day' | 'people', query: Record<string, string> = {}) =>
  user.call('GET', `/api/companies/${companyId}/dashboards/${kind}?${new URLSearchParams(query)}`);

beforeAll(async () => {
  server = await startTestServer({ now: () => clock ?? new Date() });
  ({ admin, manager, ana, bob, companyId, apollo, gemini, projectId, yesterday } = await seedTrackedCompany(server, (at) => {
    clock = at;
  }));
}, 120_000);

afterAll(() => server.close());

describe('individual dashboard', () => {
  it('splits the session over midnight, prices each part at the rate in force, and keeps past earnings when the rate changes', async () => {
    const answer = await dashboard(ana, 'individual', { from: '2026-03-02', to: '2026-03-05' });
    expect(answer.status).toBe(200);
    const days = Object.fromEntries(answer.body.days.map((d: { day: string }) => [d.day, d]));
    expect(Object.keys(days)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']);
    expect(days['2026-03-02']).toMatchObject({ trackedMinutes: 0, earningsCents: 0, rateCents: null, firstStart: null });
    // 2.5 h at $10 and, after the change, the hour before midnight at $20.
    expect(days['2026-03-03']).toMatchObject({ trackedMinutes: 3.5 * HOUR, idleMinutes: 10, unproductiveMinutes: 0, productiveMinutes: 3.5 * HOUR - 10, earningsCents: 2500 + 2000, rateCents: 2000 });
    expect(days['2026-03-03'].firstStart).toBe('2026-03-03T03:30:00.000Z');
    expect(days['2026-03-04']).toMatchObject({ trackedMinutes: 1.5 * HOUR, idleMinutes: 0, earningsCents: 3000, rateCents: 2000, lastEnd: '2026-03-03T20:00:00.000Z' });
    expect(answer.body.totals).toEqual({
      trackedMinutes: 5 * HOUR,
      idleMinutes: 10,
      unproductiveMinutes: 0,
      productiveMinutes: 5 * HOUR - 10,
      shares: { idle: 3.3, unproductive: 0, productive: 96.7 },
      usageSeen: false,
      manualMinutes: 0,
      earningsCents: 7500,
    });
    // The week has ended and nobody submitted its timesheet.
    expect(answer.body.person).toEqual({ userId: ana.userId, name: 'Ana Apollo', timeZone: 'Asia/Kolkata', timesheet: 'Open' });
    expect(answer.body.timeline.map((bar: { day: string }) => bar.day)).toEqual(['2026-03-03', '2026-03-03', '2026-03-04']);
    expect(answer.body.trend.find((w: { weekday: string }) => w.weekday === 'Tue').trackedMinutes).toBe(3.5 * HOUR);

    // A new rate applies from now on only.
    expect((await admin.call('PATCH', `/api/companies/${companyId}/members/${ana.userId}`, { name: 'Ana Apollo', teamIds: [apollo], hourlyRate: 99 })).status).toBe(200);
    const again = await dashboard(ana, 'individual', { from: '2026-03-02', to: '2026-03-05' });
    expect(again.body.totals.earningsCents).toBe(7500);
  });

  it('counts a session over a daylight-saving change in real hours, each part on its local day', async () => {
    const answer = await dashboard(bob, 'individual', { from: '2026-10-31', to: '2026-11-01' });
    expect(answer.body.days.map((d: { day: string; trackedMinutes: number }) => [d.day, d.trackedMinutes])).toEqual([
      ['2026-10-31', 1 * HOUR],
      ['2026-11-01', 4 * HOUR],
    ]);
    expect(answer.body.person.timeZone).toBe('America/New_York');
  });

  it('opens a day with its entries and punches', async () => {
    const answer = await dashboard(manager, 'individual/day', { day: '2026-03-03', userId: ana.userId });
    expect(answer.status).toBe(200);
    expect(answer.body.entries.map((e: { start: string; idleMinutes: number; trackedMinutes: number; earningsCents: number }) => [e.start, e.trackedMinutes, e.idleMinutes, e.earningsCents])).toEqual([
      ['2026-03-03T03:30:00.000Z', 2.5 * HOUR, 10, 2500],
      ['2026-03-03T17:30:00.000Z', 1 * HOUR, 0, 2000],
    ]);
    // The entries add up to the day as the dashboard shows it.
    expect(answer.body.totals).toEqual({ trackedMinutes: 3.5 * HOUR, idleMinutes: 10, unproductiveMinutes: 0, productiveMinutes: 3.5 * HOUR - 10, manualMinutes: 0, earningsCents: 4500 });
    const punched = await dashboard(ana, 'individual/day', { day: '2026-03-03' });
    expect(punched.body.punches).toEqual([{ at: '2026-03-03T03:30:00.000Z', state: 'punchin', timeZone: 'Asia/Kolkata' }]);
  });

  it('shows a Member only themselves, and a Manager the people of their teams, themselves last', async () => {
    expect((await dashboard(ana, 'people')).body).toEqual([{ userId: ana.userId, name: 'Ana Apollo' }]);
    expect((await dashboard(manager, 'people')).body.map((p: { name: string }) => p.name)).toEqual(['Ana Apollo', 'Ivy Idle', 'Max Manager']);
    const everyone = (await dashboard(admin, 'people')).body.map((p: { name: string }) => p.name);
    expect(everyone).toEqual(['Ana Apollo', 'Bob Gemini', 'Ivy Idle', 'Max Manager', 'Ada Admin']);
  });

  it('answers someone the caller may not see exactly like someone who does not exist', async () => {
    const hidden = await dashboard(manager, 'individual', { from: '2026-10-31', to: '2026-11-01', userId: bob.userId });
    const missing = await dashboard(manager, 'individual', { from: '2026-10-31', to: '2026-11-01', userId: randomUUID() });
    expect(hidden).toEqual(missing);
    expect(hidden).toMatchObject({ status: 404, body: { message: dashboardMessages.personNotFound } });
    expect((await dashboard(ana, 'individual/day', { day: '2026-11-01', userId: bob.userId })).status).toBe(404);
  });
});

describe('team dashboard', () => {
  it('sums a team’s time, its top projects, who has not tracked, the weekday trend and the top users', async () => {
    const answer = await dashboard(manager, 'team', { from: '2026-03-01', to: '2026-03-31', teamId: apollo });
    expect(answer.status).toBe(200);
    const { body } = answer;
    expect(body.team).toEqual({ teamId: apollo, name: 'Apollo' });
    expect(body.totals).toEqual({
      trackedMinutes: 5 * HOUR,
      idleMinutes: 10,
      unproductiveMinutes: 0,
      productiveMinutes: 5 * HOUR - 10,
      shares: { idle: 3.3, unproductive: 0, productive: 96.7 },
      usageSeen: false,
    });
    expect(body.topProjects).toEqual([{ projectId, prefix: expect.any(String), projectName: 'Moonshot', trackedMinutes: 5 * HOUR }]);
    // The team's people a Manager may see: not its Admin.
    expect(body.untracked.map((p: { name: string }) => p.name)).toEqual(['Ivy Idle', 'Max Manager']);
    const asAdmin = await dashboard(admin, 'team', { from: '2026-03-01', to: '2026-03-31', teamId: apollo });
    expect(asAdmin.body.untracked.map((p: { name: string }) => p.name)).toEqual(['Ada Admin', 'Ivy Idle', 'Max Manager']);
    expect(body.trend.map((w: { weekday: string; trackedMinutes: number }) => [w.weekday, w.trackedMinutes])).toEqual([
      ['Mon', 0],
      ['Tue', 3.5 * HOUR],
      ['Wed', 1.5 * HOUR],
      ['Thu', 0],
      ['Fri', 0],
      ['Sat', 0],
      ['Sun', 0],
    ]);
    expect(body.topUsers.mostHours.map((u: { name: string }) => u.name)).toEqual(['Ana Apollo']);
    expect(body.topUsers.mostProductive[0]).toMatchObject({ name: 'Ana Apollo', percent: 96.7 });
    expect(body.topUsers.mostUnproductive[0]).toMatchObject({ name: 'Ana Apollo', percent: 3.3 });
  });

  it('shows an Admin the whole company without a team, and a Manager only their teams', async () => {
    const company = await dashboard(admin, 'team', { from: '2026-03-01', to: '2026-11-30' });
    expect(company.body.team).toBeNull();
    // Ana's 5 hours in March and 2 yesterday, Bob's 5.
    expect(company.body.totals.trackedMinutes).toBe(12 * HOUR);
    const managed = await dashboard(manager, 'team', { from: '2026-03-01', to: '2026-11-30' });
    expect(managed.body.totals.trackedMinutes).toBe(7 * HOUR);
    expect((await dashboard(manager, 'team', { from: '2026-03-01', to: '2026-11-30', teamId: gemini })).body).toMatchObject({ message: dashboardMessages.teamNotFound });
    expect((await dashboard(ana, 'team', { from: '2026-03-01', to: '2026-03-31' })).body).toMatchObject({ message: accessDenied });
  });

  it('reads a range as local days: from and to included', async () => {
    const oneDay = await dashboard(admin, 'team', { from: '2026-03-04', to: '2026-03-04' });
    expect(oneDay.body.totals.trackedMinutes).toBe(1.5 * HOUR);
    expect((await dashboard(admin, 'team', { from: yesterday, to: yesterday })).body.totals.trackedMinutes).toBe(2 * HOUR);
  });
});

describe('bad ranges', () => {
  it('answers 400 with a clear message and writes nothing', async () => {
    const before = (await server.store.readAll(null, 100_000)).length;
    const cases: [Record<string, string>, string][] = [
      [{ from: '2026-03-05', to: '2026-03-01' }, rangeMessages.reversed],
      [{ from: '2025-01-01', to: '2026-03-01' }, rangeMessages.tooLong],
      [{ from: '2026-02-30', to: '2026-03-01' }, rangeMessages.malformed],
      [{ from: '03/01/2026', to: '2026-03-01' }, rangeMessages.malformed],
    ];
    for (const [query, message] of cases) {
      for (const kind of ['team', 'individual'] as const) {
        expect(await dashboard(admin, kind, query)).toMatchObject({ status: 400, body: { message } });
      }
    }
    expect((await dashboard(admin, 'individual/day', { day: '2026-13-01' })).body).toMatchObject({ message: rangeMessages.malformed });
    expect((await dashboard(admin, 'team', { from: '2026-03-01' })).status).toBe(400);
    expect(MAX_RANGE_DAYS).toBe(366);
    expect((await dashboard(admin, 'team', { from: '2025-03-01', to: '2026-03-01' })).status).toBe(200);
    expect((await server.store.readAll(null, 100_000)).length).toBe(before);
  });
});

describe('read models', () => {
  it('rebuild the time log and rates exactly from the log', async () => {
    const { rebuildProjection } = await import('../../projections/rebuild.ts');
    const { timelogProjection } = await import('../../projections/timelog/timelog.ts');
    const snapshot = async () => ({
      pieces: await server.db.selectFrom('timelog_entries').selectAll().orderBy(['session_id', 'split_index', 'rate_part']).execute(),
      rates: await server.db.selectFrom('member_rates').selectAll().orderBy(['user_id', 'effective_at']).execute(),
    });
    const live = await snapshot();
    expect(live.pieces.length).toBeGreaterThan(0);
    expect(live.rates.map((rate) => rate.rate_cents)).toEqual([1000, 2000, 9900]);
    await rebuildProjection(server.db, server.store, timelogProjection);
    expect(await snapshot()).toEqual(live);
  });
});
