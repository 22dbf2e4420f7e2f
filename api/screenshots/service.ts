import type { Kysely } from 'kysely';
import { visibleTeams } from '../../domain/dashboards/access.ts';
import { type DayRange, rangeDays, rangeProblem } from '../../domain/dashboards/range.ts';
import { type ScreenshotEvent, screenshotStream } from '../../domain/screenshots/events.ts';
import { isDeletable, MAX_SCREENSHOT_RANGE_DAYS, type ScreenshotState, screenshotMessages, screenshots, type TakeScreenshot, takingSession } from '../../domain/screenshots/screenshots.ts';
import { companySettings, type SettingsState } from '../../domain/settings/company-settings.ts';
import { companySettingsStream, type SettingsEvent } from '../../domain/settings/events.ts';
import { invalid, notFound } from '../../domain/shared/errors.ts';
import { handleCommand, loadStream, StreamStateCache, uuidFrom } from '../../eventstore/command-handler.ts';
import type { EventMetadata, EventStore } from '../../eventstore/types.ts';
import { dashboardPeople } from '../../projections/dashboards/queries.ts';
import type { Database } from '../../projections/database.ts';
import { screenshotsOf, seenScreenshot } from '../../projections/screenshots/queries.ts';
import { type CompanyAccess, visiblePerson } from '../http/access.ts';
import type { FileStorage } from '../storage/storage.ts';
import type { TimeTrackingService } from '../time-tracking/service.ts';
import { storedImage } from './image.ts';

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

type Owned = { companyId: string; userId: string; screenshotId: string };

const fileKey = ({ companyId, userId, screenshotId }: Owned, file: ScreenshotFile) =>
  `companies/${companyId}/screenshots/${userId}/${screenshotId}${file === 'thumbnail' ? '-thumb' : ''}.webp`;

export function createScreenshotsService({
  store,
  db,
  storage,
  timeTracking,
  now = () => new Date(),
}: {
  store: EventStore;
  db: Kysely<Database>;
  storage: FileStorage;
  timeTracking: TimeTrackingService;
  now?: () => Date;
}) {
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
     * Stores a screenshot the agent took: its files first, then the event.
     * The stored id comes from the caller and the agent's id, so a replay
     * finds the stream written and is answered as the first time.
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
      // Refused before the image is decoded: a stopped timer or a switched-off setting costs no encoding.
      takingSession(input, context);
      const stored = await storedImage(bytes);
      const owned = { companyId, userId, screenshotId };
      await Promise.all([storage.put(fileKey(owned, 'image'), stored.image), storage.put(fileKey(owned, 'thumbnail'), stored.thumbnail)]);

      const command: TakeScreenshot = {
        type: 'TakeScreenshot',
        ...owned,
        sessionId: input.sessionId,
        takenAt: input.takenAt,
        application: input.application,
        windowTitle: input.windowTitle,
        image: { width: stored.width, height: stored.height, bytes: stored.image.length, thumbnailWidth: stored.thumbnailWidth, thumbnailHeight: stored.thumbnailHeight },
        actor: access.actor,
        actorName: access.name,
      };
      const { events, position } = await handleCommand(store, screenshotStream(screenshotId), screenshots, command, context, metadata, stream);
      const taken = events.find((event) => event.type === 'ScreenshotTaken');
      if (taken?.type === 'ScreenshotTaken') return { screenshot: taken.data, position, replayed: false };
      // A concurrent replay wrote it first.
      return { screenshot: (await load(screenshotId, stream)).taken!, position, replayed: true };
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
      const bytes = screenshot ? await storage.get(fileKey(screenshot, file)) : null;
      if (!bytes) throw notFound(screenshotMessages.notFound);
      return bytes;
    },

    /** Its person deletes it: the event first, then the files (again on a repeat, should a removal have failed). */
    async remove(access: CompanyAccess, screenshotId: string, metadata: EventMetadata) {
      const stream = new StreamStateCache<ScreenshotState, ScreenshotEvent>();
      const taken = await seen(access, screenshotId, stream);
      const command = { type: 'DeleteScreenshot' as const, companyId: access.company.company_id, screenshotId, actor: access.actor, actorName: access.name };
      const { position } = await handleCommand(store, screenshotStream(screenshotId), screenshots, command, { now: now() }, metadata, stream);
      await Promise.all([storage.delete(fileKey(taken, 'image')), storage.delete(fileKey(taken, 'thumbnail'))]);
      return position;
    },
  };
}
