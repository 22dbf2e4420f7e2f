import type { RunningSession } from '../../../../domain/time-tracking/tracker.ts';

/** The running timer session, as the server keeps it ('web' or 'desktop': a session running elsewhere blocks starting one here). */
export type TimerSession = RunningSession;

/** A session the server ended because its heartbeats stopped (closed browser, sleeping machine). */
export interface AbandonedSession {
  sessionId: string;
  startedAt: string;
  endedAt: string;
  lastHeartbeatAt: string;
}

/** `GET /api/companies/:companyId/timer`: the caller's tracker in one company. */
export interface TimerStatus {
  session: TimerSession | null;
  punch: { isPunchedIn: boolean; lastPunchinoutStatus: 'punchin' | 'punchout' | null };
  abandoned: AbandonedSession | null;
  serverTime: string;
}
