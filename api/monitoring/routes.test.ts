import { randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardMessages } from '../../domain/dashboards/access.ts';
import { rangeMessages } from '../../domain/dashboards/range.ts';
import { accessDenied } from '../../domain/members/roles.ts';
import { monitoringMessages } from '../../domain/monitoring/monitoring.ts';
import { trackerMessages } from '../../domain/time-tracking/tracker.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { seedTrackedCompany } from '../../tests/support/tracked-company.ts';
import { readModelsInclude } from '../../tests/support/read-models.ts';
import { callApi, type ApiUser } from '../../tests/support/users.ts';

let server: TestServer;
let clock: Date | null = null;
let seeded: Awaited<ReturnType<typeof seedTrackedCompany>>;

/** Minutes: the dashboards answer whole minutes. */
const HOUR = 60;
const MINUTE = 1;
/** For the clock, in milliseconds. */
const HOUR_MS = 3_600_000;

const performance = (user: ApiUser, query: Record<string, string> = {}) => user.call('GET', `/api/companies/${seeded.companyId}/performance?${new URLSearchParams(query)}`);
const requestMonitoring = (user: ApiUser, userId: string, body: unknown = {}) => user.call('POST', `/api/companies/${seeded.companyId}/members/${userId}/request-monitoring`, body);
/** An answer's people by name. */
const byName = (people: { name: string }[]): Record<string, any> => Object.fromEntries(people.map((person) => [person.name, person]));

/** Monday 2 to Sunday 8 March 2026: five working days, all past. */
const marchWeek = { from: '2026-03-02', to: '2026-03-08' };

beforeAll(async () => {
  server = await startTestServer({ now: () => clock ?? new Date() });
  seeded = await seedTrackedCompany(server, (at) => {
    clock = at;
  });
}, 120_000);

afterAll(() => server.close());

describe('the performance dashboard', () => {
  it('sums each person’s tracked, idle and productive time from the timer, and their utilization against 8 hours a working day', async () => {
    const answer = await performance(seeded.manager, { ...marchWeek, teamId: seeded.apollo });
    expect(answer.status).toBe(200);
    const { body } = answer;
    expect(body).toMatchObject({ range: marchWeek, team: { teamId: seeded.apollo, name: 'Apollo' }, dailyThresholdMinutes: 8 * HOUR, workingDays: 5 });
    expect(body.people.map((p: { name: string }) => p.name)).toEqual(['Ana Apollo', 'Ivy Idle', 'Max Manager']);
    const people = byName(body.people);
    // 5 hours of the 40 a week asks for.
    expect(people['Ana Apollo']).toEqual({
      userId: seeded.ana.userId,
      name: 'Ana Apollo',
      trackedMinutes: 5 * HOUR,
      productiveMinutes: 5 * HOUR - 10 * MINUTE,
      idleMinutes: 10 * MINUTE,
      unproductiveMinutes: 0,
      utilizationPercent: 12.5,
      desktopSeen: false,
      mayRequestMonitoring: true,
      // The week has ended and nobody submitted it.
      timesheet: 'Open',
    });
    expect(people['Ivy Idle']).toMatchObject({ trackedMinutes: 0, utilizationPercent: 0, mayRequestMonitoring: true });
    // Nobody asks themselves.
    expect(people['Max Manager'].mayRequestMonitoring).toBe(false);
    // The team: 5 hours of 3 people's 120.
    expect(body.totals).toEqual({
      trackedMinutes: 5 * HOUR,
      productiveMinutes: 5 * HOUR - 10 * MINUTE,
      idleMinutes: 10 * MINUTE,
      unproductiveMinutes: 0,
      utilizationPercent: 4.2,
      shares: { idle: 3.3, unproductive: 0, productive: 96.7 },
    });
  });

  it('follows the company’s daily threshold, and expects nothing of a weekend', async () => {
    expect((await seeded.admin.call('PUT', `/api/companies/${seeded.companyId}/settings/threshold`, { hours: 5 })).status).toBe(200);
    try {
      const answer = await performance(seeded.admin, { ...marchWeek, teamId: seeded.apollo });
      expect(answer.body.dailyThresholdMinutes).toBe(5 * HOUR);
      expect(byName(answer.body.people)['Ana Apollo'].utilizationPercent).toBe(20);
      const weekend = await performance(seeded.admin, { from: '2026-03-07', to: '2026-03-08' });
      expect(weekend.body.workingDays).toBe(0);
      expect(weekend.body.totals.utilizationPercent).toBeNull();
    } finally {
      expect((await seeded.admin.call('PUT', `/api/companies/${seeded.companyId}/settings/threshold`, { hours: 8 })).status).toBe(200);
    }
  });

  it('counts only the working days up to today in the company’s time zone', async () => {
    const today = Temporal.Now.plainDateISO('Asia/Kolkata');
    const answer = await performance(seeded.admin, { from: today.subtract({ days: 6 }).toString(), to: today.add({ days: 7 }).toString() });
    expect(answer.status).toBe(200);
    const working = (from: Temporal.PlainDate, days: number) => Array.from({ length: days }, (_, i) => from.add({ days: i })).filter((day) => day.dayOfWeek <= 5).length;
    expect(answer.body.workingDays).toBe(working(today.subtract({ days: 6 }), 7));
  });

  it('shows the last 7 days by default', async () => {
    const today = Temporal.Now.plainDateISO('Asia/Kolkata');
    const answer = await performance(seeded.admin);
    expect(answer.body.range).toEqual({ from: today.subtract({ days: 6 }).toString(), to: today.toString() });
    // Ana's two hours of yesterday.
    expect(byName(answer.body.people)['Ana Apollo'].trackedMinutes).toBe(2 * HOUR);
  });

  it('shows an Admin the whole company, everyone but themselves to ask', async () => {
    const answer = await performance(seeded.admin, { from: '2026-03-01', to: '2026-11-30' });
    expect(answer.status).toBe(200);
    expect(answer.body.team).toBeNull();
    const people = byName(answer.body.people);
    expect(Object.keys(people)).toEqual(['Ada Admin', 'Ana Apollo', 'Bob Gemini', 'Ivy Idle', 'Max Manager']);
    expect(people['Bob Gemini'].trackedMinutes).toBe(5 * HOUR);
    expect(answer.body.totals.trackedMinutes).toBe(12 * HOUR);
    expect(Object.values(people).filter((p: any) => p.mayRequestMonitoring).map((p: any) => p.name)).toEqual(['Ana Apollo', 'Bob Gemini', 'Ivy Idle', 'Max Manager']);
  });

  it('shows a Manager only their team: another team is not found, and all teams are theirs', async () => {
    const all = await performance(seeded.manager, { from: '2026-03-01', to: '2026-11-30' });
    expect(all.body.people.map((p: { name: string }) => p.name)).toEqual(['Ana Apollo', 'Ivy Idle', 'Max Manager']);
    expect(all.body.totals.trackedMinutes).toBe(7 * HOUR);
    const other = await performance(seeded.manager, { ...marchWeek, teamId: seeded.gemini });
    expect(other).toMatchObject({ status: 404, body: { message: dashboardMessages.teamNotFound } });
  });

  it('refuses a Member', async () => {
    expect(await performance(seeded.ana, marchWeek)).toMatchObject({ status: 403, body: { message: accessDenied } });
  });

  it('refuses a range it cannot show, with the dashboards’ messages', async () => {
    const refused = async (query: Record<string, string>, message: string) => expect(await performance(seeded.admin, query)).toMatchObject({ status: 400, body: { message } });
    await refused({ from: '2026-02-30', to: '2026-03-01' }, rangeMessages.malformed);
    await refused({ from: '2026-03-01' }, rangeMessages.malformed);
    await refused({ from: '2026-03-08', to: '2026-03-01' }, rangeMessages.reversed);
    await refused({ from: '2025-01-01', to: '2026-03-01' }, rangeMessages.tooLong);
    expect((await performance(seeded.admin, { from: '2026-03-01', to: '2026-03-01', extra: 'x' })).status).toBe(400);
  });
});

describe('desktop data', () => {
  it('counts time in unproductive applications against productive time, and tells whom the desktop agent reported anything of', async () => {
    const token: string = (await seeded.ana.call('POST', '/api/me/tokens', { name: 'Laptop agent' })).body.token;
    const agent = (path: string, body: unknown) =>
      fetch(`${server.url}/api/companies/${seeded.companyId}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const [task] = (await seeded.ana.call('GET', `/api/companies/${seeded.companyId}/projects/${seeded.projectId}/my-tasks`)).body;
    // From three hours ago to one hour ago (after Ana's latest session, yesterday before noon), from the agent.
    // On whole minutes: a session over midnight counts each local day's whole minutes.
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    try {
      clock = new Date(now - 3 * HOUR_MS);
      const punch = await agent('/punch/in', { timeZone: 'Asia/Kolkata' });
      // Yesterday's punch in may still hold.
      expect(punch.status === 200 || punch.body.message === trackerMessages.alreadyPunchedIn).toBe(true);
      expect((await agent('/timer/start', { teamId: seeded.apollo, projectId: seeded.projectId, taskId: task.taskId, timeZone: 'Asia/Kolkata' })).status).toBe(200);
      // Forty seconds of a video site (unproductive by default), then twenty idle there.
      clock = new Date(now - 2 * HOUR_MS);
      const start = (secondsAgo: number) => new Date(now - 2 * HOUR_MS - secondsAgo * 1000).toISOString();
      const samples = [
        { application: 'YouTube', start: start(60), seconds: 40, idle: false },
        { application: 'YouTube', start: start(20), seconds: 20, idle: true },
      ];
      const usage = await agent('/app-usage', { batchId: 'batch-1', samples });
      expect(usage.status).toBe(201);
      // And half a minute more of it just before: 70 s in all.
      expect((await agent('/app-usage', { batchId: 'batch-0', samples: [{ application: 'YouTube', start: start(90), seconds: 30, idle: false }] })).status).toBe(201);
      clock = new Date(now - HOUR_MS);
      const stopped = await agent('/timer/stop', {});
      expect(stopped.status).toBe(200);
      await readModelsInclude(server, stopped.body);
    } finally {
      clock = null;
    }
    const people = byName((await performance(seeded.manager)).body.people);
    // Yesterday's two hours from the web, and these two.
    // 70 s of unproductive applications: one whole minute, taken from productive time.
    expect(people['Ana Apollo']).toMatchObject({ trackedMinutes: 4 * HOUR, idleMinutes: 0, unproductiveMinutes: 1, productiveMinutes: 4 * HOUR - 1, desktopSeen: true });
    expect(people['Ivy Idle'].desktopSeen).toBe(false);
    // The web timer's March week is not the agent's.
    expect(byName((await performance(seeded.manager, marchWeek)).body.people)['Ana Apollo'].desktopSeen).toBe(false);
  });
});

describe('requesting monitoring', () => {
  /** A mail's text, its quoted-printable soft line breaks joined. */
  const textOf = (mail: { raw: string }) => mail.raw.replace(/=\r?\n/g, '');
  const monitoringMails = (to: string) => server.mailbox.received.filter((mail) => mail.to.includes(to) && mail.links.some((link) => link.endsWith('/profile')));

  it('mails the person once, saying who asks and in which company, with a link to their profile; again only after 24 hours', async () => {
    const before = server.mailbox.received.length;
    const sent = await requestMonitoring(seeded.manager, seeded.ana.userId, { message: 'Please install it before Monday.' });
    expect(sent).toMatchObject({ status: 200, body: { message: monitoringMessages.sent } });
    const link = await server.mailbox.linkTo(seeded.ana.email, '/profile', before);
    expect(link).toBe(`${server.url}/profile`);
    const [mail] = monitoringMails(seeded.ana.email);
    expect(textOf(mail)).toContain('Max Manager of Dashboards Inc asks you to enable the Timeledger desktop agent');
    expect(textOf(mail)).toContain('Please install it before Monday.');

    expect(await requestMonitoring(seeded.admin, seeded.ana.userId)).toMatchObject({ status: 409, body: { message: monitoringMessages.tooSoon } });

    // A mail queued after it arrives alone: the request's went once.
    const marker = await callApi(server, null, 'POST', '/api/auth/sign-up', { fullName: 'Last Comer', email: 'marker@dash.test', password: 'Hopper#1906' });
    expect(marker.status).toBe(201);
    await server.mailbox.linkTo('marker@dash.test', '/auth/verify-email', before);
    expect(monitoringMails(seeded.ana.email)).toHaveLength(1);
    const queued = await server.db.selectFrom('mail_outbox').select(['recipient', 'sent_at']).where('kind', '=', 'monitoring-request').execute();
    expect(queued).toEqual([{ recipient: seeded.ana.email, sent_at: expect.any(Date) }]);

    clock = new Date(Date.now() + 24 * HOUR_MS + 60_000);
    try {
      expect((await requestMonitoring(seeded.admin, seeded.ana.userId)).status).toBe(200);
    } finally {
      clock = null;
    }
    await expect.poll(() => monitoringMails(seeded.ana.email).length, { timeout: 10_000 }).toBe(2);
    expect(textOf(monitoringMails(seeded.ana.email)[1])).toContain('Ada Admin of Dashboards Inc');
  });

  it('refuses a Member, a Manager of another team, and someone not in the company', async () => {
    expect(await requestMonitoring(seeded.ana, seeded.idle.userId)).toMatchObject({ status: 403, body: { message: accessDenied } });
    expect(await requestMonitoring(seeded.manager, seeded.bob.userId)).toMatchObject({ status: 403, body: { message: accessDenied } });
    expect(await requestMonitoring(seeded.admin, randomUUID())).toMatchObject({ status: 404, body: { message: dashboardMessages.personNotFound } });
    expect(await requestMonitoring(seeded.admin, seeded.admin.userId)).toMatchObject({ status: 403, body: { message: accessDenied } });
  });

  it('takes a note of at most 1,000 characters and nothing else', async () => {
    expect((await requestMonitoring(seeded.admin, seeded.bob.userId, { message: 'x'.repeat(1001) })).status).toBe(400);
    expect((await requestMonitoring(seeded.admin, seeded.bob.userId, { message: 'Hi', cc: 'someone@else.test' })).status).toBe(400);
    expect(monitoringMails(seeded.bob.email)).toHaveLength(0);
  });
});
