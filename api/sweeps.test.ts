import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProjectionWorker, type ProjectionWorker } from '../projections/worker.ts';
import { startTestServer, type TestServer } from '../tests/support/test-server.ts';
import { timeTrackingAt } from '../tests/support/time-tracking.ts';
import { createCompany, inviteAndAccept, signedInUser } from '../tests/support/users.ts';
import { startBackgroundWork } from './background.ts';
import { type Sweeps, startSweeps } from './sweeps.ts';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const SHORT_INTERVAL_MS = 100;

describe('API replicas without projections, and a separate worker', () => {
  let server: TestServer;
  let worker: ProjectionWorker;
  // The worker's clock: the real one until a test moves it on.
  let later: Date | null = null;

  beforeAll(async () => {
    server = await startTestServer({ runProjections: false });
    // As scripts/worker.ts starts it (scripts/worker.test.ts starts that process), with a short interval and a clock of its own.
    worker = await startProjectionWorker({
      databaseUrl: server.databaseUrl,
      log,
      startBackgroundWork: (options) =>
        startBackgroundWork({ ...options, settings: server.background, sweepIntervalMs: SHORT_INTERVAL_MS, now: () => later ?? new Date() }),
    });
  });
  afterAll(async () => {
    await worker.stop();
    await server.close();
  });

  it('mails the invite: the worker runs the mail reactor', async () => {
    const [admin, invitee] = await Promise.all([signedInUser(server, 'admin@mail.test', 'Ada Admin'), signedInUser(server, 'new@mail.test', 'Nu Newcomer')]);
    const companyId = await createCompany(admin, 'Mailers');
    const teamId = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Crew' })).body.teamId;
    await inviteAndAccept(server, admin, companyId, invitee, 'Member', [teamId]);
    expect(server.mailbox.received.filter((mail) => mail.to.includes('new@mail.test')).map((mail) => mail.links.some((link) => link.includes('/invitation')))).toEqual([false, true]);
  });

  it('ends a session whose heartbeats stopped: the worker sweeps', async () => {
    const [manager, member] = await Promise.all([signedInUser(server, 'boss@sweep.test', 'Bo Boss'), signedInUser(server, 'member@sweep.test', 'Mo Member')]);
    const companyId = await createCompany(manager, 'Sweepers');
    const teamId = (await manager.call('POST', `/api/companies/${companyId}/teams`, { name: 'Crew' })).body.teamId;
    await inviteAndAccept(server, manager, companyId, member, 'Member', [teamId]);
    const projectId = (await manager.call('POST', `/api/companies/${companyId}/projects`, { name: 'Sweeping' })).body.projectId;
    const task = { projectId, title: 'Sweep', description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: member.userId };
    const taskId = (await manager.call('POST', `/api/companies/${companyId}/tasks`, task)).body.taskId;
    await member.call('POST', `/api/companies/${companyId}/punch/in`, {});
    const { session } = (await member.call('POST', `/api/companies/${companyId}/timer/start`, { teamId, projectId, taskId })).body;
    expect(await server.db.selectFrom('running_timers').select('session_id').where('user_id', '=', member.userId).execute()).toHaveLength(1);

    // Ten minutes later, with no heartbeat since the start.
    later = new Date(Date.parse(session.startedAt) + 10 * 60_000);
    await expect
      .poll(() => server.db.selectFrom('abandoned_sessions').select('session_id').where('user_id', '=', member.userId).execute(), { timeout: 10_000 })
      .toEqual([{ session_id: session.sessionId }]);
    expect(await server.db.selectFrom('running_timers').select('session_id').where('user_id', '=', member.userId).execute()).toEqual([]);
  });

  it('ends a session at its last beat in timer_liveness plus 30 s, then forgets that beat', async () => {
    later = null;
    const [manager, member] = await Promise.all([signedInUser(server, 'boss@beat.test', 'Bo Boss'), signedInUser(server, 'member@beat.test', 'Mo Member')]);
    const companyId = await createCompany(manager, 'Beaters');
    const teamId = (await manager.call('POST', `/api/companies/${companyId}/teams`, { name: 'Crew' })).body.teamId;
    await inviteAndAccept(server, manager, companyId, member, 'Member', [teamId]);
    const projectId = (await manager.call('POST', `/api/companies/${companyId}/projects`, { name: 'Beating' })).body.projectId;
    const task = { projectId, title: 'Beat', description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: member.userId };
    const taskId = (await manager.call('POST', `/api/companies/${companyId}/tasks`, task)).body.taskId;
    await member.call('POST', `/api/companies/${companyId}/punch/in`, {});
    const { session } = (await member.call('POST', `/api/companies/${companyId}/timer/start`, { teamId, projectId, taskId })).body;
    const startedAt = Date.parse(session.startedAt);
    // A plain beat three minutes in, as the API would take it then: no event, only timer_liveness.
    const actor = { kind: 'member' as const, userId: member.userId, companyId, role: 'Member' as const, managedTeams: new Set<string>() };
    const access = { company: { company_id: companyId }, userId: member.userId, actor } as unknown as Parameters<ReturnType<typeof timeTrackingAt>['heartbeat']>[0];
    await timeTrackingAt(server, () => new Date(startedAt + 3 * 60_000)).heartbeat(access, session.sessionId, 0, { correlationId: 'test' });
    await expect.poll(() => server.db.selectFrom('running_timers').select('session_id').where('user_id', '=', member.userId).execute(), { timeout: 10_000 }).toHaveLength(1);

    // Nine minutes after the start: six after the last beat.
    later = new Date(startedAt + 9 * 60_000);
    const abandoned = () => server.db.selectFrom('abandoned_sessions').select(['session_id', 'ended_at', 'last_heartbeat_at']).where('user_id', '=', member.userId).execute();
    await expect.poll(abandoned, { timeout: 10_000 }).toHaveLength(1);
    expect(await abandoned()).toEqual([{ session_id: session.sessionId, ended_at: new Date(startedAt + 3 * 60_000 + 30_000), last_heartbeat_at: new Date(startedAt + 3 * 60_000) }]);
    await expect.poll(() => server.db.selectFrom('timer_liveness').select('session_id').where('session_id', '=', session.sessionId).execute(), { timeout: 10_000 }).toEqual([]);
  });

  it('moves the pending leave and regularization requests of an assignee who left the team to another manager', async () => {
    later = null;
    const [admin, max, mia, ana] = await Promise.all([
      signedInUser(server, 'admin@requests.test', 'Ada Admin'),
      signedInUser(server, 'max@requests.test', 'Max Manager'),
      signedInUser(server, 'mia@requests.test', 'Mia Manager'),
      signedInUser(server, 'ana@requests.test', 'Ana Apollo'),
    ]);
    const companyId = await createCompany(admin, 'Movers');
    const path = (rest: string) => `/api/companies/${companyId}${rest}`;
    const teamId = (await admin.call('POST', path('/teams'), { name: 'Crew' })).body.teamId;
    await inviteAndAccept(server, admin, companyId, max, 'Manager', [teamId]);
    await inviteAndAccept(server, admin, companyId, mia, 'Manager', [teamId]);
    await inviteAndAccept(server, admin, companyId, ana, 'Member', [teamId]);
    const projectId = (await admin.call('POST', path('/projects'), { name: 'Moving' })).body.projectId;
    const task = { projectId, title: 'Move', description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: ana.userId };
    const taskId = (await admin.call('POST', path('/tasks'), task)).body.taskId;
    await expect.poll(async () => (await server.db.selectFrom('team_members').select('user_id').where('team_id', '=', teamId).execute()).length, { timeout: 10_000 }).toBe(4);

    const day = (daysFromNow: number) => new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
    const leave = await ana.call('POST', path('/leave/requests'), { leaveDate: day(7), type: 'Sick Leave', comment: '', assigneeId: max.userId, timeZone: 'UTC' });
    const regularization = await ana.call('POST', path('/regularization/requests'), {
      teamId,
      date: day(-1),
      startHours: 9,
      startMinutes: 0,
      durationHours: 1,
      durationMinutes: 0,
      projectId,
      taskId,
      taskDetails: 'Boxes',
      assigneeId: max.userId,
      timeZone: 'UTC',
    });
    expect([leave.status, regularization.status]).toEqual([201, 201]);

    expect((await admin.call('DELETE', path(`/teams/${teamId}/members/${max.userId}`))).status).toBe(200);
    const assignees = async () => {
      const ofLeave = await server.db.selectFrom('leave_requests').select('assignee_name').where('request_id', '=', leave.body.requestId).executeTakeFirst();
      const ofRegularization = await server.db.selectFrom('regularization_requests').select('assignee_name').where('request_id', '=', regularization.body.requestId).executeTakeFirst();
      return [ofLeave?.assignee_name, ofRegularization?.assignee_name];
    };
    await expect.poll(assignees, { timeout: 10_000 }).toEqual(['Mia Manager', 'Mia Manager']);
  });
});

describe('exactly one process sweeps', () => {
  let server: TestServer;
  const running = new Set<Sweeps>();
  const sweeper = async (databaseUrl: string) => {
    const sweeps = await startSweeps({ databaseUrl, log, intervalMs: SHORT_INTERVAL_MS });
    running.add(sweeps);
    return sweeps;
  };
  const stop = async (sweeps: Sweeps) => {
    running.delete(sweeps);
    await sweeps.stop();
  };

  beforeAll(async () => {
    server = await startTestServer({ runProjections: false });
  });
  afterAll(async () => {
    await Promise.all([...running].map(stop));
    await server.close();
  });

  it('has one of two sweepers hold the lock, and the other take over when it stops', async () => {
    const first = await sweeper(server.databaseUrl);
    const second = await sweeper(server.databaseUrl);
    expect([first.sweeping(), second.sweeping()]).toEqual([true, false]);
    await stop(first);
    await expect.poll(() => second.sweeping(), { timeout: 5_000 }).toBe(true);
    await stop(second);
  });

  it('sweeps in the projection thread of an API process that runs the projections', async () => {
    const api = await startTestServer({ databaseUrl: server.databaseUrl });
    const waiting = await sweeper(server.databaseUrl);
    expect(waiting.sweeping()).toBe(false);
    await api.close();
    await expect.poll(() => waiting.sweeping(), { timeout: 5_000 }).toBe(true);
  });
});
