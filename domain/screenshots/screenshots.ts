import { authorizeOwn } from '../members/authorization.ts';
import { changedBy, type CommandBy } from '../projects/project.ts';
import type { Decider } from '../shared/decider.ts';
import { conflict, forbidden, invalid, notFound } from '../shared/errors.ts';
import { agentSession, type RunningSession, trackerMessages, type TrackerState } from '../time-tracking/tracker.ts';
import type { ScreenshotEvent } from './events.ts';

export const screenshotMessages = {
  turnedOff: 'Screenshots are turned off for this company.',
  noSession: trackerMessages.noSession,
  outsideSession: 'The screenshot must have been taken during a timer session, between its start and its end (or now while it runs).',
  notFound: 'Screenshot not found',
  tooLate: 'A screenshot can be deleted only within 24 hours of being taken.',
  deleted: 'Screenshot deleted',
  rangeTooLong: 'Screenshots are shown for at most 31 days at a time.',
} as const;

/** The most days of screenshots one request lists. */
export const MAX_SCREENSHOT_RANGE_DAYS = 31;

/** How long after taking one its person may still delete it. */
export const DELETE_WINDOW_MS = 24 * 60 * 60 * 1000;

type Taken = Extract<ScreenshotEvent, { type: 'ScreenshotTaken' }>['data'];

/** One screenshot: nothing yet, taken, or taken and deleted. */
export interface ScreenshotState {
  taken: Taken | null;
  deletedAt: string | null;
}

/** The stored image as the server made it: the upload that wrote its files, its size and its thumbnail's. */
export interface ScreenshotImage {
  upload: string;
  width: number;
  height: number;
  bytes: number;
  thumbnailWidth: number;
  thumbnailHeight: number;
}

/** What the agent says of a screenshot besides its bytes. */
export interface TakeScreenshot extends CommandBy {
  type: 'TakeScreenshot';
  companyId: string;
  userId: string;
  screenshotId: string;
  /** The session the agent believes runs; null: whichever runs. */
  sessionId: string | null;
  takenAt: string;
  application: string | null;
  windowTitle: string | null;
  image: ScreenshotImage;
}

/**
 * The retention sweep removes one whose company keeps screenshots for less
 * time than has passed since it was taken. Nobody runs it: it follows from
 * the company's retention setting, which the context brings from its stream.
 */
export interface ExpireScreenshot {
  type: 'ExpireScreenshot';
  companyId: string;
  screenshotId: string;
}

export type ScreenshotCommand = TakeScreenshot | ({ type: 'DeleteScreenshot'; companyId: string; screenshotId: string } & CommandBy) | ExpireScreenshot;

export interface ScreenshotContext {
  /** The server's clock. */
  now: Date;
  /** Taking one: the person's running session and those that ended lately, as their tracker stream has them. */
  tracker?: Pick<TrackerState, 'running' | 'ended'>;
  /** Taking one: the company's screenshots setting, as its settings stream has it. */
  screenshotsEnabled?: boolean;
  /** Expiring one: the days the company keeps screenshots, as its settings stream has it (null: kept). */
  retentionDays?: number | null;
}

/**
 * The session a screenshot was taken in: the running one, or one that ended
 * lately (the agent was offline); or the refusal: screenshots off, a time in
 * no session (409 with no timer running), or another session than the agent's.
 */
export function takingSession(command: Pick<TakeScreenshot, 'sessionId' | 'takenAt'>, context: ScreenshotContext): RunningSession {
  if (!context.screenshotsEnabled) throw forbidden(screenshotMessages.turnedOff);
  const tracker = context.tracker ?? { running: null, ended: [] };
  const takenAt = Date.parse(command.takenAt);
  const session = agentSession(tracker, takenAt, takenAt, context.now);
  if (!session) throw tracker.running ? invalid(screenshotMessages.outsideSession) : conflict(screenshotMessages.noSession);
  if (command.sessionId !== null && command.sessionId !== session.sessionId) throw conflict(screenshotMessages.noSession);
  return session;
}

/** Whether this viewer may delete the screenshot now: only its person, within a day of taking it. */
export const isDeletable = (screenshot: { userId: string; takenAt: string; deletedAt: string | null }, viewerId: string, now: Date) =>
  screenshot.userId === viewerId && screenshot.deletedAt === null && now.getTime() - Date.parse(screenshot.takenAt) <= DELETE_WINDOW_MS;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a screenshot taken then has been kept longer than the company keeps them (null: kept for good). */
export const isPastRetention = (takenAt: string, retentionDays: number | null, now: Date) => retentionDays !== null && now.getTime() - Date.parse(takenAt) > retentionDays * DAY_MS;

export const screenshots: Decider<ScreenshotCommand, ScreenshotEvent, ScreenshotState, ScreenshotContext> = {
  initialState: { taken: null, deletedAt: null },

  evolve(state, event) {
    switch (event.type) {
      case 'ScreenshotTaken':
        return { taken: event.data, deletedAt: null };
      case 'ScreenshotDeleted':
      case 'ScreenshotExpired':
        return { ...state, deletedAt: event.data.at };
    }
  },

  decide(command, state, context) {
    switch (command.type) {
      case 'TakeScreenshot': {
        const { companyId, userId, screenshotId, takenAt, application, windowTitle, image } = command;
        authorizeOwn(command.actor, 'TakeScreenshot', companyId, userId);
        // A replay (the agent sent it again) is answered as the first time, even after the timer stopped.
        if (state.taken) return [];
        const { sessionId, teamId, timeZone } = takingSession(command, context);
        return [{ type: 'ScreenshotTaken', data: { companyId, userId, screenshotId, sessionId, teamId, takenAt: new Date(takenAt).toISOString(), timeZone, application, windowTitle, ...image } }];
      }
      case 'DeleteScreenshot': {
        const { taken } = state;
        if (!taken || taken.companyId !== command.companyId) throw notFound(screenshotMessages.notFound);
        authorizeOwn(command.actor, 'DeleteScreenshot', command.companyId, taken.userId);
        if (state.deletedAt) return [];
        if (!isDeletable({ ...taken, deletedAt: null }, command.actor.userId, context.now)) throw conflict(screenshotMessages.tooLate);
        const { companyId, userId, screenshotId } = taken;
        return [{ type: 'ScreenshotDeleted', data: { companyId, userId, screenshotId, by: changedBy(command), at: context.now.toISOString() } }];
      }
      case 'ExpireScreenshot': {
        const { taken } = state;
        if (!taken || taken.companyId !== command.companyId) throw notFound(screenshotMessages.notFound);
        const retentionDays = context.retentionDays ?? null;
        // Already gone, or the retention was lengthened since the sweep looked: nothing to do.
        if (state.deletedAt || retentionDays === null || !isPastRetention(taken.takenAt, retentionDays, context.now)) return [];
        const { companyId, userId, screenshotId } = taken;
        return [{ type: 'ScreenshotExpired', data: { companyId, userId, screenshotId, retentionDays, at: context.now.toISOString() } }];
      }
    }
  },
};
