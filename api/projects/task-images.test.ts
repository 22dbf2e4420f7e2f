import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngClaiming } from '../../tests/support/images.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, createCompany, signedInUser } from '../../tests/support/users.ts';
import { imageMessages } from '../images/intake.ts';
import { allowances } from '../limits/allowances.ts';
import { taskImageLimit } from './limits.ts';

/*
 * Task images go through the same intake as screenshots: the bytes say what
 * they are, the header how large, and what is stored is re-encoded.
 */

let server: TestServer;
let manager: ApiUser;
let companyId: string;
let taskId: string;

const send = (bytes: Buffer, name = 'image.png') =>
  fetch(`${server.url}/api/companies/${companyId}/tasks/${taskId}/images`, { method: 'POST', headers: { cookie: manager.cookie }, body: formWith(bytes, name) });

async function upload(bytes: Buffer, name = 'image.png') {
  const response = await send(bytes, name);
  return { status: response.status, body: await response.json() };
}

function formWith(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return form;
}

/** The files stored for the task. */
const storedFiles = () => readdir(path.join(server.dataDir, 'files', companyId, 'task-images', taskId)).catch(() => [] as string[]);

beforeAll(async () => {
  server = await startTestServer();
  manager = await signedInUser(server, 'pm@images.test', 'Paula Manager');
  companyId = await createCompany(manager, 'Imageworks');
  await manager.call('POST', `/api/companies/${companyId}/teams`, { name: 'Web' });
  const projectId: string = (await manager.call('POST', `/api/companies/${companyId}/projects`, { name: 'Website' })).body.projectId;
  const task = { projectId, title: 'Hero', description: '<p>x</p>', status: 'TO DO', priority: 'P2', eta: null, assigneeId: manager.userId };
  const created = await manager.call('POST', `/api/companies/${companyId}/tasks`, task);
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  taskId = created.body.taskId;
}, 60_000);
afterAll(() => server.close());

describe('task images', () => {
  it('refuses a PNG whose header claims 50,000 × 50,000 pixels, before decoding it, and stores nothing', async () => {
    const flood = pngClaiming(50_000, 50_000);
    expect(flood.length).toBeLessThan(100);
    expect(await upload(flood)).toMatchObject({ status: 400, body: { message: imageMessages.tooManyPixels } });
    expect(await upload(pngClaiming(7_000, 7_000))).toMatchObject({ status: 400, body: { message: imageMessages.tooManyPixels } });
    expect(await storedFiles()).toEqual([]);
  });

  it('stores an image re-encoded, without the metadata it was sent with', async () => {
    const jpeg = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#228be6' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Agent Smith', Copyright: 'Hidden Corp' } })
      .toBuffer();
    const sent = await upload(jpeg, 'photo.jpg');
    expect(sent).toMatchObject({ status: 201, body: { mime: 'image/jpeg' } });
    const served = await fetch(`${server.url}${sent.body.url}`, { headers: { cookie: manager.cookie } });
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(bytes.includes('Hidden Corp')).toBe(false);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
    expect(await storedFiles()).toHaveLength(1);
  });

  it('takes at most 60 images an hour from one person, answering 429 with when to try again', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#40c057' } }).png().toBuffer();
    const before = (await storedFiles()).length;
    // All but one of the hour's images taken (the tests before took some).
    const limits = allowances(server.db);
    for (let left = true; left; ) left = await limits.take(taskImageLimit, manager.userId).then(() => true, () => false);
    await limits.giveBack(taskImageLimit, manager.userId);
    expect(await upload(png)).toMatchObject({ status: 201 });
    const response = await send(png);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({ message: taskImageLimit.message });
    expect((await storedFiles()).length).toBe(before + 1);
  });
});
