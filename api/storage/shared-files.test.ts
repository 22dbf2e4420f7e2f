import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { FileStorageKind } from '../config.ts';
import { readModelsInclude } from '../../tests/support/read-models.ts';
import { useS3Bucket } from '../../tests/support/s3-server.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, createCompany, signedInUser } from '../../tests/support/users.ts';

/*
 * Two API processes on one PostgreSQL, as behind a load balancer: a file
 * uploaded through one is served by the other (FILE_STORAGE=postgres or s3;
 * each process has a DATA_DIR of its own, as replicas without a shared volume do).
 */

const bucket = useS3Bucket();
const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#228be6' } }).png().toBuffer();

describe.each<FileStorageKind>(['postgres', 's3'])('files shared by every API process (FILE_STORAGE=%s)', (fileStorage) => {
  let first: TestServer;
  let second: TestServer;
  let manager: ApiUser;
  let companyId: string;
  let taskId: string;
  let agentToken: string;

  beforeAll(async () => {
    const jwtSecret = 'shared-by-every-api-process';
    const s3 = fileStorage === 's3' ? bucket : undefined;
    first = await startTestServer({ jwtSecret, fileStorage, s3 });
    second = await startTestServer({ jwtSecret, databaseUrl: first.databaseUrl, runProjections: false, fileStorage, s3 });
    manager = await signedInUser(first, `pm-${fileStorage}@replicas.test`, 'Paula Manager');
    companyId = await createCompany(manager, 'Replicas');
    const teamId: string = (await manager.call('POST', `/api/companies/${companyId}/teams`, { name: 'Web' })).body.teamId;
    const projectId: string = (await manager.call('POST', `/api/companies/${companyId}/projects`, { name: 'Website' })).body.projectId;
    const task = { projectId, title: 'Hero', description: '<p>x</p>', status: 'TO DO', priority: 'P2', eta: null, assigneeId: manager.userId };
    const created = await manager.call('POST', `/api/companies/${companyId}/tasks`, task);
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    taskId = created.body.taskId;
    expect((await manager.call('PUT', `/api/companies/${companyId}/settings/screenshots`, { enabled: true })).status).toBe(200);
    agentToken = (await manager.call('POST', '/api/me/tokens', { name: 'Agent' })).body.token;
    expect((await manager.call('POST', `/api/companies/${companyId}/punch/in`, { timeZone: 'Europe/Berlin' })).status).toBe(200);
    const timer = await manager.call('POST', `/api/companies/${companyId}/timer/start`, { teamId, projectId, taskId, timeZone: 'Europe/Berlin' });
    if (timer.status !== 200) throw new Error(JSON.stringify(timer.body));
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('serves a task image uploaded through one process from the other, and not to a stranger', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await picture(40, 30))]), 'hero.png');
    const sent = await fetch(`${first.url}/api/companies/${companyId}/tasks/${taskId}/images`, { method: 'POST', headers: { cookie: manager.cookie }, body: form });
    expect(sent.status).toBe(201);
    const { url } = (await sent.json()) as { url: string };

    const here = await fetch(`${first.url}${url}`, { headers: { cookie: manager.cookie } });
    const there = await fetch(`${second.url}${url}`, { headers: { cookie: manager.cookie } });
    expect(here.status).toBe(200);
    expect(there.status).toBe(200);
    expect(Buffer.from(await there.arrayBuffer()).equals(Buffer.from(await here.arrayBuffer()))).toBe(true);

    const stranger = await signedInUser(first, `stranger-${fileStorage}@replicas.test`, 'Sam Stranger');
    expect((await fetch(`${second.url}${url}`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
  });

  it('serves a screenshot and its thumbnail sent through one process from the other', async () => {
    const search = new URLSearchParams({ screenshotId: randomUUID(), takenAt: new Date().toISOString() });
    const sent = await fetch(`${first.url}/api/companies/${companyId}/screenshots?${search}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${agentToken}`, 'content-type': 'image/png' },
      body: new Uint8Array(await picture(640, 400)),
    });
    const answer = (await sent.json()) as { screenshotId: string };
    expect(sent.status, JSON.stringify(answer)).toBe(201);
    await readModelsInclude(first, answer);

    for (const file of ['image', 'thumbnail']) {
      const there = await fetch(`${second.url}/api/companies/${companyId}/screenshots/${answer.screenshotId}/${file}`, { headers: { cookie: manager.cookie } });
      expect(there.status).toBe(200);
      expect((await sharp(Buffer.from(await there.arrayBuffer())).metadata()).format).toBe('webp');
    }
  });
});
