/** The running timer session, as the server keeps it. */
export interface TimerSession {
  sessionId: string;
  /** 'web' or 'desktop': a session running elsewhere blocks starting one here. */
  source: string;
  timeZone: string;
  startedAt: string;
  teamId: string;
  projectId: string;
  projectName: string;
  taskId: string;
  taskName: string;
  taskDetails: string;
}

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
