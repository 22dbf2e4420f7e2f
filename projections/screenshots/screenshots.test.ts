import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ScreenshotEvent } from '../../domain/screenshots/events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { useTestDatabase } from '../../tests/support/test-database.ts';
import { screenshotsOf } from './queries.ts';
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

  it('lists a person’s screenshots by the local day they were taken on, keeps a deleted one with who deleted it, and ignores a replay', async () => {
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
    const scopes = await apply([late, early, deleted]);
    await apply([late]);

    expect(scopes).toContainEqual({ kind: 'company', id: companyId, family: 'screenshots', key: userId });
    const onThe10th = await screenshotsOf(database.db, companyId, userId, { from: '2026-03-10', to: '2026-03-10' });
    expect(onThe10th.map((s) => s.screenshotId)).toEqual([late.data.screenshotId]);
    const both = await screenshotsOf(database.db, companyId, userId, { from: '2026-03-10', to: '2026-03-11' });
    expect(both).toMatchObject([
      { screenshotId: late.data.screenshotId, deletedAt: null, deletedBy: null },
      { screenshotId: early.data.screenshotId, deletedAt: '2026-03-10T19:00:00.000Z', deletedBy: { userId, name: 'Ana Apollo' } },
    ]);
  });
});
