import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
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
    // A real change after following reaches all three: they listen.
    await admin.call('PATCH', `/api/companies/${companyId}/teams/${teamId}`, { name: 'Beaters United' });
    for (const live of sockets) await live.next((m) => m.type === 'changed');
    const heardBefore = sockets.map((live) => live.messages.length);

    for (let beat = 0; beat < 3; beat++) expect((await worker.call('POST', `/api/companies/${companyId}/timer/heartbeat`, { sessionId })).status).toBe(200);
    // Then another real change: once it arrives, anything the heartbeats caused would have arrived before it.
    await admin.call('PATCH', `/api/companies/${companyId}/teams/${teamId}`, { name: 'Beaters' });
    for (const live of sockets) await live.next((m) => m.type === 'changed' && live.messages.indexOf(m) >= heardBefore[sockets.indexOf(live)]);
    expect(sockets.map((live, index) => live.messages.length - heardBefore[index])).toEqual([1, 1, 1]);
    for (const live of sockets) live.socket.close();
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
    expect(change.scopes).toEqual([{ kind: 'user', id: expect.any(String) }]);

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
