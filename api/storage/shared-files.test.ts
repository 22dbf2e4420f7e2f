import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, createCompany, signedInUser } from '../../tests/support/users.ts';

/*
 * Two API processes on one PostgreSQL, as behind a load balancer: a file
 * uploaded through one is served by the other (FILE_STORAGE=postgres; each
 * process has a DATA_DIR of its own, as replicas without a shared volume do).
 */

let first: TestServer;
let second: TestServer;
let manager: ApiUser;
let companyId: string;
let taskId: string;

beforeAll(async () => {
  const jwtSecret = 'shared-by-every-api-process';
  first = await startTestServer({ jwtSecret, fileStorage: 'postgres' });
  second = await startTestServer({ jwtSecret, databaseUrl: first.databaseUrl, runProjections: false, fileStorage: 'postgres' });
  manager = await signedInUser(first, 'pm@replicas.test', 'Paula Manager');
  companyId = await createCompany(manager, 'Replicas');
  await manager.call('POST', `/api/companies/${companyId}/teams`, { name: 'Web' });
  const projectId: string = (await manager.call('POST', `/api/companies/${companyId}/projects`, { name: 'Website' })).body.projectId;
  const task = { projectId, title: 'Hero', description: '<p>x</p>', status: 'TO DO', priority: 'P2', eta: null, assigneeId: manager.userId };
  const created = await manager.call('POST', `/api/companies/${companyId}/tasks`, task);
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  taskId = created.body.taskId;
}, 60_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe('files shared by every API process', () => {
  it('serves a task image uploaded through one process from the other, and not to a stranger', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: '#228be6' } }).png().toBuffer())]), 'hero.png');
    const sent = await fetch(`${first.url}/api/companies/${companyId}/tasks/${taskId}/images`, { method: 'POST', headers: { cookie: manager.cookie }, body: form });
    expect(sent.status).toBe(201);
    const { url } = (await sent.json()) as { url: string };

    const here = await fetch(`${first.url}${url}`, { headers: { cookie: manager.cookie } });
    const there = await fetch(`${second.url}${url}`, { headers: { cookie: manager.cookie } });
    expect(here.status).toBe(200);
    expect(there.status).toBe(200);
    expect(Buffer.from(await there.arrayBuffer()).equals(Buffer.from(await here.arrayBuffer()))).toBe(true);

    const stranger = await signedInUser(first, 'stranger@replicas.test', 'Sam Stranger');
    expect((await fetch(`${second.url}${url}`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
  });
});
