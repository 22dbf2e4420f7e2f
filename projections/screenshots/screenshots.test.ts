import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ScreenshotEvent } from '../../domain/screenshots/events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { useTestDatabase } from '../../tests/support/test-database.ts';
import { screenshotsOf, seenScreenshot } from './queries.ts';
import { screenshotsProjection } from './screenshots.ts';

let position = 0;
const recorded = (event: ScreenshotEvent): RecordedEvent => {
  position++;
  return {
    eventId: randomUUID(),
    streamId: `screenshot-${event.data.screenshotId}`,
    version: 1,
    position: { commit: 1n, prepare: BigInt(position) },
    type: event.type,
    data: event.data,
    metadata: { correlationId: 'test' },
    recordedAt: new Date().toISOString(),
  };
};

const image = { width: 1920, height: 1080, bytes: 52_000, thumbnailWidth: 320, thumbnailHeight: 180 };

describe('screenshots read model', () => {
  const database = useTestDatabase();
  const apply = (events: ScreenshotEvent[]) => database.db.transaction().execute((trx) => screenshotsProjection.apply(trx, events.map(recorded)));

  it('lists a person’s screenshots by the local day they were taken on, keeps a deleted or expired one with who deleted it, and ignores a replay', async () => {
    const companyId = randomUUID();
    const userId = randomUUID();
    const taken = (takenAt: string): ScreenshotEvent => ({
      type: 'ScreenshotTaken',
      data: { companyId, userId, screenshotId: randomUUID(), sessionId: randomUUID(), teamId: randomUUID(), takenAt, timeZone: 'Asia/Kolkata', application: 'Code', windowTitle: null, ...image },
    });
    // 23:55 on the 10th and 00:10 on the 11th in Kolkata.
    const late = taken('2026-03-10T18:25:00.000Z');
    const early = taken('2026-03-10T18:40:00.000Z');
    const deleted: ScreenshotEvent = { type: 'ScreenshotDeleted', data: { companyId, userId, screenshotId: early.data.screenshotId, by: { userId, name: 'Ana Apollo' }, at: '2026-03-10T19:00:00.000Z' } };
    const expiring = taken('2026-03-10T18:50:00.000Z');
    const upload = randomUUID();
    expiring.data = { ...expiring.data, upload } as typeof expiring.data;
    const expired: ScreenshotEvent = { type: 'ScreenshotExpired', data: { companyId, userId, screenshotId: expiring.data.screenshotId, retentionDays: 30, at: '2026-04-10T00:00:00.000Z' } };
    const scopes = await apply([late, early, deleted, expiring, expired]);
    await apply([late]);

    expect(scopes).toContainEqual({ kind: 'company', id: companyId, family: 'screenshots', key: userId });
    const onThe10th = await screenshotsOf(database.db, companyId, userId, { from: '2026-03-10', to: '2026-03-10' });
    expect(onThe10th.map((s) => s.screenshotId)).toEqual([late.data.screenshotId]);
    const both = await screenshotsOf(database.db, companyId, userId, { from: '2026-03-10', to: '2026-03-11' });
    expect(both).toMatchObject([
      { screenshotId: late.data.screenshotId, deletedAt: null, deletedBy: null, expiredAfterDays: null },
      { screenshotId: early.data.screenshotId, deletedAt: '2026-03-10T19:00:00.000Z', deletedBy: { userId, name: 'Ana Apollo' }, expiredAfterDays: null },
      // Removed by the retention period: no one deleted it.
      { screenshotId: expiring.data.screenshotId, deletedAt: '2026-04-10T00:00:00.000Z', deletedBy: null, expiredAfterDays: 30 },
    ]);
    // Its files are named by its upload; those of events written before uploads were, by the screenshot alone.
    const files = await database.db.selectFrom('screenshots').select(['screenshot_id', 'file']).where('company_id', '=', companyId).execute();
    expect(Object.fromEntries(files.map((row) => [row.screenshot_id, row.file]))).toEqual({
      [late.data.screenshotId]: `companies/${companyId}/screenshots/${userId}/${late.data.screenshotId}`,
      [early.data.screenshotId]: `companies/${companyId}/screenshots/${userId}/${early.data.screenshotId}`,
      [expiring.data.screenshotId]: `companies/${companyId}/screenshots/${userId}/${expiring.data.screenshotId}-${upload}`,
    });
  });

  it('finds a screenshot of the company, not deleted, for those who see its person on the dashboards only', async () => {
    const companyId = randomUUID();
    const [apollo, zeus] = [randomUUID(), randomUUID()];
    const member = async (accessLevel: string, teams: string[], deleted = false) => {
      const userId = randomUUID();
      const email = `${userId}@shots.test`;
      await database.db
        .insertInto('company_members')
        .values({ company_id: companyId, user_id: userId, name: accessLevel, email, is_admin: accessLevel === 'Admin', access_level: accessLevel, hourly_rate: null, deleted, deleted_at: null, joined_at: new Date() })
        .execute();
      for (const teamId of teams) await database.db.insertInto('team_members').values({ team_id: teamId, user_id: userId, company_id: companyId, role: accessLevel }).execute();
      return userId;
    };
    const [ana, head, zeusManager, admin, left] = [await member('Member', [apollo]), await member('Head', [apollo]), await member('Manager', [zeus]), await member('Admin', []), await member('Member', [apollo], true)];
    const shotOf = (userId: string): ScreenshotEvent => ({
      type: 'ScreenshotTaken',
      data: { companyId, userId, screenshotId: randomUUID(), sessionId: randomUUID(), teamId: apollo, takenAt: '2026-03-10T10:00:00.000Z', timeZone: 'UTC', application: null, windowTitle: null, ...image },
    });
    const [shot, gone, adminShot, leftShot] = [shotOf(ana), shotOf(ana), shotOf(admin), shotOf(left)];
    await apply([shot, gone, adminShot, leftShot, { type: 'ScreenshotDeleted', data: { companyId, userId: ana, screenshotId: gone.data.screenshotId, by: { userId: ana, name: 'Ana' }, at: '2026-03-10T11:00:00.000Z' } }]);

    const seen = (viewer: { userId: string; teams: readonly string[] | null }, screenshot = shot, company = companyId) => seenScreenshot(database.db, company, viewer, screenshot.data.screenshotId);
    const found = { companyId, userId: ana, screenshotId: shot.data.screenshotId, file: `companies/${companyId}/screenshots/${ana}/${shot.data.screenshotId}` };
    expect(await seen({ userId: ana, teams: [] })).toEqual(found);
    expect(await seen({ userId: admin, teams: null })).toEqual(found);
    expect(await seen({ userId: head, teams: [apollo] })).toEqual(found);
    expect(await seen({ userId: zeusManager, teams: [zeus] })).toBeUndefined();
    expect(await seen({ userId: head, teams: [] })).toBeUndefined();
    // Admins are in every team by their role: a Head does not see theirs.
    expect(await seen({ userId: head, teams: [apollo] }, adminShot)).toBeUndefined();
    expect(await seen({ userId: admin, teams: null }, leftShot)).toBeUndefined();
    expect(await seen({ userId: ana, teams: [] }, gone)).toBeUndefined();
    expect(await seen({ userId: admin, teams: null }, gone)).toBeUndefined();
    expect(await seen({ userId: admin, teams: null }, shot, randomUUID())).toBeUndefined();
  });
});
