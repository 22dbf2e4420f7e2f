import type { Kysely } from 'kysely';
import { type ScreenshotEvent, screenshotFileStem, screenshotStream } from '../../domain/screenshots/events.ts';
import { type ScreenshotState, screenshots } from '../../domain/screenshots/screenshots.ts';
import { companySettings, DEFAULT_SCREENSHOT_RETENTION_DAYS } from '../../domain/settings/company-settings.ts';
import { companySettingsStream } from '../../domain/settings/events.ts';
import { handleCommand, loadStream, StreamStateCache } from '../../eventstore/command-handler.ts';
import type { EventStore } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import { screenshotsPastRetention } from '../../projections/screenshots/queries.ts';
import type { FileStorage } from '../storage/storage.ts';
import { removeScreenshotFiles } from './service.ts';
import type { UploadReservations } from './storage-quota.ts';

/** Screenshots expired in one sweep at most; the next sweep goes on with the rest. */
const EXPIRED_PER_SWEEP = 500;

/** An upload's files left this long with no screenshot naming them (a crash between writing them and the event) are removed. */
export const UNRECORDED_UPLOAD_MS = 60 * 60 * 1000;

interface Dependencies {
  store: EventStore;
  db: Kysely<Database>;
  storage: FileStorage;
  quota: UploadReservations;
  now: Date;
}

/**
 * Removes the screenshots kept longer than their company keeps them: each is
 * an event on its stream (ScreenshotExpired, decided by the company's
 * retention as its settings stream has it, so a period lengthened meanwhile
 * keeps them), then its files go and their storage is given back. Returns
 * how many expired.
 */
export async function expireScreenshots({ store, db, storage, quota, now }: Dependencies): Promise<number> {
  const candidates = await screenshotsPastRetention(db, now, DEFAULT_SCREENSHOT_RETENTION_DAYS, EXPIRED_PER_SWEEP);
  const retention = new Map<string, number | null>();
  const retentionOf = async (companyId: string) => {
    if (!retention.has(companyId)) retention.set(companyId, (await loadStream(store, companySettingsStream(companyId), companySettings)).state.screenshotRetentionDays);
    return retention.get(companyId)!;
  };
  let expired = 0;
  for (const { companyId, screenshotId } of candidates) {
    const stream = new StreamStateCache<ScreenshotState, ScreenshotEvent>();
    const { taken } = (await loadStream(store, screenshotStream(screenshotId), screenshots, stream)).state;
    const context = { now, retentionDays: await retentionOf(companyId) };
    const metadata = { correlationId: `expire-${screenshotId}`, commandId: `expire:${screenshotId}`, companyId };
    const { events } = await handleCommand(store, screenshotStream(screenshotId), screenshots, { type: 'ExpireScreenshot', companyId, screenshotId }, context, metadata, stream);
    if (events.length === 0 || !taken) continue;
    await removeScreenshotFiles(storage, quota, screenshotFileStem(taken));
    expired++;
  }
  return expired;
}

/**
 * Removes the files of uploads whose event was never recorded (a crash
 * between writing the files and the event) once they are an hour old, and
 * gives their storage back. The screenshot's stream decides, not the read
 * model, which may lag: files its event names are kept and marked recorded.
 */
export async function removeUnrecordedUploads({ store, db, storage, quota, now }: Dependencies): Promise<number> {
  const unrecorded = await db
    .selectFrom('screenshot_uploads')
    .select(['file', 'screenshot_id'])
    .where('recorded', '=', false)
    .where('reserved_at', '<', new Date(now.getTime() - UNRECORDED_UPLOAD_MS))
    .orderBy('reserved_at')
    .limit(EXPIRED_PER_SWEEP)
    .execute();
  let removed = 0;
  for (const { file, screenshot_id } of unrecorded) {
    const { state } = await loadStream<ScreenshotState, ScreenshotEvent>(store, screenshotStream(screenshot_id), screenshots);
    if (state.taken && screenshotFileStem(state.taken) === file) {
      if (state.deletedAt) await removeScreenshotFiles(storage, quota, file);
      else await quota.recorded(file);
      continue;
    }
    await removeScreenshotFiles(storage, quota, file);
    removed++;
  }
  return removed;
}
