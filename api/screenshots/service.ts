import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { visibleTeams } from '../../domain/dashboards/access.ts';
import { type DayRange, rangeDays, rangeProblem } from '../../domain/dashboards/range.ts';
import { type ScreenshotEvent, screenshotFileStem, screenshotStream } from '../../domain/screenshots/events.ts';
import { isDeletable, MAX_SCREENSHOT_RANGE_DAYS, type ScreenshotState, screenshotMessages, screenshots, type TakeScreenshot, takingSession } from '../../domain/screenshots/screenshots.ts';
import { companySettings, type SettingsState } from '../../domain/settings/company-settings.ts';
import { companySettingsStream, type SettingsEvent } from '../../domain/settings/events.ts';
import { invalid, notFound } from '../../domain/shared/errors.ts';
import { type CommandResult, handleCommand, loadStream, StreamStateCache, uuidFrom } from '../../eventstore/command-handler.ts';
import type { EventMetadata, EventStore } from '../../eventstore/types.ts';
import { dashboardPeople } from '../../projections/dashboards/queries.ts';
import type { Database } from '../../projections/database.ts';
import { screenshotsOf, seenScreenshot } from '../../projections/screenshots/queries.ts';
import { type CompanyAccess, visiblePerson } from '../access/membership.ts';
import { checkedImage, SCREENSHOT_RULES, storedScreenshot } from '../images/intake.ts';
import { type Allowances, HOUR_SECONDS, type Limit } from '../limits/allowances.ts';
import type { FileStorage } from '../storage/storage.ts';
import type { TimeTrackingService } from '../time-tracking/service.ts';
import { localDay } from '../../domain/time-tracking/local-days.ts';
import { createPeriodLocks, type PeriodLocks } from '../timesheets/locks.ts';
import type { ScreenshotStorage } from './storage-quota.ts';

export type ScreenshotsService = ReturnType<typeof createScreenshotsService>;

/** The two files of a screenshot. */
export type ScreenshotFile = 'image' | 'thumbnail';

/** What the agent says of a screenshot besides its bytes; `clientId` is the agent's own id for it. */
export interface ScreenshotInput {
  clientId: string;
  sessionId: string | null;
  takenAt: string;
  application: string | null;
  windowTitle: string | null;
}

/** Where one of a screenshot's files is, by its stem (screenshotFileStem). */
export const screenshotFileKey = (stem: string, file: ScreenshotFile) => `${stem}${file === 'thumbnail' ? '-thumb' : ''}.webp`;

/** Removes a screenshot's files, then gives back the storage they took. */
export async function removeScreenshotFiles(storage: FileStorage, quota: Pick<ScreenshotStorage, 'giveBack'>, stem: string): Promise<void> {
  await Promise.all([storage.delete(screenshotFileKey(stem, 'image')), storage.delete(screenshotFileKey(stem, 'thumbnail'))]);
  await quota.giveBack(stem);
}

/** How many screenshots one person's agents may send: a burst after being offline, then a steady pace. */
export const screenshotUploads = (perHour: number): Limit => ({
  name: 'screenshots-per-person',
  capacity: perHour,
  perSeconds: HOUR_SECONDS,
  message: `Too many screenshots: at most ${perHour.toLocaleString('en-US')} an hour. Try again in a few minutes.`,
});

export function createScreenshotsService({
  store,
  db,
  storage,
  quota,
  allowances,
  uploadsPerHour,
  timeTracking,
  now = () => new Date(),
  locks = createPeriodLocks({ store, now }),
}: {
  store: EventStore;
  db: Kysely<Database>;
  storage: FileStorage;
  /** The bytes each company may store. */
  quota: ScreenshotStorage;
  allowances: Allowances;
  /** Screenshots one person may send an hour. */
  uploadsPerHour: number;
  timeTracking: TimeTrackingService;
  now?: () => Date;
  /** The lock of approved periods: a screenshot sent late for one is refused. */
  locks?: PeriodLocks;
}) {
  const uploads = screenshotUploads(uploadsPerHour);
  const settings = new StreamStateCache<SettingsState, SettingsEvent>();
  /** `stream`: the request's read of the stream, handed on to its command so that the stream is not read again. */
  const load = async (screenshotId: string, stream?: StreamStateCache<ScreenshotState, ScreenshotEvent>) =>
    (await loadStream(store, screenshotStream(screenshotId), screenshots, stream)).state;

  const viewer = (access: CompanyAccess) => ({ userId: access.userId, teams: visibleTeams(access.actor) });

  /** Whether the viewer may see this person's screenshots (the dashboards' rule). */
  const maySee = async (access: CompanyAccess, userId: string) => (await dashboardPeople(db, access.company.company_id, viewer(access), userId)).length > 0;

  /**
   * A screenshot of the viewer's company, of someone they may see, from its
   * stream (deleting it needs its state); anything else is not found, so that
   * nothing tells it exists.
   */
  async function seen(access: CompanyAccess, screenshotId: string, stream: StreamStateCache<ScreenshotState, ScreenshotEvent>) {
    const { taken } = await load(screenshotId, stream);
    if (!taken || taken.companyId !== access.company.company_id || !(await maySee(access, taken.userId))) throw notFound(screenshotMessages.notFound);
    return taken;
  }

  return {
    /**
     * Stores a screenshot the agent took. Refused before its image is decoded
     * when the timer or the setting says no, the bytes are no such image,
     * the person sent too many lately, or the company's storage is full. Its
     * bytes are reserved, its files written under a name of this upload's
     * own, then the event records that upload: two uploads with the same id
     * at once each write their own files, and the one the event names is
     * served; the other's are removed and given back. The stored id comes
     * from the caller and the agent's id, so a replay finds the stream
     * written and is answered as the first time.
     */
    async take(access: CompanyAccess, input: ScreenshotInput, bytes: Buffer, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      const userId = access.userId;
      const screenshotId = uuidFrom(`${companyId}:${userId}:screenshot:${input.clientId}`);
      const stream = new StreamStateCache<ScreenshotState, ScreenshotEvent>();
      const earlier = (await load(screenshotId, stream)).taken;
      if (earlier) return { screenshot: earlier, position: null, replayed: true };

      const [companyState, tracker] = await Promise.all([
        loadStream(store, companySettingsStream(companyId), companySettings, settings),
        timeTracking.readTracker(companyId, userId),
      ]);
      const context = { now: now(), tracker, screenshotsEnabled: companyState.state.screenshotsEnabled };
      takingSession(input, context);
      const image = await checkedImage(bytes, SCREENSHOT_RULES);
      await allowances.take(uploads, userId);
      await quota.ensureRoom(companyId);
      const stored = await storedScreenshot(image);

      const upload = randomUUID();
      const owned = { companyId, userId, screenshotId, upload };
      const stem = screenshotFileStem(owned);
      await quota.reserve({ file: stem, companyId, screenshotId, bytes: stored.image.length + stored.thumbnail.length, at: context.now });
      const command: TakeScreenshot = {
        type: 'TakeScreenshot',
        companyId,
        userId,
        screenshotId,
        sessionId: input.sessionId,
        takenAt: input.takenAt,
        application: input.application,
        windowTitle: input.windowTitle,
        image: { upload, width: stored.width, height: stored.height, bytes: stored.image.length, thumbnailWidth: stored.thumbnailWidth, thumbnailHeight: stored.thumbnailHeight },
        actor: access.actor,
        actorName: access.name,
      };
      let result: CommandResult<ScreenshotEvent>;
      try {
        await Promise.all([storage.put(screenshotFileKey(stem, 'image'), stored.image), storage.put(screenshotFileKey(stem, 'thumbnail'), stored.thumbnail)]);
        const guard = locks.guard<ScreenshotEvent>(companyId, access.userId, 'TakeScreenshot', (events) =>
          events.flatMap((event) => (event.type === 'ScreenshotTaken' ? [localDay(event.data.takenAt, event.data.timeZone)] : [])),
        );
        result = await handleCommand(store, screenshotStream(screenshotId), screenshots, command, context, metadata, stream, guard);
      } catch (error) {
        // Unless the append went through after all (the stream says so), nothing names these files.
        const recorded = await load(screenshotId).then(({ taken }) => taken?.upload === upload, () => true);
        if (!recorded) await removeScreenshotFiles(storage, quota, stem);
        throw error;
      }
      const taken = result.events.find((event) => event.type === 'ScreenshotTaken');
      if (taken?.type === 'ScreenshotTaken' && taken.data.upload === upload) {
        await quota.recorded(stem);
        return { screenshot: taken.data, position: result.position, replayed: false };
      }
      // Another upload of the same screenshot was recorded first (at once, or earlier under the same Idempotency-Key): its files are served.
      await removeScreenshotFiles(storage, quota, stem);
      return { screenshot: (await load(screenshotId)).taken!, position: result.position, replayed: true };
    },

    /** A person's screenshots on the days of a range (at most 31), deleted ones without their files. */
    async list(access: CompanyAccess, userId: string, range: DayRange) {
      const problem = rangeProblem(range);
      if (problem) throw invalid(problem);
      if (rangeDays(range).length > MAX_SCREENSHOT_RANGE_DAYS) throw invalid(screenshotMessages.rangeTooLong);
      const person = await visiblePerson(db, access, userId);
      const companyId = access.company.company_id;
      const at = now();
      return (await screenshotsOf(db, companyId, person.userId, range)).map((screenshot) => {
        const url = (file: ScreenshotFile) => (screenshot.deletedAt ? null : `/api/companies/${companyId}/screenshots/${screenshot.screenshotId}/${file}`);
        return { ...screenshot, deletable: isDeletable(screenshot, access.userId, at), imageUrl: url('image'), thumbnailUrl: url('thumbnail') };
      });
    },

    /**
     * A screenshot's image or thumbnail, for those who may see its person: one
     * read-model query, as a gallery asks for many. A deletion the read model
     * has not applied yet has removed its files, or is removing them: no file
     * is the same not found.
     */
    async file(access: CompanyAccess, screenshotId: string, file: ScreenshotFile): Promise<Buffer> {
      const screenshot = await seenScreenshot(db, access.company.company_id, viewer(access), screenshotId);
      const bytes = screenshot ? await storage.get(screenshotFileKey(screenshot.file, file)) : null;
      if (!bytes) throw notFound(screenshotMessages.notFound);
      return bytes;
    },

    /** Its person deletes it: the event first, then the files and their storage (again on a repeat, should a removal have failed). */
    async remove(access: CompanyAccess, screenshotId: string, metadata: EventMetadata) {
      const stream = new StreamStateCache<ScreenshotState, ScreenshotEvent>();
      const taken = await seen(access, screenshotId, stream);
      const command = { type: 'DeleteScreenshot' as const, companyId: access.company.company_id, screenshotId, actor: access.actor, actorName: access.name };
      const { position } = await handleCommand(store, screenshotStream(screenshotId), screenshots, command, { now: now() }, metadata, stream);
      await removeScreenshotFiles(storage, quota, screenshotFileStem(taken));
      return position;
    },

    /** The bytes of screenshots the company stores, and how many it may. */
    async storageUsed(access: CompanyAccess) {
      return { usedBytes: await quota.used(access.company.company_id), limitBytes: quota.limitBytes };
    },
  };
}
