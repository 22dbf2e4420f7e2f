import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { changedQueries } from '../../web/src/shared/live/changedQueries.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { createCompany, inviteAndAccept, signedInUser as apiUser } from '../../tests/support/users.ts';

const signedInUser = async (server: TestServer, email: string) => (await apiUser(server, email)).cookie;

function openSocket(server: TestServer, cookie?: string) {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/live`, { headers: cookie ? { cookie } : {} });
  const messages: unknown[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const next = (predicate: (m: any) => boolean, timeoutMs = 5000) =>
    new Promise<any>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such message')), timeoutMs);
      const check = () => {
        const found = messages.find(predicate);
        if (found) {
          clearTimeout(timer);
          socket.off('message', check);
          resolve(found);
        }
      };
      socket.on('message', check);
      check();
    });
  return { socket, next, messages, closed: new Promise<number>((resolve) => socket.on('close', (code) => resolve(code))) };
}

describe('live updates across API processes', () => {
  let writer: TestServer;
  let reader: TestServer;
  beforeAll(async () => {
    const jwtSecret = 'shared-by-every-api-process';
    writer = await startTestServer({ jwtSecret });
    // A second API process on the same database that runs no projections itself.
    reader = await startTestServer({ jwtSecret, databaseUrl: writer.databaseUrl, runProjections: false });
  });
  afterAll(async () => {
    await reader.close();
    await writer.close();
  });

  it('tells no other browser of a heartbeat, in either process', async () => {
    const admin = await apiUser(writer, 'beat-admin@example.com');
    const worker = await apiUser(writer, 'beat-worker@example.com');
    const companyId = await createCompany(admin, 'Heartbeat Works');
    const teamId = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Beaters' })).body.teamId;
    await inviteAndAccept(writer, admin, companyId, worker, 'Member', [teamId]);
    const projectId = (await admin.call('POST', `/api/companies/${companyId}/projects`, { name: 'Beat Project' })).body.projectId;
    const task = { projectId, title: 'Beat', description: '<p>x</p>', status: 'TO DO', priority: 'P1', eta: null, assigneeId: worker.userId };
    const taskId = (await admin.call('POST', `/api/companies/${companyId}/tasks`, task)).body.taskId;
    await worker.call('POST', `/api/companies/${companyId}/punch/in`, {});
    const { sessionId } = (await worker.call('POST', `/api/companies/${companyId}/timer/start`, { teamId, projectId, taskId })).body.session;

    // The admin in each process and the worker's other tab, all following the company.
    const sockets = [openSocket(writer, admin.cookie), openSocket(reader, admin.cookie), openSocket(reader, worker.cookie)];
    for (const live of sockets) {
      await live.next((m) => m.type === 'ready');
      live.socket.send(JSON.stringify({ type: 'follow', companyId }));
    }
    // A real change after following reaches all three: they listen. A rename is told twice: by the teams' read model and the activity log.
    const renameHeard = async (live: (typeof sockets)[number], since: number) => {
      for (const family of ['teams', 'activity']) {
        await live.next((m) => m.type === 'changed' && live.messages.indexOf(m) >= since && m.scopes.some((s: any) => s.family === family));
      }
    };
    await admin.call('PATCH', `/api/companies/${companyId}/teams/${teamId}`, { name: 'Beaters United' });
    for (const live of sockets) await renameHeard(live, 0);
    const heardBefore = sockets.map((live) => live.messages.length);

    for (let beat = 0; beat < 3; beat++) expect((await worker.call('POST', `/api/companies/${companyId}/timer/heartbeat`, { sessionId })).status).toBe(200);
    // Then another real change: once it arrives, anything the heartbeats caused would have arrived before it.
    await admin.call('PATCH', `/api/companies/${companyId}/teams/${teamId}`, { name: 'Beaters' });
    for (const [index, live] of sockets.entries()) await renameHeard(live, heardBefore[index]);
    expect(sockets.map((live, index) => live.messages.length - heardBefore[index])).toEqual([2, 2, 2]);
    for (const live of sockets) live.socket.close();
  });

  it('names the task that changed to the company’s browsers, and tells a timer start only its person’s own tabs', async () => {
    const admin = await apiUser(writer, 'targeted-admin@example.com');
    const worker = await apiUser(writer, 'targeted-worker@example.com');
    const companyId = await createCompany(admin, 'Targeted Works');
    const teamId = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Makers' })).body.teamId;
    await inviteAndAccept(writer, admin, companyId, worker, 'Member', [teamId]);
    const projectId = (await admin.call('POST', `/api/companies/${companyId}/projects`, { name: 'Target Project' })).body.projectId;
    const task = { projectId, title: 'Aim', description: '<p>x</p>', status: 'TO DO', priority: 'P1', eta: null, assigneeId: worker.userId };
    const taskId = (await admin.call('POST', `/api/companies/${companyId}/tasks`, task)).body.taskId;
    await worker.call('POST', `/api/companies/${companyId}/punch/in`, {});

    // The admin has the members page open; the worker's tab shows the task.
    const membersPage = ['company', companyId, 'members', { accessLevel: null, teamId: null, search: '', page: 1, pageSize: 20 }];
    const adminLive = openSocket(reader, admin.cookie);
    const workerLive = openSocket(reader, worker.cookie);
    for (const live of [adminLive, workerLive]) {
      await live.next((m) => m.type === 'ready');
      live.socket.send(JSON.stringify({ type: 'follow', companyId }));
    }
    await admin.call('PATCH', `/api/companies/${companyId}/teams/${teamId}`, { name: 'Makers United' });
    for (const live of [adminLive, workerLive]) await live.next((m) => m.type === 'changed');

    expect((await admin.call('PATCH', `/api/companies/${companyId}/tasks/${taskId}`, { title: 'Aim higher' })).status).toBe(200);
    const taskChanged = (m: any) => m.type === 'changed' && m.scopes.some((s: any) => s.family === 'task' && s.key === taskId);
    for (const live of [adminLive, workerLive]) {
      const message = await live.next(taskChanged);
      expect(message.scopes).toContainEqual({ kind: 'company', id: companyId, family: 'task', key: taskId });
      expect(changedQueries(message.scopes)(['company', companyId, 'task', taskId])).toBe(true);
      expect(changedQueries(message.scopes)(membersPage)).toBe(false);
      // Its history is another read model's, which tells of its own.
      await live.next((m) => m.type === 'changed' && m.scopes.some((s: any) => s.family === 'task-history' && s.key === taskId));
    }

    const heardBefore = [adminLive.messages.length, workerLive.messages.length];
    expect((await worker.call('POST', `/api/companies/${companyId}/timer/start`, { teamId, projectId, taskId })).status).toBe(200);
    // The start is told to the company's activity log too; of the timer, only the worker's own tabs hear.
    const timer = await workerLive.next((m) => m.type === 'changed' && workerLive.messages.indexOf(m) >= heardBefore[1] && m.scopes.some((s: any) => s.family === 'timer'));
    expect(timer.scopes).toEqual([{ kind: 'user', id: worker.userId, family: 'timer', key: companyId }]);
    expect(changedQueries(timer.scopes)(['me', 'timer', companyId])).toBe(true);
    expect(changedQueries(timer.scopes)(membersPage)).toBe(false);
    // A real change after it: once it arrives, anything the start told the admin would have arrived before it.
    await admin.call('PATCH', `/api/companies/${companyId}/teams/${teamId}`, { name: 'Makers' });
    await adminLive.next((m) => m.type === 'changed' && adminLive.messages.indexOf(m) >= heardBefore[0] && m.scopes.some((s: any) => s.family === 'teams'));
    const heardByAdmin = adminLive.messages.slice(heardBefore[0]);
    expect(heardByAdmin.length).toBeGreaterThan(0);
    for (const message of heardByAdmin) expect(message).toEqual({ type: 'changed', scopes: expect.not.arrayContaining([expect.objectContaining({ kind: 'user' })]) });
    for (const live of [adminLive, workerLive]) live.socket.close();
  });

  it('tells a company that a batch changed more than it names one by one as one wider change, and keeps the other company’s exact', async () => {
    const busyAdmin = await apiUser(writer, 'busy-admin@example.com');
    const quietAdmin = await apiUser(writer, 'quiet-admin@example.com');
    const busy = await createCompany(busyAdmin, 'Busy Works');
    const quiet = await createCompany(quietAdmin, 'Quiet Works');
    const busyLive = openSocket(reader, busyAdmin.cookie);
    const quietLive = openSocket(reader, quietAdmin.cookie);
    for (const [live, companyId] of [[busyLive, busy], [quietLive, quiet]] as const) {
      await live.next((m) => m.type === 'ready');
      live.socket.send(JSON.stringify({ type: 'follow', companyId }));
    }
    // Following takes effect once the server has checked the membership: a real change shows it has.
    for (const [admin, companyId, live] of [[busyAdmin, busy, busyLive], [quietAdmin, quiet, quietLive]] as const) {
      await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Ready' });
      await live.next((m) => m.type === 'changed' && m.scopes.some((s: any) => s.kind === 'company'));
    }
    const heardBefore = [busyLive.messages.length, quietLive.messages.length];

    // One append, so one batch: 60 tasks of the busy company changed, and one of the quiet company.
    const by = { userId: randomUUID(), name: 'Importer' };
    const edit = (companyId: string, taskId: string) => ({
      eventId: randomUUID(),
      type: 'TaskFieldChanged',
      data: { companyId, taskId, by, field: 'description', from: '<p>a</p>', to: '<p>b</p>' },
      metadata: { correlationId: 'import' },
    });
    await writer.store.append(`import-${randomUUID()}`, [...Array.from({ length: 60 }, (_, n) => edit(busy, `WA-${n + 1}`)), edit(quiet, 'QU-1')], 'no_stream');

    // The three read models that show tasks (the task pages, their history, the activity log) tell of the batch.
    const fromBatch = (live: typeof busyLive, before: number) => async () => {
      const messages = live.messages.slice(before) as { scopes: unknown[] }[];
      return messages.length >= 3 ? messages : null;
    };
    await expect.poll(fromBatch(busyLive, heardBefore[0])).not.toBeNull();
    await expect.poll(fromBatch(quietLive, heardBefore[1])).not.toBeNull();
    // The activity log names one family of the company whatever the batch holds; the others tell of 60 items as one wider change.
    expect(busyLive.messages.slice(heardBefore[0])).toEqual(
      expect.arrayContaining([
        { type: 'changed', scopes: [{ kind: 'company', id: busy }] },
        { type: 'changed', scopes: [{ kind: 'company', id: busy }] },
        { type: 'changed', scopes: [{ kind: 'company', id: busy, family: 'activity' }] },
      ]),
    );
    expect(busyLive.messages.slice(heardBefore[0])).toHaveLength(3);
    expect(quietLive.messages.slice(heardBefore[1])).toEqual(
      expect.arrayContaining([
        { type: 'changed', scopes: [{ kind: 'company', id: quiet, family: 'task', key: 'QU-1' }, { kind: 'company', id: quiet, family: 'tasks' }] },
        { type: 'changed', scopes: [{ kind: 'company', id: quiet, family: 'task-history', key: 'QU-1' }] },
        { type: 'changed', scopes: [{ kind: 'company', id: quiet, family: 'activity' }] },
      ]),
    );
    for (const live of [busyLive, quietLive]) live.socket.close();
  });

  it('stops telling a removed member of the company at once, in every process, and tells their browser', async () => {
    const admin = await apiUser(writer, 'removing-admin@example.com');
    const leaver = await apiUser(writer, 'removed-member@example.com');
    const companyId = await createCompany(admin, 'Removing Works');
    // The leaver has a company of their own, so their sessions outlive the removal (from their only company, they would end).
    await createCompany(leaver, 'Leaver Elsewhere');
    const teamId = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Stayers' })).body.teamId;
    await inviteAndAccept(writer, admin, companyId, leaver, 'Member', [teamId]);

    // The leaver has the company open in a tab on each process; the admin watches on the reader.
    const leaverTabs = [openSocket(writer, leaver.cookie), openSocket(reader, leaver.cookie)];
    const adminLive = openSocket(reader, admin.cookie);
    for (const live of [...leaverTabs, adminLive]) {
      await live.next((m) => m.type === 'ready');
      live.socket.send(JSON.stringify({ type: 'follow', companyId }));
    }
    const renamed = async (name: string) => expect((await admin.call('PATCH', `/api/companies/${companyId}/teams/${teamId}`, { name })).status).toBe(200);
    const heardRename = (live: ReturnType<typeof openSocket>, since: number) =>
      live.next((m) => m.type === 'changed' && live.messages.indexOf(m) >= since && m.scopes.some((s: any) => s.kind === 'company' && s.family === 'teams'));
    await renamed('Stayers United');
    for (const live of [...leaverTabs, adminLive]) await heardRename(live, 0);

    expect((await admin.call('DELETE', `/api/companies/${companyId}/members/${leaver.userId}`)).status).toBe(200);
    for (const live of leaverTabs) await live.next((m) => m.type === 'unfollowed' && m.companyId === companyId);
    expect((await leaver.call('GET', `/api/companies/${companyId}/teams`)).status).toBe(404);

    // A change after the removal: the admin hears it; the leaver's tabs hear of their own profile after it, and of the company nothing.
    const heardBefore = leaverTabs.map((live) => live.messages.length);
    // Counted before the rename: its message may come before the command's answer, and others after it.
    const adminHeardBefore = adminLive.messages.length;
    await renamed('Stayers');
    await heardRename(adminLive, adminHeardBefore);
    expect((await leaver.call('PATCH', '/api/me', { name: 'Gone Elsewhere' })).status).toBe(200);
    for (const [index, live] of leaverTabs.entries()) {
      await live.next((m) => m.type === 'changed' && live.messages.indexOf(m) >= heardBefore[index] && m.scopes.some((s: any) => s.family === 'profile'));
      const heardSince = live.messages.slice(heardBefore[index]) as { type: string; scopes?: { kind: string }[] }[];
      expect(heardSince.flatMap((m) => m.scopes ?? []).filter((scope) => scope.kind === 'company')).toEqual([]);
    }
    for (const live of [...leaverTabs, adminLive]) live.socket.close();
  });

  it('tells a browser connected to another process that its data changed', async () => {
    const cookie = await signedInUser(writer, 'live@example.com');
    const live = openSocket(reader, cookie);
    await live.next((m) => m.type === 'ready');

    const rename = await fetch(`${writer.url}/api/me`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name: 'Live Renamed' }),
    });
    expect(rename.status).toBe(200);
    const change = await live.next((m) => m.type === 'changed');
    expect(change.scopes).toEqual([{ kind: 'user', id: expect.any(String), family: 'profile' }]);

    const me = await (await fetch(`${reader.url}/api/me`, { headers: { cookie } })).json();
    expect(me.name).toBe('Live Renamed');
    live.socket.close();
  });

  it('answers a request sent with the position of the caller’s last command (x-read-after) only once it reads that command', async () => {
    const cookie = await signedInUser(writer, 'read-after@example.com');
    for (const name of ['Read After One', 'Read After Two', 'Read After Three']) {
      const renamed = await fetch(`${writer.url}/api/me`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ name }),
      });
      const { position } = await renamed.json();
      expect(position).toMatch(/^\d+\.\d+$/);
      // Straight to the other process, which runs no projections and learns of them by notification.
      const me = await (await fetch(`${reader.url}/api/me`, { headers: { cookie, 'x-read-after': position } })).json();
      expect(me.name).toBe(name);
    }
  });

  it('hears nothing of other users, and refuses a socket without a session', async () => {
    const alice = await signedInUser(writer, 'alice-live@example.com');
    const bob = await signedInUser(writer, 'bob-live@example.com');
    const bobLive = openSocket(reader, bob);
    await bobLive.next((m) => m.type === 'ready');
    await fetch(`${writer.url}/api/me`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: alice },
      body: JSON.stringify({ name: 'Alice Renamed' }),
    });
    await expect(bobLive.next((m) => m.type === 'changed', 1500)).rejects.toThrow();
    bobLive.socket.close();

    const anonymous = openSocket(reader);
    expect(await anonymous.closed).toBe(4401);
  });
});
