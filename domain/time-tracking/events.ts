import type { DomainEvent } from '../shared/decider.ts';

export type TimerSource = 'web' | 'desktop';

export interface TimerTask {
  teamId: string;
  projectId: string;
  projectName: string;
  taskId: string;
  taskName: string;
  taskDetails: string;
}

/** One saved piece of a session: the part that falls on one local day. */
export interface TimelogEntry {
  day: string;
  start: string;
  end: string;
  seconds: number;
  idleMinutes: number;
  splitIndex: number;
  totalSplits: number;
}

interface Ref {
  companyId: string;
  userId: string;
}

export type TrackerEvent =
  | DomainEvent<'TimerStarted', Ref & TimerTask & { sessionId: string; source: TimerSource; timeZone: string; startedAt: string }>
  | DomainEvent<'TimerStopped', Ref & TimerTask & { sessionId: string; source: TimerSource; timeZone: string; startedAt: string; stoppedAt: string; entries: TimelogEntry[] }>
  | DomainEvent<
      'TimerAbandoned',
      Ref & TimerTask & { sessionId: string; source: TimerSource; timeZone: string; startedAt: string; endedAt: string; lastHeartbeatAt: string; entries: TimelogEntry[] }
    >
  | DomainEvent<'TimerCancelled', Ref & { sessionId: string; cancelledAt: string }>
  | DomainEvent<'PunchedIn', Ref & { at: string; timeZone: string; day: string }>
  | DomainEvent<'PunchedOut', Ref & { at: string; timeZone: string; day: string }>;

/** A running session's heartbeats, kept apart so the tracker stream stays short. */
export type HeartbeatEvent = DomainEvent<'TimerHeartbeat', Ref & { sessionId: string; at: string; idleMinutes: number }>;

/** One person's timer and punches in one company: the one-running-timer rule holds here. */
export const trackerStream = (companyId: string, userId: string) => `tracker-${companyId}-${userId}`;
export const timerSessionStream = (sessionId: string) => `timer-session-${sessionId}`;
