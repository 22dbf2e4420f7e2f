import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotMessages } from '../../domain/screenshots/screenshots.ts';
import { accessDenied } from '../../domain/members/roles.ts';
import { localDay } from '../../domain/time-tracking/local-days.ts';
import { uuidFrom } from '../../eventstore/command-handler.ts';
import { readModelsInclude } from '../../tests/support/read-models.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../../tests/support/users.ts';
import { pngClaiming } from '../../tests/support/images.ts';
import { imageMessages, SCREENSHOT_RULES } from '../images/intake.ts';

/*
 * The desktop agent sends screenshots with an API token while the timer
 * runs; real images go through real sharp, and the files land in the test
 * server's data folder.
 */

let server: TestServer;
let clock: Date | null = null;
let admin: ApiUser;
let manager: ApiUser;
let head: ApiUser;
/** A Manager of another team than Ana's. */
let zeusManager: ApiUser;
let ana: ApiUser;
let mia: ApiUser;
let bea: ApiUser;
let companyId: string;
let otherCompanyId: string;
/** API tokens of Ana (her timer runs), Mia (hers does not) and Bea (of another company). */
const tokens = { ana: '', mia: '', bea: '' };
let sessionId: string;

/** Today where Ana works: her screenshots are listed by her local day. */
const today = () => localDay(new Date().toISOString(), 'Asia/Kolkata');

/** The agent's POST: the image's bytes as the body, what it knows of the shot in the query. */
async function send(token: string, bytes: Buffer, query: Record<string, string> = {}, contentType: string | null = 'image/png', company = companyId) {
  const search = new URLSearchParams({ screenshotId: randomUUID(), takenAt: new Date().toISOString(), ...query });
  const response = await fetch(`${server.url}/api/companies/${company}/screenshots?${search}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(contentType ? { 'content-type': contentType } : {}) },
    body: new Uint8Array(bytes),
  });
  const body = await response.json();
  await readModelsInclude(server, body);
  return { status: response.status, body };
}

/** A screenshot's image or thumbnail as a browser of this user gets it. */
async function fetchFile(user: ApiUser, screenshotId: string, file: 'image' | 'thumbnail') {
  const response = await fetch(`${server.url}/api/companies/${companyId}/screenshots/${screenshotId}/${file}`, { headers: { cookie: user.cookie } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A file's answer is exactly that to this user for a screenshot that does not exist. */
async function expectNotFound(user: ApiUser, screenshotId: string, file: 'image' | 'thumbnail') {
  const answer = async (id: string) => {
    const { status, bytes } = await fetchFile(user, id, file);
    return { status, body: JSON.parse(bytes.toString()) };
  };
  const unknown = await answer(randomUUID());
  expect(unknown).toEqual({ status: 404, body: expect.objectContaining({ message: screenshotMessages.notFound }) });
  expect(await answer(screenshotId)).toEqual(unknown);
}

const list = (user: ApiUser, userId: string, from = today(), to = today()) => user.call('GET', `/api/companies/${companyId}/screenshots?userId=${userId}&from=${from}&to=${to}`);
/** Ana's stored files of a screenshot: its image and thumbnail, named by the upload that wrote them. */
const storedFiles = async (screenshotId: string) =>
  (await readdir(path.join(server.dataDir, 'files', 'companies', companyId, 'screenshots', ana.userId)).catch(() => [] as string[])).filter((name) => name.startsWith(screenshotId)).sort();

/** A picture with something on it: a gradient square in a frame. */
const picture = (width = 640, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: '#1c7ed6' } }).composite([
    { input: Buffer.from(`<svg width="${width}" height="${height}"><rect x="20" y="20" width="${width / 2}" height="${height / 2}" fill="#fab005"/></svg>`) },
  ]);

const eventsOf = async (screenshotId: string) => (await server.store.readStream(`screenshot-${screenshotId}`)).map((event) => event.type);

beforeAll(async () => {
  server = await startTestServer({ now: () => clock ?? new Date() });
  [admin, manager, head, zeusManager, ana, mia, bea] = await Promise.all([
    signedInUser(server, 'admin@shots.test', 'Ada Admin'),
    signedInUser(server, 'manager@shots.test', 'Max Manager'),
    signedInUser(server, 'head@shots.test', 'Hal Head'),
    signedInUser(server, 'zeus@shots.test', 'Zoe Zeus'),
    signedInUser(server, 'ana@shots.test', 'Ana Apollo'),
    signedInUser(server, 'mia@shots.test', 'Mia Apollo'),
    signedInUser(server, 'bea@other.test', 'Bea Beta'),
  ]);
  companyId = await createCompany(admin, 'Shots Inc');
  otherCompanyId = await createCompany(bea, 'Beta Corp');
  const apollo: string = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Apollo' })).body.teamId;
  const zeus: string = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Zeus' })).body.teamId;
  await inviteAndAccept(server, admin, companyId, manager, 'Manager', [apollo]);
  await inviteAndAccept(server, admin, companyId, head, 'Head', [apollo]);
  await inviteAndAccept(server, admin, companyId, zeusManager, 'Manager', [zeus]);
  await inviteAndAccept(server, admin, companyId, ana, 'Member', [apollo]);
  await inviteAndAccept(server, admin, companyId, mia, 'Member', [apollo]);
  const projectId: string = (await admin.call('POST', `/api/companies/${companyId}/projects`, { name: 'Moonshot' })).body.projectId;
  const task = { projectId, title: 'Launch', description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: ana.userId };
  const taskId: string = (await admin.call('POST', `/api/companies/${companyId}/tasks`, task)).body.taskId;
  for (const [name, user] of [['ana', ana], ['mia', mia], ['bea', bea]] as const) {
    tokens[name] = (await user.call('POST', '/api/me/tokens', { name: 'Agent' })).body.token;
  }
  const agent = (path: string, body: unknown) =>
    fetch(`${server.url}/api/companies/${companyId}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.ana}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  await agent('/punch/in', { timeZone: 'Asia/Kolkata' });
  sessionId = (await agent('/timer/start', { teamId: apollo, projectId, taskId, timeZone: 'Asia/Kolkata' })).session.sessionId;
}, 60_000);
afterAll(() => server.close());

describe('taking screenshots', () => {
  it('refuses while the company’s screenshots setting is off (the settings stream, not a read model)', async () => {
    const png = await picture().png().toBuffer();
    expect(await send(tokens.ana, png)).toMatchObject({ status: 403, body: { message: screenshotMessages.turnedOff } });
    expect((await admin.call('PUT', `/api/companies/${companyId}/settings/screenshots`, { enabled: true })).status).toBe(200);
  });

  it('refuses without a running timer, for another session, or with a time outside the session', async () => {
    const png = await picture().png().toBuffer();
    expect(await send(tokens.mia, png)).toMatchObject({ status: 409, body: { message: screenshotMessages.noSession } });
    expect(await send(tokens.ana, png, { sessionId: randomUUID() })).toMatchObject({ status: 409, body: { message: screenshotMessages.noSession } });
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect(await send(tokens.ana, png, { takenAt: anHourAgo })).toMatchObject({ status: 400, body: { message: screenshotMessages.outsideSession } });
    const inAMinute = new Date(Date.now() + 60_000).toISOString();
    expect(await send(tokens.ana, png, { takenAt: inAMinute })).toMatchObject({ status: 400, body: { message: screenshotMessages.outsideSession } });
  });

  it('re-encodes PNG, JPEG and WebP to WebP without their metadata, with a thumbnail 320 pixels wide', async () => {
    const jpeg = await picture(1280, 800)
      .jpeg()
      .withExif({ IFD0: { Artist: 'Agent Smith', Copyright: 'Hidden Corp' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect(jpeg.includes('Hidden Corp')).toBe(true);
    const images = [
      { bytes: await picture(640, 400).png().toBuffer(), type: 'image/png', width: 640, height: 400 },
      { bytes: jpeg, type: 'image/jpeg', width: 1280, height: 800 },
      // The bytes decide, not the label, nor its absence.
      { bytes: await picture(800, 500).webp().toBuffer(), type: 'application/octet-stream', width: 800, height: 500 },
      { bytes: await picture(400, 300).png().toBuffer(), type: 'image/jpeg', width: 400, height: 300 },
      { bytes: await picture(300, 200).png().toBuffer(), type: null, width: 300, height: 200 },
    ];
    for (const { bytes, type, width, height } of images) {
      const sent = await send(tokens.ana, bytes, { sessionId, application: 'Code', windowTitle: 'screenshots.ts' }, type);
      expect(sent).toMatchObject({ status: 201, body: { width, height } });
      const { screenshotId } = sent.body;
      const image = await fetchFile(ana, screenshotId, 'image');
      expect(image.headers.get('content-type')).toBe('image/webp');
      const stored = await sharp(image.bytes).metadata();
      expect(stored).toMatchObject({ format: 'webp', width, height });
      expect(stored.exif).toBeUndefined();
      expect(image.bytes.includes('Hidden Corp')).toBe(false);
      const thumbnail = await sharp((await fetchFile(ana, screenshotId, 'thumbnail')).bytes).metadata();
      expect(thumbnail).toMatchObject({ format: 'webp', width: Math.min(320, width), height: Math.round((Math.min(320, width) * height) / width) });
      const [event] = await server.store.readStream(`screenshot-${screenshotId}`);
      expect(event.data).toMatchObject({ userId: ana.userId, sessionId, timeZone: 'Asia/Kolkata', application: 'Code', windowTitle: 'screenshots.ts', width, height, bytes: image.bytes.length });
    }
  });

  it('refuses what is not a PNG, JPEG or WebP image by its bytes', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const gif = await picture(20, 20).gif().toBuffer();
    const png = await picture().png().toBuffer();
    const cases = [
      { bytes: Buffer.from('certainly not an image'), type: 'image/png' },
      { bytes: svg, type: 'image/svg+xml' },
      { bytes: svg, type: 'image/png' },
      { bytes: gif, type: 'image/gif' },
      { bytes: png.subarray(0, png.length - 40), type: 'image/png' },
      { bytes: Buffer.alloc(0), type: 'image/png' },
    ];
    for (const { bytes, type } of cases) expect(await send(tokens.ana, bytes, {}, type)).toMatchObject({ status: 400, body: { message: SCREENSHOT_RULES.notAnImage } });
  });

  it('refuses an image claiming more than 8,000 × 8,000 pixels or 40 megapixels from its header, before decoding it', async () => {
    const flood = pngClaiming(50_000, 50_000);
    expect(flood.length).toBeLessThan(100);
    expect(await send(tokens.ana, flood)).toMatchObject({ status: 400, body: { message: imageMessages.tooManyPixels } });
    expect(await send(tokens.ana, pngClaiming(8_001, 10))).toMatchObject({ status: 400, body: { message: imageMessages.tooManyPixels } });
    expect(await send(tokens.ana, pngClaiming(7_000, 7_000))).toMatchObject({ status: 400, body: { message: imageMessages.tooManyPixels } });
  });

  it('refuses a body over 5 MB', async () => {
    const big = Buffer.concat([await picture().png().toBuffer(), Buffer.alloc(6 * 1024 * 1024)]);
    expect(await send(tokens.ana, big)).toMatchObject({ status: 413, body: { message: SCREENSHOT_RULES.tooLarge } });
  });

  it('refuses a token of another company’s person, writing nothing', async () => {
    const clientId = `beta-${randomUUID()}`;
    const sent = await send(tokens.bea, await picture().png().toBuffer(), { screenshotId: clientId });
    expect(sent.status).toBe(404);
    expect(await eventsOf(uuidFrom(`${companyId}:${bea.userId}:screenshot:${clientId}`))).toEqual([]);
    // Bea's own company has screenshots off.
    expect((await send(tokens.bea, await picture().png().toBuffer(), {}, 'image/png', otherCompanyId)).status).toBe(403);
  });

  it('answers a replay with the same screenshotId as the first time, writing one event', async () => {
    const clientId = `shot_${randomUUID()}`;
    const png = await picture().png().toBuffer();
    const first = await send(tokens.ana, png, { screenshotId: clientId });
    expect(first.status).toBe(201);
    const again = await send(tokens.ana, png, { screenshotId: clientId });
    expect(again).toMatchObject({ status: 200, body: { screenshotId: first.body.screenshotId, takenAt: first.body.takenAt } });
    expect(await eventsOf(first.body.screenshotId)).toEqual(['ScreenshotTaken']);
  });
});

describe('viewing and deleting screenshots', () => {
  let shot: string;
  beforeAll(async () => {
    shot = (await send(tokens.ana, await picture().png().toBuffer(), { application: 'Figma' })).body.screenshotId;
  });

  it('serves the image and thumbnail, privately, to the person, their Admin and their team’s Head and Manager only', async () => {
    for (const user of [ana, admin, head, manager]) {
      for (const file of ['image', 'thumbnail'] as const) {
        const answer = await fetchFile(user, shot, file);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('cache-control')).toMatch(/^private/);
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      }
    }
    for (const user of [mia, zeusManager]) {
      for (const file of ['image', 'thumbnail'] as const) await expectNotFound(user, shot, file);
    }
    // Another company's person is not of this company: its own not found.
    for (const file of ['image', 'thumbnail'] as const) expect((await fetchFile(bea, shot, file)).status).toBe(404);
  });

  it('answers from the read model: a screenshot deleted there is not found, its files still stored', async () => {
    const marked = (await send(tokens.ana, await picture().png().toBuffer())).body.screenshotId;
    expect((await fetchFile(manager, marked, 'thumbnail')).status).toBe(200);
    await server.db.updateTable('screenshots').set({ deleted_at: new Date(), deleted_by: ana.userId, deleted_by_name: 'Ana Apollo' }).where('screenshot_id', '=', marked).execute();
    expect(await storedFiles(marked)).toHaveLength(2);
    for (const user of [ana, manager]) {
      for (const file of ['image', 'thumbnail'] as const) await expectNotFound(user, marked, file);
    }
  });

  it('answers a deletion the read model has not applied yet, its files gone, as not found', async () => {
    const late = (await send(tokens.ana, await picture().png().toBuffer())).body.screenshotId;
    await readModelsInclude(server, (await ana.call('DELETE', `/api/companies/${companyId}/screenshots/${late}`)).body);
    await server.db.updateTable('screenshots').set({ deleted_at: null, deleted_by: null, deleted_by_name: null }).where('screenshot_id', '=', late).execute();
    expect(await storedFiles(late)).toEqual([]);
    for (const user of [ana, admin]) {
      for (const file of ['image', 'thumbnail'] as const) await expectNotFound(user, late, file);
    }
  });

  it('lists a person’s screenshots to those who may see them, oldest first, and to nobody else', async () => {
    const own = await list(ana, ana.userId);
    expect(own.status).toBe(200);
    const listed = own.body.screenshots.find((s: { screenshotId: string }) => s.screenshotId === shot);
    expect(listed).toMatchObject({ userId: ana.userId, application: 'Figma', timeZone: 'Asia/Kolkata', deletable: true, deletedAt: null });
    expect(listed.imageUrl).toBe(`/api/companies/${companyId}/screenshots/${shot}/image`);
    const times = own.body.screenshots.map((s: { takenAt: string }) => s.takenAt);
    expect(times).toEqual([...times].sort());
    const byAdmin = await list(admin, ana.userId);
    expect(byAdmin.body.screenshots.find((s: { screenshotId: string }) => s.screenshotId === shot)).toMatchObject({ deletable: false });
    expect((await list(mia, ana.userId)).status).toBe(404);
    expect((await list(ana, ana.userId, '2026-01-01', '2026-02-01')).status).toBe(400);
  });

  it('lets the person delete their own within 24 hours: the files go, the row stays and an Admin sees it was deleted', async () => {
    const upload = new RegExp(`^${shot}-[0-9a-f-]{36}`);
    // Named by the upload that wrote them: the image and its thumbnail.
    expect((await storedFiles(shot)).map((name) => name.replace(upload, ''))).toEqual(['-thumb.webp', '.webp']);
    expect((await admin.call('DELETE', `/api/companies/${companyId}/screenshots/${shot}`)).body.message).toBe(accessDenied);
    expect((await mia.call('DELETE', `/api/companies/${companyId}/screenshots/${shot}`)).status).toBe(404);

    const removed = await ana.call('DELETE', `/api/companies/${companyId}/screenshots/${shot}`);
    expect(removed).toMatchObject({ status: 200, body: { message: screenshotMessages.deleted } });
    expect(await storedFiles(shot)).toEqual([]);
    expect((await fetchFile(ana, shot, 'image')).status).toBe(404);
    expect((await fetchFile(admin, shot, 'thumbnail')).status).toBe(404);
    expect(await eventsOf(shot)).toEqual(['ScreenshotTaken', 'ScreenshotDeleted']);

    const seen = (await list(admin, ana.userId)).body.screenshots.find((s: { screenshotId: string }) => s.screenshotId === shot);
    expect(seen).toMatchObject({ deletedAt: expect.any(String), deletedBy: { userId: ana.userId, name: 'Ana Apollo' }, imageUrl: null, thumbnailUrl: null, deletable: false });
  });

  it('refuses deleting one more than 24 hours after it was taken', async () => {
    const late = (await send(tokens.ana, await picture().png().toBuffer())).body.screenshotId;
    clock = new Date(Date.now() + 24 * 3_600_000 + 60_000);
    try {
      const answer = await ana.call('DELETE', `/api/companies/${companyId}/screenshots/${late}`);
      expect(answer).toMatchObject({ status: 409, body: { message: screenshotMessages.tooLate } });
    } finally {
      clock = null;
    }
    expect((await fetchFile(ana, late, 'image')).status).toBe(200);
  });

  // Last: it stops Ana's timer, a few minutes ahead of the real clock.
  it('takes one an agent offline took before the timer stopped, and none taken after', async () => {
    const stopAt = new Date(Date.now() + 3 * 60_000);
    clock = stopAt;
    const stopped = await fetch(`${server.url}/api/companies/${companyId}/timer/stop`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.ana}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(stopped.status).toBe(200);
    clock = new Date(stopAt.getTime() + 3_600_000);
    const png = await picture().png().toBuffer();
    const before = new Date(stopAt.getTime() - 60_000).toISOString();
    expect(await send(tokens.ana, png, { takenAt: before, sessionId })).toMatchObject({ status: 201, body: { takenAt: before } });
    const after = new Date(stopAt.getTime() + 60_000).toISOString();
    expect(await send(tokens.ana, png, { takenAt: after })).toMatchObject({ status: 409, body: { message: screenshotMessages.noSession } });
  });
});
