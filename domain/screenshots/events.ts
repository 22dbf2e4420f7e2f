import { type Static, Type } from 'typebox';
import { ChangedBy } from '../projects/events.ts';
import type { DomainEvent } from '../shared/decider.ts';
import { Closed, Id, Instant, Nullable, Text, TimeZone } from '../shared/schema.ts';

/** The largest screenshot side and area the server decodes (a guard against pixel floods). */
export const MAX_SCREENSHOT_SIDE = 8_000;
export const MAX_SCREENSHOT_PIXELS = 40_000_000;
export const MAX_APPLICATION_LENGTH = 200;
export const MAX_WINDOW_TITLE_LENGTH = 1_000;

const Side = Type.Integer({ minimum: 1, maximum: MAX_SCREENSHOT_SIDE });

/**
 * A screenshot the desktop agent took during a running session, as stored
 * (re-encoded to WebP without metadata, with a thumbnail). The session's
 * team and time zone come with it: the gallery shows the time where it was taken.
 */
export const ScreenshotTaken = Closed({
  companyId: Id,
  userId: Id,
  screenshotId: Id,
  sessionId: Id,
  teamId: Id,
  takenAt: Instant,
  timeZone: TimeZone,
  application: Nullable(Text(MAX_APPLICATION_LENGTH)),
  windowTitle: Nullable(Text(MAX_WINDOW_TITLE_LENGTH)),
  width: Side,
  height: Side,
  /** The stored image's size. */
  bytes: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  thumbnailWidth: Side,
  thumbnailHeight: Side,
  /**
   * The upload whose files these are: each upload writes files of its own, so
   * two sent with the same id at once never overwrite each other's. Absent on
   * events written before: their files are named by the screenshot id alone.
   */
  upload: Type.Optional(Id),
});

/** Its person deleted it; its files are removed, the fact that there was one stays. */
export const ScreenshotDeleted = Closed({ companyId: Id, userId: Id, screenshotId: Id, by: ChangedBy, at: Instant });

/** The company's retention period passed since it was taken; its files are removed, the fact that there was one stays. */
export const ScreenshotExpired = Closed({ companyId: Id, userId: Id, screenshotId: Id, retentionDays: Type.Integer({ minimum: 1, maximum: 3_650 }), at: Instant });

export type ScreenshotEvent =
  | DomainEvent<'ScreenshotTaken', Static<typeof ScreenshotTaken>>
  | DomainEvent<'ScreenshotDeleted', Static<typeof ScreenshotDeleted>>
  | DomainEvent<'ScreenshotExpired', Static<typeof ScreenshotExpired>>;

export const screenshotEventSchemas = { ScreenshotTaken, ScreenshotDeleted, ScreenshotExpired };

/** One screenshot: a stream per item, so a replayed upload finds it written. */
export const screenshotStream = (screenshotId: string) => `screenshot-${screenshotId}`;

/**
 * Where a screenshot's files are kept, without the ending: its image at
 * `<stem>.webp`, its thumbnail at `<stem>-thumb.webp`. Named by the upload
 * that wrote them, so the record always names its own upload's files.
 */
export const screenshotFileStem = (taken: { companyId: string; userId: string; screenshotId: string; upload?: string | null }) =>
  `companies/${taken.companyId}/screenshots/${taken.userId}/${taken.screenshotId}${taken.upload ? `-${taken.upload}` : ''}`;
