import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { trackerMessages } from '../../domain/time-tracking/tracker.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, callApi, createCompany, inviteAndAccept, signedInUser } from '../../tests/support/users.ts';
import { readModelsInclude } from '../../tests/support/read-models.ts';
import { timeTrackingAt } from '../../tests/support/time-tracking.ts';
import { endAbandonedSessions } from './abandoned-sessions.ts';

let server: TestServer;
let manager: ApiUser;
let worker: ApiUser;
let companyId: string;
let teamId: string;
let projectId: string;
let taskId: string;
let doneTaskId: string;

const timer = (user: ApiUser, path: string, body?: unknown, key?: string) =>
  fetch(`${server.url}/api/companies/${companyId}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { cookie: user.cookie, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (r) => {
    const answer = await r.json();
    await readModelsInclude(server, answer);
    return { status: r.status, body: answer };
  });

/** The desktop agent: commands with a personal API token instead of a session. */
const desktopAgent = (token: string) => (path: string, body: unknown) =>
  fetch(`${server.url}/api/companies/${companyId}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

beforeAll(async () => {
  server = await startTestServer();
  [manager, worker] = await Promise.all([signedInUser(server, 'boss@time.test', 'Bo Boss'), signedInUser(server, 'worker@time.test', 'Wes Worker')]);
  companyId = await createCompany(manager, 'Timely');
  teamId = (await manager.call('POST', `/api/companies/${companyId}/teams`, { name: 'Crew' })).body.teamId;
  await inviteAndAccept(server, manager, companyId, worker, 'Member', [teamId]);
  projectId = (await manager.call('POST', `/api/companies/${companyId}/projects`, { name: 'Time Keeping' })).body.projectId;
  const task = (title: string, status = 'TO DO') =>
    manager.call('POST', `/api/companies/${companyId}/tasks`, { projectId, title, description: 'x', status, priority: 'P2', eta: null, assigneeId: worker.userId });
  taskId = (await task('Track me')).body.taskId;
  doneTaskId = (await task('Finished', 'DONE')).body.taskId;
});
afterAll(() => server.close());

/** A member's access as the routes give it, for the timer service run at another time. */
const accessOf = (user: ApiUser) => {
  const actor = { kind: 'member' as const, userId: user.userId, companyId, role: 'Member' as const, managedTeams: new Set<string>() };
  return { company: { company_id: companyId }, userId: user.userId, actor, teamRoles: new Map([[teamId, 'Member']]) } as unknown as Parameters<ReturnType<typeof timeTrackingAt>['stop']>[0];
};

/** A new member, punched in, with a task of their own: a tracker whose clock no other test has moved on. */
async function trackingMember(email: string, name: string) {
  const user = await signedInUser(server, email, name);
  await inviteAndAccept(server, manager, companyId, user, 'Member', [teamId]);
  const task = { projectId, title: `${name}'s task`, description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: user.userId };
  const ownTaskId: string = (await manager.call('POST', `/api/companies/${companyId}/tasks`, task)).body.taskId;
  expect((await timer(user, '/punch/in', {})).status).toBe(200);
  return { user, taskId: ownTaskId };
}

describe('timer and punch over HTTP', () => {
  it('needs a punch in first, and refuses tasks not assigned or done', async () => {
    const start = (task: string) => timer(worker, '/timer/start', { teamId, projectId, taskId: task, timeZone: 'Europe/Berlin' });
    expect((await start(taskId)).body.message).toBe(trackerMessages.mustPunchIn);
    expect((await timer(worker, '/punch/in', { timeZone: 'Europe/Berlin' })).body.message).toBe(trackerMessages.punchedIn);
    expect((await timer(worker, '/punch/in', {})).body.message).toBe(trackerMessages.alreadyPunchedIn);
    expect((await start(doneTaskId)).body.message).toBe(trackerMessages.taskNotAvailable);
    expect((await timer(manager, '/punch/in', {})).status).toBe(200);
    expect((await timer(manager, '/timer/start', { teamId, projectId, taskId })).body.message).toBe(trackerMessages.taskNotAvailable);
  });

  it('starts once for 50 concurrent requests, and a retried request writes nothing twice', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => timer(worker, '/timer/start', { teamId, projectId, taskId, timeZone: 'Europe/Berlin' }, randomUUID())));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.session.sessionId)).size).toBe(1);
    const started = await server.db.selectFrom('running_timers').selectAll().where('user_id', '=', worker.userId).execute();
    expect(started).toHaveLength(1);
    const events = await server.store.readStream(`tracker-${companyId}-${worker.userId}`);
    expect(events.filter((e) => e.type === 'TimerStarted')).toHaveLength(1);
  });

  it('refuses to stop before a minute, cancels, and punch out waits for the timer', async () => {
    expect((await timer(worker, '/timer/stop', {})).body.message).toBe(trackerMessages.tooShort);
    expect((await timer(worker, '/punch/out', {})).body.message).toBe(trackerMessages.stopBeforePunchOut);
    expect((await timer(worker, '/timer/cancel', {})).body.message).toBe(trackerMessages.cancelled);
    expect((await timer(worker, '/timer/cancel', {})).body.message).toBe(trackerMessages.nothingToCancel);
    expect((await timer(worker, '/timer/stop', {})).body.message).toBe(trackerMessages.noSession);
  });

  it('tells the user’s other tabs within a second that the timer started', async () => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/live`, { headers: { cookie: worker.cookie } });
    const heard = new Promise<number>((resolve) => {
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw));
        if (message.type === 'changed' && message.scopes.some((s: { kind: string; id: string }) => s.kind === 'user' && s.id === worker.userId)) resolve(Date.now());
      });
    });
    await new Promise((resolve) => socket.on('message', resolve)); // ready
    const sent = Date.now();
    await timer(worker, '/timer/start', { teamId, projectId, taskId });
    expect((await heard) - sent).toBeLessThan(1000);
    socket.close();
    const status = await timer(worker, '/timer');
    expect(status.body.session).toMatchObject({ taskId, taskName: 'Track me', projectName: 'Time Keeping', source: 'web' });
  });

  it('lets the desktop agent (API token) block a web start, send idle minutes, and stop', async () => {
    await timer(worker, '/timer/cancel', {});
    const created = await worker.call('POST', '/api/me/tokens', { name: 'Laptop agent' });
    expect(created.status).toBe(201);
    const desktop = desktopAgent(created.body.token);
    const started = await desktop('/timer/start', { teamId, projectId, taskId, timeZone: 'Asia/Kolkata' });
    expect(started.body.session.source).toBe('desktop');
    expect((await timer(worker, '/timer/start', { teamId, projectId, taskId })).body.message).toBe(trackerMessages.runningElsewhere('desktop'));
    expect((await desktop('/timer/heartbeat', { sessionId: started.body.session.sessionId, idleMinutes: 1 })).status).toBe(200);

    const tokens = (await worker.call('GET', '/api/me/tokens')).body;
    expect(tokens).toEqual([{ tokenId: created.body.tokenId, name: 'Laptop agent', createdAt: expect.any(String), revokedAt: null }]);
    expect(JSON.stringify(tokens)).not.toContain(created.body.token);
    // Tokens are managed only from a browser session.
    const viaToken = await fetch(`${server.url}/api/me/tokens`, { headers: { authorization: `Bearer ${created.body.token}` } });
    expect(viaToken.status).toBe(401);
    await worker.call('DELETE', `/api/me/tokens/${created.body.tokenId}`);
    expect((await desktop('/timer/heartbeat', { sessionId: started.body.session.sessionId })).status).toBe(401);
    await timer(worker, '/timer/cancel', {});
  });

  it('ends a session whose heartbeats stopped at the last heartbeat plus 30 s, and says so', async () => {
    const started = (await timer(worker, '/timer/start', { teamId, projectId, taskId, timeZone: 'Asia/Kolkata' })).body.session;
    const startedAt = Date.parse(started.startedAt);
    // The sweep as it would run ten minutes later, with no heartbeat since the start.
    await endAbandonedSessions({ store: server.store, db: server.db, now: new Date(startedAt + 10 * 60_000) }, new Date(startedAt + 5 * 60_000 + 1));
    await expect.poll(async () => (await timer(worker, '/timer')).body.abandoned?.sessionId).toBe(started.sessionId);
    const status = (await timer(worker, '/timer')).body;
    expect(status.session).toBeNull();
    expect(Date.parse(status.abandoned.endedAt) - startedAt).toBe(30_000);
  });

  it('saves the time log of a stopped session per local day, with daily totals', async () => {
    const running = (await timer(worker, '/timer/start', { teamId, projectId, taskId, timeZone: 'Asia/Kolkata' })).body.session;
    // Stop as if 2 minutes had passed.
    const inTwoMinutes = timeTrackingAt(server, () => new Date(Date.parse(running.startedAt) + 120_000));
    const actor = { kind: 'member' as const, userId: worker.userId, companyId, role: 'Member' as const, managedTeams: new Set<string>() };
    const access = { company: { company_id: companyId }, userId: worker.userId, actor } as unknown as Parameters<typeof inTwoMinutes.stop>[0];
    const { entries } = await inTwoMinutes.stop(access, running.sessionId, { correlationId: 'test' });
    expect(entries.reduce((sum, e) => sum + e.seconds, 0)).toBe(120);
    const day = entries[0].day;
    await expect.poll(async () => (await timer(worker, `/timelogs?from=${day}&to=${day}`)).body.days[0]?.totalMinutes).toBe(2);
    const logs = (await timer(worker, `/timelogs?from=${day}&to=${day}`)).body;
    expect(logs.entries.at(-1)).toMatchObject({ taskName: 'Track me', taskHours: 0, taskMinutes: 2, timeZone: 'Asia/Kolkata', source: 'web' });
  });

  it('answers a stop retried with the same Idempotency-Key as the first time', async () => {
    const stopper = await signedInUser(server, 'stopper@time.test', 'Sam Stopper');
    await inviteAndAccept(server, manager, companyId, stopper, 'Member', [teamId]);
    const task = await manager.call('POST', `/api/companies/${companyId}/tasks`, { projectId, title: 'Stop twice', description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: stopper.userId });
    // Punched in and started two minutes ago, so the stop over HTTP saves time now.
    const actor = { kind: 'member' as const, userId: stopper.userId, companyId, role: 'Member' as const, managedTeams: new Set<string>() };
    const access = { company: { company_id: companyId }, userId: stopper.userId, actor, teamRoles: new Map([[teamId, 'Member']]) } as unknown as Parameters<ReturnType<typeof timeTrackingAt>['start']>[0];
    const earlier = timeTrackingAt(server, () => new Date(Date.now() - 120_000));
    await earlier.punch(access, 'in', 'Asia/Kolkata', { correlationId: 'test' });
    await earlier.start(access, { teamId, projectId, taskId: task.body.taskId, taskDetails: '', timeZone: 'Asia/Kolkata' }, 'web', { correlationId: 'test' });
    const key = `stop-${randomUUID()}`;
    const first = await timer(stopper, '/timer/stop', {}, key);
    expect(first).toMatchObject({ status: 200, body: { message: trackerMessages.stopped } });
    expect(first.body.entries).toHaveLength(1);
    const again = await timer(stopper, '/timer/stop', {}, key);
    expect(again).toMatchObject({ status: 200, body: { message: trackerMessages.stopped, entries: first.body.entries } });
    expect((await server.store.readStream(`tracker-${companyId}-${stopper.userId}`)).filter((e) => e.type === 'TimerStopped')).toHaveLength(1);
  });

  it('scopes an Idempotency-Key to its session: the same key on idle beats of two sessions is two beats, and a retry one', async () => {
    const key = `beat-${randomUUID()}`;
    const sessions: string[] = [];
    for (let i = 0; i < 2; i++) {
      const session = (await timer(worker, '/timer/start', { teamId, projectId, taskId })).body.session;
      for (let attempt = 0; attempt < 2; attempt++) {
        expect((await timer(worker, '/timer/heartbeat', { sessionId: session.sessionId, idleMinutes: 1 }, key)).status).toBe(200);
      }
      expect((await timer(worker, '/timer/cancel', {})).status).toBe(200);
      sessions.push(session.sessionId);
    }
    expect(new Set(sessions).size).toBe(2);
    for (const sessionId of sessions) {
      expect((await server.store.readStream(`timer-session-${sessionId}`)).map((e) => e.type)).toEqual(['TimerHeartbeat']);
    }
  });

  it('keeps a plain heartbeat off the log: it moves the session’s last beat in timer_liveness, never back', async () => {
    const { user, taskId: ownTaskId } = await trackingMember('beater@time.test', 'Bea Beater');
    const session = (await timer(user, '/timer/start', { teamId, projectId, taskId: ownTaskId })).body.session;
    const eventCount = async () => Number((await sql<{ count: string }>`SELECT count(*) FROM events`.execute(server.db)).rows[0].count);
    const lastBeat = async () =>
      (await server.db.selectFrom('timer_liveness').select('last_beat_at').where('session_id', '=', session.sessionId).executeTakeFirst())?.last_beat_at;
    const before = await eventCount();
    expect(await timer(user, '/timer/heartbeat', { sessionId: session.sessionId })).toMatchObject({ status: 200, body: { serverTime: expect.any(String) } });
    expect(await eventCount()).toBe(before);
    const beatAt = await lastBeat();
    expect(beatAt?.getTime()).toBeGreaterThanOrEqual(Date.parse(session.startedAt));

    const startedAt = Date.parse(session.startedAt);
    const access = accessOf(user);
    await timeTrackingAt(server, () => new Date(startedAt + 90_000)).heartbeat(access, session.sessionId, 0, { correlationId: 'test' });
    expect((await lastBeat())?.getTime()).toBe(startedAt + 90_000);
    // A beat that arrives late keeps the later one.
    await timeTrackingAt(server, () => new Date(startedAt + 60_000)).heartbeat(access, session.sessionId, 0, { correlationId: 'test' });
    expect((await lastBeat())?.getTime()).toBe(startedAt + 90_000);
    expect(await eventCount()).toBe(before);
    await timer(user, '/timer/cancel', {});
    expect((await timer(user, '/timer/heartbeat', { sessionId: session.sessionId })).body.message).toBe(trackerMessages.noSession);
  });

  it('answers the timer’s status from the read model, which a client reads its own start from by sending the start’s position', async () => {
    const { user, taskId: ownTaskId } = await trackingMember('reader@time.test', 'Rea Reader');
    const started = await fetch(`${server.url}/api/companies/${companyId}/timer/start`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ teamId, projectId, taskId: ownTaskId }),
    }).then((r) => r.json());
    const status = await fetch(`${server.url}/api/companies/${companyId}/timer`, { headers: { cookie: user.cookie, 'x-read-after': started.position } }).then((r) => r.json());
    expect(status).toMatchObject({ session: started.session, punch: { isPunchedIn: true, lastPunchinoutStatus: 'punchin' }, abandoned: null });

    // What the read model holds is the answer: a row it lost is gone from the status too, whatever the tracker's stream says.
    await server.db.deleteFrom('running_timers').where('company_id', '=', companyId).where('user_id', '=', user.userId).execute();
    expect((await timer(user, '/timer')).body.session).toBeNull();
    expect((await timer(user, '/timer/cancel', {})).body.message).toBe(trackerMessages.cancelled);
  });

  it('keeps a desktop beat’s idle minutes in the log, and counts them in the time log after the stop', async () => {
    const { user, taskId: ownTaskId } = await trackingMember('idler@time.test', 'Ida Idler');
    const created = await user.call('POST', '/api/me/tokens', { name: 'Idle agent' });
    const desktop = desktopAgent(created.body.token);
    const session = (await desktop('/timer/start', { teamId, projectId, taskId: ownTaskId, timeZone: 'Asia/Kolkata' })).body.session;
    expect((await desktop('/timer/heartbeat', { sessionId: session.sessionId })).status).toBe(200);
    expect((await desktop('/timer/heartbeat', { sessionId: session.sessionId, idleMinutes: 2 })).status).toBe(200);
    // A beat's idle minutes are those just before it: this one, right after the start, has only a moment of them.
    const later = timeTrackingAt(server, () => new Date(Date.parse(session.startedAt) + 150_000));
    await later.heartbeat(accessOf(user), session.sessionId, 1, { correlationId: 'test' });
    // Retried with the same Idempotency-Key, a beat is recorded once.
    const retried = (key: string) =>
      fetch(`${server.url}/api/companies/${companyId}/timer/heartbeat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${created.body.token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ sessionId: session.sessionId, idleMinutes: 1 }),
      }).then((r) => r.status);
    const key = randomUUID();
    expect([await retried(key), await retried(key)]).toEqual([200, 200]);
    const beats = await server.store.readStream(`timer-session-${session.sessionId}`);
    expect(beats.map((e) => [e.type, (e.data as { idleMinutes: number }).idleMinutes])).toEqual([
      ['TimerHeartbeat', 2],
      ['TimerHeartbeat', 1],
      ['TimerHeartbeat', 1],
    ]);

    const { entries } = await timeTrackingAt(server, () => new Date(Date.parse(session.startedAt) + 180_000)).stop(accessOf(user), session.sessionId, { correlationId: 'test' });
    expect(entries).toMatchObject([{ seconds: 180, idleMinutes: 1 }]);
    const day = entries[0].day;
    await expect
      .poll(async () => (await timer(user, `/timelogs?from=${day}&to=${day}`)).body.entries.find((e: { sessionId: string }) => e.sessionId === session.sessionId))
      .toMatchObject({ taskMinutes: 3, idleMinutes: 1, source: 'desktop' });
    await user.call('DELETE', `/api/me/tokens/${created.body.tokenId}`);
  });

  it('takes the same Idempotency-Key on punch in and then punch out as two commands', async () => {
    const puncher = await signedInUser(server, 'puncher@time.test', 'Pat Puncher');
    await inviteAndAccept(server, manager, companyId, puncher, 'Member', [teamId]);
    const key = `punch-${randomUUID()}`;
    expect(await timer(puncher, '/punch/in', {}, key)).toMatchObject({ status: 200, body: { message: trackerMessages.punchedIn } });
    expect(await timer(puncher, '/punch/out', {}, key)).toMatchObject({ status: 200, body: { message: trackerMessages.punchedOut } });
    expect((await server.store.readStream(`tracker-${companyId}-${puncher.userId}`)).map((e) => e.type)).toEqual(['PunchedIn', 'PunchedOut']);
    expect((await timer(puncher, '/timer')).body.punch.isPunchedIn).toBe(false);
  });

  it('gives the same Idempotency-Key on starts in two companies two sessions', async () => {
    const key = `start-${randomUUID()}`;
    const own = await createCompany(worker, 'Side Gig');
    const ownTeam = (await worker.call('POST', `/api/companies/${own}/teams`, { name: 'Solo' })).body.teamId;
    const ownProject = (await worker.call('POST', `/api/companies/${own}/projects`, { name: 'Odd Jobs' })).body.projectId;
    const ownTask = (
      await worker.call('POST', `/api/companies/${own}/tasks`, { projectId: ownProject, title: 'Fix a fence', description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: worker.userId })
    ).body.taskId;
    const start = (company: string, body: unknown) =>
      fetch(`${server.url}/api/companies/${company}/timer/start`, {
        method: 'POST',
        headers: { cookie: worker.cookie, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect((await worker.call('POST', `/api/companies/${own}/punch/in`, {})).status).toBe(200);
    const here = await start(companyId, { teamId, projectId, taskId });
    const there = await start(own, { teamId: ownTeam, projectId: ownProject, taskId: ownTask });
    expect([here.status, there.status]).toEqual([200, 200]);
    expect(here.body.session.sessionId).not.toBe(there.body.session.sessionId);
    await timer(worker, '/timer/cancel', {});
    await worker.call('POST', `/api/companies/${own}/timer/cancel`);
  });

  it('refuses every timer and punch command to a Client (Clients only read), writing nothing', async () => {
    const client = await signedInUser(server, 'client@time.test', 'Cleo Client');
    const before = server.mailbox.received.length;
    const sent = await manager.call('POST', `/api/companies/${companyId}/invites`, { emails: [client.email], role: 'Client', projectIds: [projectId] });
    expect(sent.body.results[0].sent).toBe(true);
    const link = new URL(await server.mailbox.linkTo(client.email, '/invitation', before));
    expect((await client.call('POST', `/api/invitations/${link.searchParams.get('i')}/accept`)).status).toBe(200);
    expect((await client.call('GET', '/api/me')).body.companyList.find((c: { companyId: string }) => c.companyId === companyId).role).toBe('Client');

    const commands: [string, unknown][] = [
      ['/punch/in', {}],
      ['/timer/start', { teamId, projectId, taskId }],
      ['/timer/heartbeat', { sessionId: randomUUID() }],
      ['/timer/stop', {}],
      ['/timer/cancel', {}],
      ['/punch/out', {}],
    ];
    for (const [path, body] of commands) {
      expect(await timer(client, path, body), path).toMatchObject({ status: 403, body: { message: 'Access denied' } });
    }
    expect(await server.store.readStream(`tracker-${companyId}-${client.userId}`)).toEqual([]);
    expect((await timer(client, '/timer')).status).toBe(200);
  });

  it('serves the server clock', async () => {
    const time = (await callApi(server, null, 'GET', '/api/time')).body;
    expect(Math.abs(time.timestamp - Date.now())).toBeLessThan(5000);
    expect(new Date(time.toISOString).getTime()).toBe(time.timestamp);
  });
});

describe('read models', () => {
  it('rebuild the timer’s read models exactly over a log with a heartbeat event for every beat, as older logs hold', async () => {
    const { rebuildProjection } = await import('../../projections/rebuild.ts');
    const { timeTrackingProjection } = await import('../../projections/time-tracking/time-tracking.ts');
    const { timelogProjection } = await import('../../projections/timelog/timelog.ts');
    const session = (await timer(worker, '/timer/start', { teamId, projectId, taskId, timeZone: 'Asia/Kolkata' })).body.session;
    const streamId = `timer-session-${session.sessionId}`;
    const oldBeat = (seconds: number, idleMinutes: number) => ({
      eventId: randomUUID(),
      type: 'TimerHeartbeat',
      data: { companyId, userId: worker.userId, sessionId: session.sessionId, at: new Date(Date.parse(session.startedAt) + seconds * 1000).toISOString(), idleMinutes },
      metadata: { correlationId: 'test', companyId, userId: worker.userId },
    });
    const { position } = await server.store.append(streamId, [oldBeat(30, 0), oldBeat(60, 1), oldBeat(90, 0)], 'any');
    await server.watcher.waitFor(position);
    const lastHeartbeat = await server.db.selectFrom('running_timers').select('last_heartbeat_at').where('session_id', '=', session.sessionId).executeTakeFirstOrThrow();
    expect(lastHeartbeat.last_heartbeat_at.getTime()).toBe(Date.parse(session.startedAt) + 90_000);
    const { entries } = await timeTrackingAt(server, () => new Date(Date.parse(session.startedAt) + 120_000)).stop(accessOf(worker), session.sessionId, { correlationId: 'test' });
    expect(entries).toMatchObject([{ seconds: 120, idleMinutes: 1 }]);
    const other = (await timer(worker, '/timer/start', { teamId, projectId, taskId })).body.session;
    // A running session whose last beat in the log is an idle beat of today.
    const beat = await timeTrackingAt(server, () => new Date(Date.parse(other.startedAt) + 30_000)).heartbeat(accessOf(worker), other.sessionId, 1, { correlationId: 'test' });
    if (beat) await server.watcher.waitFor(beat);

    const snapshot = async () => ({
      running: await server.db.selectFrom('running_timers').selectAll().orderBy('session_id').execute(),
      entries: await server.db.selectFrom('timelog_entries').selectAll().orderBy('session_id').orderBy('split_index').orderBy('rate_part').execute(),
      beats: await server.db.selectFrom('timelog_running').selectAll().orderBy('session_id').execute(),
      punches: await server.db.selectFrom('punches').selectAll().orderBy('company_id').orderBy('user_id').orderBy('at').execute(),
      latestPunches: await server.db.selectFrom('latest_punches').selectAll().orderBy('company_id').orderBy('user_id').execute(),
      abandoned: await server.db.selectFrom('abandoned_sessions').selectAll().orderBy('session_id').execute(),
    });
    const live = await snapshot();
    expect(live.running.find((r) => r.session_id === other.sessionId)).toBeDefined();
    expect(live.entries.find((e) => e.session_id === session.sessionId)).toMatchObject({ tracked_ms: '120000', idle_ms: '60000', idle_minutes: 1 });
    await rebuildProjection(server.db, server.store, timeTrackingProjection);
    await rebuildProjection(server.db, server.store, timelogProjection);
    expect(await snapshot()).toEqual(live);
    await timer(worker, '/timer/cancel', {});
  });
});
