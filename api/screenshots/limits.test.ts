import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCREENSHOT_RETENTION_DAYS } from '../../domain/settings/company-settings.ts';
import { uuidFrom } from '../../eventstore/command-handler.ts';
import { screenshotsPastRetention } from '../../projections/screenshots/queries.ts';
import { readModelsInclude } from '../../tests/support/read-models.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { timeTrackingAt } from '../../tests/support/time-tracking.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../../tests/support/users.ts';
import { memberAccess } from '../access/membership.ts';
import { allowances } from '../limits/allowances.ts';
import { expireScreenshots, removeUnrecordedUploads } from './retention.ts';
import { createScreenshotsService } from './service.ts';
import { MEGABYTE, screenshotStorage, storageMessages, uploadReservations } from './storage-quota.ts';
import { type FileStorage, folderStorage } from '../storage/storage.ts';

/*
 * What one person's agent, or many, can make the server store: a rate per
 * person, a quota of bytes per company, a retention period, and files that
 * always are the ones their record names. The server runs with a small rate
 * (5 an hour) and a small quota (1 MB), on a clock the tests move on.
 */

const PER_HOUR = 5;
const QUOTA_MB = 1;

let server: TestServer;
let clock: Date | null = null;
const now = () => clock ?? new Date();
let admin: ApiUser;
let companyId: string;
let teamId: string;
let projectId: string;
/** People tracking time with the desktop agent, each with their own allowance: by name, their user and API token. */
const agents = new Map<string, { user: ApiUser; token: string }>();

const files = () => folderStorage(path.join(server.dataDir, 'files'));
const companyFolder = () => path.join(server.dataDir, 'files', 'companies', companyId);

/** The bytes of every file under a folder (none when there is no folder). */
async function bytesOnDisk(folder: string): Promise<number> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  const sizes = await Promise.all(entries.filter((entry) => entry.isFile()).map(async (entry) => (await stat(path.join(entry.parentPath, entry.name))).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** The names of a person's screenshot files. */
const filesOf = async (userId: string) => (await readdir(path.join(companyFolder(), 'screenshots', userId)).catch(() => [] as string[])).sort();

/** The agent's POST, taken now by the server's clock. */
async function send(name: string, bytes: Buffer, clientId: string = randomUUID()) {
  const search = new URLSearchParams({ screenshotId: clientId, takenAt: now().toISOString() });
  const response = await fetch(`${server.url}/api/companies/${companyId}/screenshots?${search}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${agents.get(name)!.token}`, 'content-type': 'image/png' },
    body: new Uint8Array(bytes),
  });
  const body = await response.json();
  await readModelsInclude(server, body);
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
}

const picture = (width: number, height: number, colour = '#1c7ed6') => sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
/** Pixels that do not compress: a screenshot of noise stores about as many bytes as it has pixels. */
const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png().toBuffer();

const storageUsed = async () => (await admin.call('GET', `/api/companies/${companyId}/settings/screenshot-storage`)).body as { usedBytes: number; limitBytes: number };

/** A person of the company whose agent runs the timer. */
async function agent(name: string) {
  const user = await signedInUser(server, `${name}@limits.test`, `${name} Agent`);
  await inviteAndAccept(server, admin, companyId, user, 'Member', [teamId]);
  const task = { projectId, title: `Watch ${name}`, description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: user.userId };
  const taskId: string = (await admin.call('POST', `/api/companies/${companyId}/tasks`, task)).body.taskId;
  const token: string = (await user.call('POST', '/api/me/tokens', { name: 'Agent' })).body.token;
  const call = (route: string, body: unknown) =>
    fetch(`${server.url}/api/companies/${companyId}${route}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await call('/punch/in', { timeZone: 'UTC' });
  const started = await call('/timer/start', { teamId, projectId, taskId, timeZone: 'UTC' });
  if (started.status !== 200) throw new Error(`timer not started: ${await started.text()}`);
  agents.set(name, { user, token });
  return user;
}

beforeAll(async () => {
  server = await startTestServer({ screenshotsPerHour: PER_HOUR, screenshotStoragePerCompanyMb: QUOTA_MB, now });
  admin = await signedInUser(server, 'admin@limits.test', 'Ada Admin');
  companyId = await createCompany(admin, 'Limits Inc');
  teamId = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Agents' })).body.teamId;
  projectId = (await admin.call('POST', `/api/companies/${companyId}/projects`, { name: 'Watching' })).body.projectId;
  await admin.call('PUT', `/api/companies/${companyId}/settings/screenshots`, { enabled: true });
  for (const name of ['ana', 'bob', 'cy']) await agent(name);
}, 90_000);
afterAll(() => server.close());

describe('the upload rate per person', () => {
  it('takes only the allowance of 30 screenshots sent at once; the rest are 429 with Retry-After, and nothing of them is stored', async () => {
    const png = await picture(200, 120);
    const sent = await Promise.all(Array.from({ length: 30 }, () => send('ana', png)));
    const accepted = sent.filter((answer) => answer.status === 201);
    const refused = sent.filter((answer) => answer.status === 429);
    expect(accepted).toHaveLength(PER_HOUR);
    expect(refused).toHaveLength(30 - PER_HOUR);
    for (const answer of refused) {
      expect(answer.body.message).toBe('Too many screenshots: at most 5 an hour. Try again in a few minutes.');
      // One more comes in 12 minutes at 5 an hour.
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(720);
    }
    expect(await filesOf(agents.get('ana')!.user.userId)).toHaveLength(PER_HOUR * 2);
  });

  it('takes another once the allowance refilled', async () => {
    clock = new Date(Date.now() + 13 * 60_000);
    try {
      expect((await send('ana', await picture(200, 120))).status).toBe(201);
      expect((await send('ana', await picture(200, 120))).status).toBe(429);
    } finally {
      clock = null;
    }
  });
});

describe('the storage quota per company', () => {
  it('refuses with 413 once the company stores its quota; the disk holds what is counted, and a deletion gives it back', async () => {
    const bob = agents.get('bob')!.user;
    const base = Date.now();
    const answers: { status: number; body: { message?: string; screenshotId?: string } }[] = [];
    // A screenshot of noise every 15 minutes (within the rate) until the storage is full, and twice more.
    for (let minutes = 15; answers.filter((answer) => answer.status === 413).length < 3 && minutes <= 40 * 15; minutes += 15) {
      clock = new Date(base + minutes * 60_000);
      answers.push(await send('bob', await noise(320, 240)));
    }
    const stored = answers.filter((answer) => answer.status === 201);
    const full = answers.filter((answer) => answer.status === 413);
    expect(stored.length).toBeGreaterThan(1);
    expect(full).toHaveLength(3);
    for (const answer of full) expect(answer.body.message).toBe(storageMessages.full(QUOTA_MB));
    expect(storageMessages.full(QUOTA_MB)).toBe("This company's screenshot storage is full (1 MB). An Admin can shorten the retention period on Settings.");

    // What is counted is what is on disk (images and thumbnails of everyone's), and never more than the quota.
    const onDisk = await bytesOnDisk(path.join(companyFolder(), 'screenshots'));
    expect(await storageUsed()).toEqual({ usedBytes: onDisk, limitBytes: QUOTA_MB * MEGABYTE });
    expect(onDisk).toBeLessThanOrEqual(QUOTA_MB * MEGABYTE);
    expect(await filesOf(bob.userId)).toHaveLength(stored.length * 2);

    // Bob deletes his latest: its bytes come back, and the next one fits.
    const latest = stored.at(-1)!.body.screenshotId!;
    expect((await bob.call('DELETE', `/api/companies/${companyId}/screenshots/${latest}`)).status).toBe(200);
    expect((await storageUsed()).usedBytes).toBe(await bytesOnDisk(path.join(companyFolder(), 'screenshots')));
    expect((await storageUsed()).usedBytes).toBeLessThan(onDisk);
    clock = new Date(clock!.getTime() + 15 * 60_000);
    expect((await send('bob', await picture(320, 240))).status).toBe(201);
    clock = null;
  });

  it('shows the storage to Admins only', async () => {
    const bob = agents.get('bob')!.user;
    expect((await bob.call('GET', `/api/companies/${companyId}/settings/screenshot-storage`)).status).toBe(403);
  });
});

describe('two uploads of the same screenshot at once', () => {
  /** The server's folder, where the puts of the upload that writes first wait until `release`. */
  function heldFirstWriter() {
    const folder = files();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldStem: string | null = null;
    const storage: FileStorage = {
      ...folder,
      async put(key, bytes) {
        const stem = key.replace(/(-thumb)?\.webp$/, '');
        heldStem ??= stem;
        if (stem === heldStem) await held;
        return folder.put(key, bytes);
      },
    };
    return { storage, release: () => release() };
  }

  it('serves the image of the upload that was recorded, whichever wrote its files last', async () => {
    const cy = agents.get('cy')!.user;
    const access = (await memberAccess(server.db, companyId, cy.userId))!;
    const { storage, release } = heldFirstWriter();
    const service = createScreenshotsService({
      store: server.store,
      db: server.db,
      storage,
      quota: screenshotStorage(server.db, 100),
      allowances: allowances(server.db),
      uploadsPerHour: 1_000,
      timeTracking: timeTrackingAt(server, now),
    });
    const input = { clientId: 'same-shot', sessionId: null, takenAt: new Date().toISOString(), application: null, windowTitle: null };
    const [wide, square] = [await picture(300, 50, '#e03131'), await picture(100, 100, '#2f9e44')];
    const uploads = [service.take(access, input, wide, { correlationId: 'wide' }), service.take(access, input, square, { correlationId: 'square' })];
    // The upload not held is recorded; then the held one writes its files and appends, too late.
    const first = await Promise.race(uploads);
    release();
    const [a, b] = await Promise.all(uploads);
    expect(first.replayed).toBe(false);
    expect([a.screenshot, b.screenshot]).toEqual([first.screenshot, first.screenshot]);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);

    const screenshotId = uuidFrom(`${companyId}:${cy.userId}:screenshot:same-shot`);
    await server.watcher.waitFor(await server.store.headPosition());
    const listed = (await cy.call('GET', `/api/companies/${companyId}/screenshots?userId=${cy.userId}&from=${input.takenAt.slice(0, 10)}&to=${input.takenAt.slice(0, 10)}`)).body.screenshots;
    const record = listed.find((shot: { screenshotId: string }) => shot.screenshotId === screenshotId);
    const served = await fetch(`${server.url}${record.imageUrl}`, { headers: { cookie: cy.cookie } });
    const image = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect({ width: image.width, height: image.height }).toEqual({ width: record.width, height: record.height });
    expect({ width: record.width, height: record.height }).toEqual({ width: first.screenshot.width, height: first.screenshot.height });
    // Only the recorded upload's files are kept, and only they are counted.
    expect((await filesOf(cy.userId)).filter((name) => name.startsWith(screenshotId))).toHaveLength(2);
    expect((await storageUsed()).usedBytes).toBe(await bytesOnDisk(path.join(companyFolder(), 'screenshots')));
  });

  it('answers both of two sent at once over HTTP with one record, whose image is served', async () => {
    const cy = agents.get('cy')!.user;
    const [wide, square] = [await picture(300, 50, '#e03131'), await picture(100, 100, '#2f9e44')];
    const answers = await Promise.all([send('cy', wide, 'raced'), send('cy', square, 'raced')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    const recorded = ({ screenshotId, takenAt, width, height }: Record<string, unknown>) => ({ screenshotId, takenAt, width, height });
    expect(recorded(answers[0].body)).toEqual(recorded(answers[1].body));
    const { screenshotId, width, height } = answers[0].body;
    const served = await fetch(`${server.url}/api/companies/${companyId}/screenshots/${screenshotId}/image`, { headers: { cookie: cy.cookie } });
    const image = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect({ width: image.width, height: image.height }).toEqual({ width, height });
    expect((await filesOf(cy.userId)).filter((name) => name.startsWith(screenshotId))).toHaveLength(2);
  });
});

describe('the retention period', () => {
  const sweepAt = (at: Date) => expireScreenshots({ store: server.store, db: server.db, storage: files(), quota: uploadReservations(server.db), now: at });
  const streamOf = async (screenshotId: string) => (await server.store.readStream(`screenshot-${screenshotId}`)).map((event) => event.type);
  const inDays = (days: number) => new Date(Date.now() + days * 24 * 3_600_000);

  it('is an Admin’s choice of 30, 90, 180 or 365 days, or until deleted', async () => {
    const bob = agents.get('bob')!.user;
    expect((await bob.call('PUT', `/api/companies/${companyId}/settings/screenshot-retention`, { days: 30 })).status).toBe(403);
    expect((await admin.call('PUT', `/api/companies/${companyId}/settings/screenshot-retention`, { days: 45 })).body.message).toBe(
      'Please choose how long screenshots are kept: 30, 90, 180 or 365 days, or until deleted.',
    );
    const kept = await admin.call('PUT', `/api/companies/${companyId}/settings/screenshot-retention`, { days: null });
    expect(kept.status).toBe(200);
    await readModelsInclude(server, kept.body);
    expect((await admin.call('GET', `/api/companies/${companyId}/settings`)).body.screenshotRetentionDays).toBeNull();
  });

  it('keeps every screenshot of a company that keeps them until deleted', async () => {
    expect(await sweepAt(inDays(400))).toBe(0);
  });

  it('removes those older than the period as events, with their files and their storage; the gallery says so', async () => {
    const ana = agents.get('ana')!.user;
    const set = await admin.call('PUT', `/api/companies/${companyId}/settings/screenshot-retention`, { days: 30 });
    await readModelsInclude(server, set.body);
    const today = new Date().toISOString().slice(0, 10);
    const before = (await ana.call('GET', `/api/companies/${companyId}/screenshots?userId=${ana.userId}&from=${today}&to=${today}`)).body.screenshots;
    expect(before.length).toBeGreaterThan(0);
    expect((await storageUsed()).usedBytes).toBeGreaterThan(0);

    // 29 days on, all are kept; 31 days on, all go (the sweep takes 500 at a time).
    expect(await sweepAt(inDays(29))).toBe(0);
    const swept = await sweepAt(inDays(31));
    expect(swept).toBeGreaterThanOrEqual(before.length);
    expect(await streamOf(before[0].screenshotId)).toEqual(['ScreenshotTaken', 'ScreenshotExpired']);
    expect(await bytesOnDisk(path.join(companyFolder(), 'screenshots'))).toBe(0);
    expect((await storageUsed()).usedBytes).toBe(0);

    await server.watcher.waitFor(await server.store.headPosition());
    expect((await ana.call('GET', `/api/companies/${companyId}/screenshots?userId=${ana.userId}&from=${today}&to=${today}`)).body.screenshots[0]).toMatchObject({ expiredAfterDays: 30, deletedBy: null, deletedAt: expect.any(String), imageUrl: null, thumbnailUrl: null });
    // A second sweep finds nothing left to do (what the read model still offers it, told if it does).
    const offered = await screenshotsPastRetention(server.db, inDays(32), DEFAULT_SCREENSHOT_RETENTION_DAYS, 500);
    const streams = await Promise.all(offered.map(async ({ screenshotId }) => (await server.store.readStream(`screenshot-${screenshotId}`)).map(({ type, data }) => ({ type, data }))));
    expect(await sweepAt(inDays(32)), JSON.stringify({ at: new Date(), swept, before: before.length, streams })).toBe(0);
  });
});

describe('an upload that died before its event', () => {
  it('has its files removed and its bytes given back an hour later, unless its screenshot’s stream names them', async () => {
    const cy = agents.get('cy')!.user;
    const quota = screenshotStorage(server.db, QUOTA_MB);
    const storage = files();
    const at = new Date();
    const stem = (screenshotId: string) => `companies/${companyId}/screenshots/${cy.userId}/${screenshotId}-${randomUUID()}`;
    // Reserved and written, never recorded: one of a screenshot never taken, one of a screenshot whose event names other files.
    const orphans = [stem(randomUUID()), stem(uuidFrom(`${companyId}:${cy.userId}:screenshot:raced`))];
    const before = await quota.used(companyId);
    for (const file of orphans) {
      await quota.reserve({ file, companyId, screenshotId: file.split('/').at(-1)!.slice(0, 36), bytes: 1_000, at });
      await storage.put(`${file}.webp`, Buffer.alloc(800));
      await storage.put(`${file}-thumb.webp`, Buffer.alloc(200));
    }
    expect(await quota.used(companyId)).toBe(before + 2_000);
    const sweep = (minutes: number) =>
      removeUnrecordedUploads({ store: server.store, db: server.db, storage, quota: uploadReservations(server.db), now: new Date(at.getTime() + minutes * 60_000) });

    expect(await sweep(59)).toBe(0);
    expect(await sweep(61)).toBe(2);
    expect(await quota.used(companyId)).toBe(before);
    expect(await bytesOnDisk(path.join(companyFolder(), 'screenshots'))).toBe(before);
    // Recorded uploads are never looked at again.
    expect(await sweep(24 * 60)).toBe(0);
  });
});
