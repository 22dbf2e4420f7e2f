import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardMessages } from '../../domain/dashboards/access.ts';
import { MAX_RANGE_DAYS, rangeMessages } from '../../domain/dashboards/range.ts';
import { accessDenied } from '../../domain/members/roles.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../../tests/support/users.ts';

let server: TestServer;
let clock: Date | null = null;
let admin: ApiUser;
let manager: ApiUser;
let ana: ApiUser;
let bob: ApiUser;
let idle: ApiUser;
let companyId: string;
let apollo: string;
let gemini: string;
let projectId: string;
const tasks = new Map<string, string>();

const HOUR = 3_600_000;
const at = (iso: string) => {
  clock = new Date(iso);
};

/** A session tracked from `start` to `end` (ISO instants) on the person's task, with idle minutes reported as the desktop agent does, two a beat. */
async function track(user: ApiUser, teamId: string, timeZone: string, start: string, end: string, idleMinutes = 0) {
  at(start);
  const started = await user.call('POST', `/api/companies/${companyId}/timer/start`, { teamId, projectId, taskId: tasks.get(user.userId), timeZone });
  expect(started.status).toBe(200);
  for (let reported = 0; reported < idleMinutes; reported += 2) {
    at(new Date(Date.parse(start) + (reported + 2) * 60_000).toISOString());
    expect((await user.call('POST', `/api/companies/${companyId}/timer/heartbeat`, { sessionId: started.body.session.sessionId, idleMinutes: 2 })).status).toBe(200);
  }
  at(end);
  expect((await user.call('POST', `/api/companies/${companyId}/timer/stop`, {})).status).toBe(200);
}

const dashboard = (user: ApiUser, kind: 'team' | 'individual' | 'individual/day' | 'people', query: Record<string, string> = {}) =>
  user.call('GET', `/api/companies/${companyId}/dashboards/${kind}?${new URLSearchParams(query)}`);

beforeAll(async () => {
  server = await startTestServer({ now: () => clock ?? new Date() });
  [admin, manager, ana, bob, idle] = await Promise.all([
    signedInUser(server, 'admin@dash.test', 'Ada Admin'),
    signedInUser(server, 'manager@dash.test', 'Max Manager'),
    signedInUser(server, 'ana@dash.test', 'Ana Apollo'),
    signedInUser(server, 'bob@dash.test', 'Bob Gemini'),
    signedInUser(server, 'ivy@dash.test', 'Ivy Idle'),
  ]);
  companyId = await createCompany(admin, 'Dashboards Inc');
  apollo = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Apollo' })).body.teamId;
  gemini = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Gemini' })).body.teamId;
  await inviteAndAccept(server, admin, companyId, manager, 'Manager', [apollo]);
  await inviteAndAccept(server, admin, companyId, ana, 'Member', [apollo]);
  await inviteAndAccept(server, admin, companyId, idle, 'Member', [apollo]);
  await inviteAndAccept(server, admin, companyId, bob, 'Member', [gemini]);
  projectId = (await admin.call('POST', `/api/companies/${companyId}/projects`, { name: 'Moonshot' })).body.projectId;
  for (const user of [ana, bob]) {
    const task = { projectId, title: `${user.email} task`, description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: user.userId };
    tasks.set(user.userId, (await admin.call('POST', `/api/companies/${companyId}/tasks`, task)).body.taskId);
  }

  // Ana (India): $10 an hour from March, $20 from the evening of 3 March.
  at('2026-03-01T00:00:00Z');
  expect((await admin.call('PATCH', `/api/companies/${companyId}/members/${ana.userId}`, { name: 'Ana Apollo', teamIds: [apollo], hourlyRate: 10 })).status).toBe(200);
  expect((await ana.call('POST', `/api/companies/${companyId}/punch/in`, { timeZone: 'Asia/Kolkata' })).status).toBe(200);
  // Tue 3 March, 09:00–11:30 IST, 10 idle minutes.
  await track(ana, apollo, 'Asia/Kolkata', '2026-03-03T03:30:00Z', '2026-03-03T06:00:00Z', 10);
  at('2026-03-03T12:00:00Z');
  expect((await admin.call('PATCH', `/api/companies/${companyId}/members/${ana.userId}`, { name: 'Ana Apollo', teamIds: [apollo], hourlyRate: 20 })).status).toBe(200);
  // Over midnight: 3 March 23:00 to 4 March 01:30 IST.
  await track(ana, apollo, 'Asia/Kolkata', '2026-03-03T17:30:00Z', '2026-03-03T20:00:00Z');

  // Bob (New York) over the end of daylight saving: 31 October 23:00 EDT to 1 November 03:00 EST, five real hours.
  at('2026-10-31T00:00:00Z');
  expect((await bob.call('POST', `/api/companies/${companyId}/punch/in`, { timeZone: 'America/New_York' })).status).toBe(200);
  await track(bob, gemini, 'America/New_York', '2026-11-01T03:00:00Z', '2026-11-01T08:00:00Z');
  clock = null;
}, 120_000);

afterAll(() => server.close());

describe('individual dashboard', () => {
  it('splits the session over midnight, prices each part at the rate in force, and keeps past earnings when the rate changes', async () => {
    const answer = await dashboard(ana, 'individual', { from: '2026-03-02', to: '2026-03-05' });
    expect(answer.status).toBe(200);
    const days = Object.fromEntries(answer.body.days.map((d: { day: string }) => [d.day, d]));
    expect(Object.keys(days)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']);
    expect(days['2026-03-02']).toMatchObject({ trackedMs: 0, earningsCents: 0, rateCents: null, firstStart: null });
    // 2.5 h at $10 and, after the change, the hour before midnight at $20.
    expect(days['2026-03-03']).toMatchObject({ trackedMs: 3.5 * HOUR, idleMs: 10 * 60_000, productiveMs: 3.5 * HOUR - 10 * 60_000, earningsCents: 2500 + 2000, rateCents: 2000 });
    expect(days['2026-03-03'].firstStart).toBe('2026-03-03T03:30:00.000Z');
    expect(days['2026-03-04']).toMatchObject({ trackedMs: 1.5 * HOUR, idleMs: 0, earningsCents: 3000, rateCents: 2000, lastEnd: '2026-03-03T20:00:00.000Z' });
    expect(answer.body.totals).toEqual({ trackedMs: 5 * HOUR, idleMs: 10 * 60_000, productiveMs: 5 * HOUR - 10 * 60_000, earningsCents: 7500 });
    expect(answer.body.person).toEqual({ userId: ana.userId, name: 'Ana Apollo', timeZone: 'Asia/Kolkata' });
    expect(answer.body.timeline.map((bar: { day: string }) => bar.day)).toEqual(['2026-03-03', '2026-03-03', '2026-03-04']);
    expect(answer.body.trend.find((w: { weekday: string }) => w.weekday === 'Tue').trackedMs).toBe(3.5 * HOUR);

    // A new rate applies from now on only.
    expect((await admin.call('PATCH', `/api/companies/${companyId}/members/${ana.userId}`, { name: 'Ana Apollo', teamIds: [apollo], hourlyRate: 99 })).status).toBe(200);
    const again = await dashboard(ana, 'individual', { from: '2026-03-02', to: '2026-03-05' });
    expect(again.body.totals.earningsCents).toBe(7500);
  });

  it('counts a session over a daylight-saving change in real hours, each part on its local day', async () => {
    const answer = await dashboard(bob, 'individual', { from: '2026-10-31', to: '2026-11-01' });
    expect(answer.body.days.map((d: { day: string; trackedMs: number }) => [d.day, d.trackedMs])).toEqual([
      ['2026-10-31', 1 * HOUR],
      ['2026-11-01', 4 * HOUR],
    ]);
    expect(answer.body.person.timeZone).toBe('America/New_York');
  });

  it('opens a day with its entries and punches', async () => {
    const answer = await dashboard(manager, 'individual/day', { day: '2026-03-03', userId: ana.userId });
    expect(answer.status).toBe(200);
    expect(answer.body.entries.map((e: { start: string; idleMs: number }) => [e.start, e.idleMs])).toEqual([
      ['2026-03-03T03:30:00.000Z', 10 * 60_000],
      ['2026-03-03T17:30:00.000Z', 0],
    ]);
    const punched = await dashboard(ana, 'individual/day', { day: '2026-03-01' });
    expect(punched.body.punches).toEqual([{ at: '2026-03-01T00:00:00.000Z', state: 'punchin', timeZone: 'Asia/Kolkata' }]);
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
    expect(body.totals).toEqual({ trackedMs: 5 * HOUR, idleMs: 10 * 60_000, productiveMs: 5 * HOUR - 10 * 60_000 });
    expect(body.topProjects).toEqual([{ projectId, prefix: expect.any(String), projectName: 'Moonshot', trackedMs: 5 * HOUR }]);
    expect(body.untracked.map((p: { name: string }) => p.name)).toEqual(['Ivy Idle', 'Max Manager']);
    expect(body.trend.map((w: { weekday: string; trackedMs: number }) => [w.weekday, w.trackedMs])).toEqual([
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
    expect(company.body.totals.trackedMs).toBe(10 * HOUR);
    const managed = await dashboard(manager, 'team', { from: '2026-03-01', to: '2026-11-30' });
    expect(managed.body.totals.trackedMs).toBe(5 * HOUR);
    expect((await dashboard(manager, 'team', { from: '2026-03-01', to: '2026-11-30', teamId: gemini })).body).toMatchObject({ message: dashboardMessages.teamNotFound });
    expect((await dashboard(ana, 'team', { from: '2026-03-01', to: '2026-03-31' })).body).toMatchObject({ message: accessDenied });
  });

  it('reads a range as local days: from and to included', async () => {
    const oneDay = await dashboard(admin, 'team', { from: '2026-03-04', to: '2026-03-04' });
    expect(oneDay.body.totals.trackedMs).toBe(1.5 * HOUR);
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
