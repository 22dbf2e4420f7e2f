import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUsageMessages } from '../../domain/app-usage/app-usage.ts';
import { accessDenied } from '../../domain/members/roles.ts';
import { trackerMessages } from '../../domain/time-tracking/tracker.ts';
import { readModelsInclude } from '../../tests/support/read-models.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../../tests/support/users.ts';

let server: TestServer;
let clock: Date | null = null;
let admin: ApiUser;
let manager: ApiUser;
let ana: ApiUser;
let outsider: ApiUser;
let companyId: string;
let apollo: string;
let projectId: string;
let taskId: string;
let anaAgent: Agent;
let outsiderAgent: Agent;

type Agent = (path: string, body: unknown) => Promise<{ status: number; body: any }>;

/** The desktop agent: an API token instead of a session. */
const agentOf = async (user: ApiUser): Promise<Agent> => {
  const { token } = (await user.call('POST', '/api/me/tokens', { name: 'Agent' })).body;
  return (path, body) =>
    fetch(`${server.url}/api/companies/${companyId}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (r) => {
      const answer = await r.json();
      await readModelsInclude(server, answer);
      return { status: r.status, body: answer };
    });
};

const at = (iso: string) => {
  clock = new Date(iso);
};
const eventCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM events`.execute(server.db)).rows[0].n);
const sample = (application: string, start: string, seconds: number, idle = false) => ({ application, start, seconds, idle });
const usage = (batchId: string, samples: unknown[]) => anaAgent('/app-usage', { batchId, samples });
const appDay = (user: ApiUser, day: string, userId = ana.userId) => user.call('GET', `/api/companies/${companyId}/application-dashboard?day=${day}&userId=${userId}`);
const appTeamDay = (user: ApiUser, day: string) => user.call('GET', `/api/companies/${companyId}/application-dashboard/team?day=${day}&teamId=${apollo}`);
const applications = (body: { applications: { application: string; category: string; activeMs: number }[] }) =>
  body.applications.map((a) => [a.application, a.category, a.activeMs]);

/** Ana's timer, started by her agent after punching in, in Asia/Kolkata. */
const startTimer = async (iso: string) => {
  at(iso);
  const punch = await anaAgent('/punch/in', { timeZone: 'Asia/Kolkata' });
  if (punch.status !== 200 && punch.body.message !== trackerMessages.alreadyPunchedIn) throw new Error(JSON.stringify(punch.body));
  const started = await anaAgent('/timer/start', { teamId: apollo, projectId, taskId, timeZone: 'Asia/Kolkata' });
  if (started.status !== 200) throw new Error(JSON.stringify(started.body));
};
const stopTimer = async (iso: string) => {
  at(iso);
  const stopped = await anaAgent('/timer/stop', {});
  if (stopped.status !== 200) throw new Error(JSON.stringify(stopped.body));
};

beforeAll(async () => {
  server = await startTestServer({ now: () => clock ?? new Date() });
  [admin, manager, ana, outsider] = await Promise.all([
    signedInUser(server, 'admin@apps.test', 'Ada Admin'),
    signedInUser(server, 'manager@apps.test', 'Max Manager'),
    signedInUser(server, 'ana@apps.test', 'Ana Apollo'),
    signedInUser(server, 'outsider@apps.test', 'Otto Outsider'),
  ]);
  companyId = await createCompany(admin, 'Apps Inc');
  await createCompany(outsider, 'Elsewhere Ltd');
  apollo = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Apollo' })).body.teamId;
  await inviteAndAccept(server, admin, companyId, manager, 'Manager', [apollo]);
  await inviteAndAccept(server, admin, companyId, ana, 'Member', [apollo]);
  projectId = (await admin.call('POST', `/api/companies/${companyId}/projects`, { name: 'Moonshot' })).body.projectId;
  const task = { projectId, title: 'Build', description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: ana.userId };
  taskId = (await admin.call('POST', `/api/companies/${companyId}/tasks`, task)).body.taskId;
  anaAgent = await agentOf(ana);
  outsiderAgent = await agentOf(outsider);
}, 120_000);

afterAll(() => server.close());

describe('application usage from the desktop agent', () => {
  it('records batches while the timer runs and shows them on the application dashboard', async () => {
    // Tue 7 April 2026, 09:30 IST.
    await startTimer('2026-04-07T04:00:00.000Z');
    at('2026-04-07T04:01:00.000Z');
    const first = await usage('batch-1', [sample('Slack', '2026-04-07T04:00:00.000Z', 40), sample('YouTube', '2026-04-07T04:00:40.000Z', 20)]);
    expect(first).toMatchObject({ status: 201, body: { batchId: 'batch-1', samples: 2 } });
    at('2026-04-07T04:02:00.000Z');
    const second = await usage('batch-2', [sample('youtube', '2026-04-07T04:01:00.000Z', 30), sample('Visual Studio Code', '2026-04-07T04:01:30.000Z', 30, true)]);
    expect(second.status).toBe(201);
    await stopTimer('2026-04-07T05:00:00.000Z');

    const answer = await appDay(manager, '2026-04-07');
    expect(answer.status).toBe(200);
    expect(answer.body.person).toEqual({ userId: ana.userId, name: 'Ana Apollo', timeZone: 'Asia/Kolkata' });
    expect(applications(answer.body)).toEqual([
      ['YouTube', 'unproductive', 50_000],
      ['Slack', 'productive', 40_000],
      ['Visual Studio Code', 'productive', 0],
    ]);
    expect(answer.body.applications[2].idleMs).toBe(30_000);
    // The day's time in the minutes every page shows: 50 s of YouTube is no whole minute yet.
    expect(answer.body.totals).toEqual({
      trackedMinutes: 60,
      idleMinutes: 0,
      unproductiveMinutes: 0,
      productiveMinutes: 60,
      breakMs: 0,
      punchIn: '2026-04-07T04:00:00.000Z',
      punchOut: null,
    });
  });

  it('writes nothing for a batch id sent again, even once the timer stopped', async () => {
    const before = await eventCount();
    const again = await usage('batch-1', [sample('Slack', '2026-04-07T04:00:00.000Z', 40), sample('YouTube', '2026-04-07T04:00:40.000Z', 20)]);
    expect(again).toMatchObject({ status: 200, body: { batchId: 'batch-1' } });
    expect(await eventCount()).toBe(before);
    expect(applications((await appDay(manager, '2026-04-07')).body)[0]).toEqual(['YouTube', 'unproductive', 50_000]);
  });

  it('refuses a batch while the timer is not running', async () => {
    at('2026-04-07T06:00:00.000Z');
    const refused = await usage('batch-3', [sample('Slack', '2026-04-07T05:59:00.000Z', 30)]);
    expect(refused).toMatchObject({ status: 409, body: { message: trackerMessages.noSession } });
  });

  it('refuses more than a minute of samples, and samples outside the session', async () => {
    await startTimer('2026-04-07T07:00:00.000Z');
    at('2026-04-07T07:05:00.000Z');
    const before = await eventCount();
    const long = await usage('batch-4', [sample('Slack', '2026-04-07T07:01:00.000Z', 31), sample('Slack', '2026-04-07T07:01:31.000Z', 30)]);
    expect(long).toMatchObject({ status: 400, body: { message: appUsageMessages.tooMuch } });
    const tooMany = await usage('batch-4', Array.from({ length: 61 }, () => sample('Slack', '2026-04-07T07:01:00.000Z', 1)));
    expect(tooMany.status).toBe(400);
    const early = await usage('batch-4', [sample('Slack', '2026-04-07T06:59:00.000Z', 30)]);
    expect(early).toMatchObject({ status: 400, body: { message: appUsageMessages.outsideSession } });
    const future = await usage('batch-4', [sample('Slack', '2026-04-07T07:05:00.000Z', 30)]);
    expect(future).toMatchObject({ status: 400, body: { message: appUsageMessages.outsideSession } });
    expect((await usage('bad id!', [sample('Slack', '2026-04-07T07:01:00.000Z', 30)])).status).toBe(400);
    expect((await usage('batch-4', [{ ...sample('Slack', '2026-04-07T07:01:00.000Z', 30), extra: 1 }])).status).toBe(400);
    expect(await eventCount()).toBe(before);
    await stopTimer('2026-04-07T07:10:00.000Z');
  });

  it('refuses another company’s token', async () => {
    await startTimer('2026-04-07T08:00:00.000Z');
    at('2026-04-07T08:01:00.000Z');
    const before = await eventCount();
    const refused = await outsiderAgent('/app-usage', { batchId: 'batch-x', samples: [sample('Slack', '2026-04-07T08:00:00.000Z', 30)] });
    expect(refused.status).toBe(404);
    expect(await eventCount()).toBe(before);
    await stopTimer('2026-04-07T08:10:00.000Z');
  });

  it('splits a sample over local midnight across the two days', async () => {
    // 23:50 IST on Wed 8 April.
    await startTimer('2026-04-08T18:20:00.000Z');
    at('2026-04-08T18:31:00.000Z');
    expect((await usage('batch-midnight', [sample('Figma', '2026-04-08T18:29:40.000Z', 40)])).status).toBe(201);
    await stopTimer('2026-04-08T18:40:00.000Z');
    await anaAgent('/punch/out', {});
    expect(applications((await appDay(manager, '2026-04-08')).body)).toEqual([['Figma', 'productive', 20_000]]);
    expect(applications((await appDay(manager, '2026-04-09')).body)).toEqual([['Figma', 'productive', 20_000]]);
  });
});

describe('application categories', () => {
  const put = (user: ApiUser, application: string, category: string) => user.call('PUT', `/api/companies/${companyId}/app-categories`, { application, category });
  const individualDay = async () => (await manager.call('GET', `/api/companies/${companyId}/dashboards/individual?from=2026-04-07&to=2026-04-07&userId=${ana.userId}`)).body;
  const teamDay = async () => (await manager.call('GET', `/api/companies/${companyId}/dashboards/team?from=2026-04-07&to=2026-04-07&teamId=${apollo}`)).body;

  it('counts unproductive applications against productive time on every dashboard, and a change at once', async () => {
    // 60 + 10 + 10 minutes tracked on the 7th; 50 s of YouTube: no whole minute of unproductive time yet.
    const tracked = 80;
    const parts = (figures: { trackedMinutes: number; idleMinutes: number; unproductiveMinutes: number; productiveMinutes: number }) => [
      figures.trackedMinutes,
      figures.idleMinutes,
      figures.unproductiveMinutes,
      figures.productiveMinutes,
    ];
    expect(parts((await individualDay()).totals)).toEqual([tracked, 0, 0, tracked]);
    expect(parts((await teamDay()).totals)).toEqual([tracked, 0, 0, tracked]);
    expect((await teamDay()).totals.usageSeen).toBe(true);

    // With Slack's 40 s, 90 s: one whole minute, taken from productive time on every page at once.
    const changed = await put(admin, ' slack ', 'unproductive');
    expect(changed.status).toBe(200);
    expect(parts((await individualDay()).totals)).toEqual([tracked, 0, 1, tracked - 1]);
    expect(parts((await individualDay()).days[0])).toEqual([tracked, 0, 1, tracked - 1]);
    const team = await teamDay();
    expect(parts(team.totals)).toEqual([tracked, 0, 1, tracked - 1]);
    expect(team.totals.shares).toEqual({ idle: 0, unproductive: 1.3, productive: 98.7 });
    expect(parts(team.topUsers.mostHours[0])).toEqual([tracked, 0, 1, tracked - 1]);
    const appDashboard = (await appDay(manager, '2026-04-07')).body;
    expect(parts(appDashboard.totals)).toEqual([tracked, 0, 1, tracked - 1]);
    expect(applications(appDashboard)[1]).toEqual(['Slack', 'unproductive', 40_000]);
    const teamApps = (await appTeamDay(manager, '2026-04-07')).body;
    expect(parts(teamApps.totals)).toEqual([tracked, 0, 1, tracked - 1]);
    expect(teamApps.people.find((p: { userId: string }) => p.userId === ana.userId)).toMatchObject({ name: 'Ana Apollo', unproductiveMinutes: 1 });

    // YouTube counted as productive from now on: neither is unproductive any more... then back.
    await put(admin, 'YouTube', 'productive');
    await put(admin, 'Slack', 'neutral');
    expect((await individualDay()).totals.productiveMinutes).toBe(tracked);
    await put(admin, 'YouTube', 'unproductive');
    expect((await individualDay()).totals.productiveMinutes).toBe(tracked);
  });

  it('lists the defaults, the company’s choices and the applications seen', async () => {
    const list = await manager.call('GET', `/api/companies/${companyId}/app-categories`);
    expect(list.status).toBe(200);
    const byName = new Map(list.body.applications.map((a: { application: string }) => [a.application, a]));
    expect(byName.get('Slack')).toMatchObject({ category: 'neutral', chosen: true, seen: true, updatedBy: 'Ada Admin' });
    expect(byName.get('Netflix')).toMatchObject({ category: 'unproductive', chosen: false, seen: false, updatedBy: null });
    expect(byName.get('Figma')).toMatchObject({ category: 'productive', chosen: false, seen: true });
  });

  it('lets only Admins change a category', async () => {
    const before = await eventCount();
    expect(await put(manager, 'Slack', 'unproductive')).toMatchObject({ status: 403, body: { message: accessDenied } });
    expect((await put(ana, 'Slack', 'unproductive')).status).toBe(403);
    expect((await put(admin, 'Slack', 'bored')).status).toBe(400);
    expect((await put(admin, '   ', 'productive')).status).toBe(400);
    expect(await eventCount()).toBe(before);
  });
});

describe('application dashboard', () => {
  it('shows the break between punches and the punches of the day', async () => {
    // Fri 10 April: 09:30 to 10:30 IST, then 11:00 to 12:00 IST.
    const punch = (direction: 'in' | 'out', iso: string) => {
      at(iso);
      return anaAgent(`/punch/${direction}`, { timeZone: 'Asia/Kolkata' });
    };
    await punch('in', '2026-04-10T04:00:00.000Z');
    await punch('out', '2026-04-10T05:00:00.000Z');
    await punch('in', '2026-04-10T05:30:00.000Z');
    await punch('out', '2026-04-10T06:30:00.000Z');
    clock = null;
    const { totals } = (await appDay(admin, '2026-04-10')).body;
    expect(totals).toMatchObject({ breakMs: 30 * 60_000, punchIn: '2026-04-10T04:00:00.000Z', punchOut: '2026-04-10T06:30:00.000Z' });
  });

  it('is for Admins, Heads and Managers, each seeing only whom they may', async () => {
    expect((await appDay(ana, '2026-04-07')).status).toBe(403);
    expect((await appTeamDay(ana, '2026-04-07')).status).toBe(403);
    expect((await appDay(manager, '2026-04-07', admin.userId)).status).toBe(404);
    expect((await manager.call('GET', `/api/companies/${companyId}/application-dashboard?day=2026-13-01`)).status).toBe(400);
  });
});

// Last: the clock moves on to later days, and a tracker's clock never goes back.
describe('application usage sent late', () => {
  it('records what an agent offline meanwhile saw in a session that has ended since, up to its end', async () => {
    // Mon 20 April 2026, 09:30–10:30 IST; the agent comes back online at 14:30.
    await startTimer('2026-04-20T04:00:00.000Z');
    await stopTimer('2026-04-20T05:00:00.000Z');
    at('2026-04-20T09:00:00.000Z');
    const late = await usage('batch-late', [sample('Figma', '2026-04-20T04:59:00.000Z', 60)]);
    expect(late).toMatchObject({ status: 201, body: { batchId: 'batch-late', samples: 1 } });
    expect(applications((await appDay(manager, '2026-04-20')).body)).toEqual([['Figma', 'productive', 60_000]]);
    const after = await usage('batch-after', [sample('Figma', '2026-04-20T05:00:30.000Z', 30)]);
    expect(after).toMatchObject({ status: 409, body: { message: trackerMessages.noSession } });
    // A day after the session ended, what it saw is no longer taken.
    at('2026-04-21T05:00:01.000Z');
    const tooLate = await usage('batch-too-late', [sample('Figma', '2026-04-20T04:58:00.000Z', 30)]);
    expect(tooLate).toMatchObject({ status: 409, body: { message: trackerMessages.noSession } });
  });
});

// After the late batches: Ana's latest day is Mon 20 April.
describe('the day the application dashboard opens on', () => {
  const openingDay = (user: ApiUser, userId: string) => user.call('GET', `/api/companies/${companyId}/application-dashboard/opening-day?userId=${userId}`);
  const teamOpeningDay = (user: ApiUser, teamId?: string) =>
    user.call('GET', `/api/companies/${companyId}/application-dashboard/team/opening-day${teamId ? `?teamId=${teamId}` : ''}`);

  it('is the latest day with data, not an empty today: yesterday before anyone starts', async () => {
    // Tue 21 April, 07:00 IST: nothing tracked yet today.
    at('2026-04-21T01:30:00.000Z');
    expect((await openingDay(manager, ana.userId)).body).toEqual({ day: '2026-04-20', timeZone: 'Asia/Kolkata', hasData: true });
    expect((await teamOpeningDay(manager, apollo)).body).toEqual({ day: '2026-04-20', timeZone: 'Asia/Kolkata', hasData: true });
    expect((await teamOpeningDay(admin)).body).toEqual({ day: '2026-04-20', timeZone: 'Asia/Kolkata', hasData: true });
  });

  it('is today in the company’s zone for someone without any data', async () => {
    // 01:30 on Wed 22 April in India, still the 21st in UTC.
    at('2026-04-21T20:00:00.000Z');
    expect((await openingDay(admin, manager.userId)).body).toEqual({ day: '2026-04-22', timeZone: 'Asia/Kolkata', hasData: false });
  });

  it('is the person’s own local day, in their zone, when it is already tomorrow for the company', async () => {
    // 01:00 on Thu 23 April at UTC+14, still Wed 22 April in India.
    const zone = 'Pacific/Kiritimati';
    at('2026-04-22T11:00:00.000Z');
    expect((await anaAgent('/punch/in', { timeZone: zone })).status).toBe(200);
    expect((await anaAgent('/timer/start', { teamId: apollo, projectId, taskId, timeZone: zone })).status).toBe(200);
    await stopTimer('2026-04-22T12:00:00.000Z');
    expect((await openingDay(manager, ana.userId)).body).toEqual({ day: '2026-04-23', timeZone: zone, hasData: true });
    expect((await teamOpeningDay(manager, apollo)).body).toMatchObject({ day: '2026-04-23', timeZone: zone });
  });

  it('answers only those who may see the dashboard, and only about whom they may see', async () => {
    expect((await openingDay(ana, ana.userId)).status).toBe(403);
    expect((await teamOpeningDay(ana, apollo)).status).toBe(403);
    expect((await openingDay(manager, admin.userId)).status).toBe(404);
    expect((await openingDay(manager, 'not-an-id')).status).toBe(400);
  });
});
