import { type Static, Type } from 'typebox';
import { TaskId } from '../tasks/events.ts';
import type { DomainEvent } from '../shared/decider.ts';
import { Closed, Day, Id, Instant, Name, Text, TimeZone } from '../shared/schema.ts';

export const TIMER_SOURCES = ['web', 'desktop'] as const;
export type TimerSource = (typeof TIMER_SOURCES)[number];
/** Where a time-log entry came from: a timer, or an approved regularization request (typeLog 'Manual'). */
export const TIMELOG_SOURCES = [...TIMER_SOURCES, 'manual'] as const;
export type TimelogSource = (typeof TIMELOG_SOURCES)[number];

const timerTask = {
  teamId: Id,
  projectId: Id,
  projectName: Name,
  taskId: TaskId,
  taskName: Name,
  taskDetails: Text(10_000),
};
export const TimerTask = Closed(timerTask);
export type TimerTask = Static<typeof TimerTask>;

/** One saved piece of a session: the part that falls on one local day. */
export const TimelogEntry = Closed({
  day: Day,
  start: Instant,
  end: Instant,
  /** Real elapsed seconds, to the millisecond. */
  seconds: Type.Number({ minimum: 0 }),
  idleMinutes: Type.Integer({ minimum: 0 }),
  splitIndex: Type.Integer({ minimum: 0 }),
  totalSplits: Type.Integer({ minimum: 1 }),
});
export type TimelogEntry = Static<typeof TimelogEntry>;

/** Generous: one entry per local day of a session. */
const Entries = Type.Array(TimelogEntry, { maxItems: 10_000 });

const ref = { companyId: Id, userId: Id };
const session = { ...ref, ...timerTask, sessionId: Id, source: Type.Enum(TIMER_SOURCES), timeZone: TimeZone, startedAt: Instant };
const punch = { ...ref, at: Instant, timeZone: TimeZone, day: Day };

export const TimerStarted = Closed(session);
export const TimerStopped = Closed({ ...session, stoppedAt: Instant, entries: Entries });
export const TimerAbandoned = Closed({ ...session, endedAt: Instant, lastHeartbeatAt: Instant, entries: Entries });
export const TimerCancelled = Closed({ ...ref, sessionId: Id, cancelledAt: Instant });
export const PunchedIn = Closed(punch);
export const PunchedOut = Closed(punch);
export const TimerHeartbeat = Closed({ ...ref, sessionId: Id, at: Instant, idleMinutes: Type.Integer({ minimum: 0 }) });

export type TrackerEvent =
  | DomainEvent<'TimerStarted', Static<typeof TimerStarted>>
  | DomainEvent<'TimerStopped', Static<typeof TimerStopped>>
  | DomainEvent<'TimerAbandoned', Static<typeof TimerAbandoned>>
  | DomainEvent<'TimerCancelled', Static<typeof TimerCancelled>>
  | DomainEvent<'PunchedIn', Static<typeof PunchedIn>>
  | DomainEvent<'PunchedOut', Static<typeof PunchedOut>>;

/** A running session's heartbeats, kept apart so the tracker stream stays short. */
export type HeartbeatEvent = DomainEvent<'TimerHeartbeat', Static<typeof TimerHeartbeat>>;

export const timeTrackingEventSchemas = { TimerStarted, TimerStopped, TimerAbandoned, TimerCancelled, PunchedIn, PunchedOut, TimerHeartbeat };

/** One person's timer and punches in one company: the one-running-timer rule holds here. */
export const trackerStream = (companyId: string, userId: string) => `tracker-${companyId}-${userId}`;
export const timerSessionStream = (sessionId: string) => `timer-session-${sessionId}`;
