import { idleSpans, overlapMs } from '../accounting/idle.ts';
import { wholeMinutes } from '../accounting/time.ts';
import { type Actor, type Authority, authorizeOwn } from '../members/authorization.ts';
import { accessDenied } from '../members/roles.ts';
import type { Decider } from '../shared/decider.ts';
import { conflict, forbidden, invalid } from '../shared/errors.ts';
import type { TimelogEntry, TimerSource, TimerTask, TrackerEvent } from './events.ts';
import { localDay, splitByLocalDay, zoneOrFallback } from './local-days.ts';

export const MIN_SAVED_SECONDS = 60;
/** A running session whose heartbeats stop for this long is ended at its last heartbeat plus one sync interval. */
export const ABANDON_AFTER_MS = 5 * 60_000;
export const SYNC_INTERVAL_MS = 30_000;

export const trackerMessages = {
  selectProjectAndTask: 'Please select a project and task name before starting the timer.',
  needTeam: 'Unable to start timer. Please ensure you are logged in and have selected a team.',
  runningElsewhere: (source: TimerSource) =>
    source === 'desktop' ? 'You cannot start timer as it is already running in desktop app' : 'You cannot start timer as it is already running in another platform',
  alreadyRunning: 'The timer is already running for another task. Stop it before starting a new one.',
  taskNotAvailable: 'This task is not assigned to you or is already done.',
  mustPunchIn: 'Please punch in before starting the timer.',
  started: 'Timer started successfully!',
  noSession: 'No active timer session found. Please start the timer first.',
  tooShort: 'Timer must run for at least 1 minute before it can be saved. Please continue tracking time.',
  stopped: 'Timer stopped and time log saved successfully',
  split: (days: number) => `Timer session split across ${days} days`,
  nothingToCancel: 'No active timer session to cancel.',
  cancelled: 'Timer cancelled successfully',
  punchedIn: 'Punched in successfully!',
  punchedOut: 'Punched out successfully!',
  alreadyPunchedIn: 'You are already punched in.',
  notPunchedIn: 'You are not currently punched in.',
  stopBeforePunchOut: 'Please stop the timer before punching out.',
} as const;

export interface RunningSession extends TimerTask {
  sessionId: string;
  source: TimerSource;
  timeZone: string;
  startedAt: string;
}

/**
 * The latest punch and the last local day (in the punch's zone) it speaks
 * for. A punch in speaks for its own day, and for each later day a timer
 * session started under it ran into: working through midnight carries it on.
 */
export interface LatestPunch {
  state: 'in' | 'out';
  timeZone: string;
  lastDay: string;
}

/** A session that ended, stopped or abandoned, and when: the desktop agent may still send what it saw in it. */
export interface EndedSession extends RunningSession {
  endedAt: string;
}

export interface TrackerState {
  companyId: string;
  userId: string;
  running: RunningSession | null;
  /** The latest sessions that ended, oldest first (at most KEPT_ENDED_SESSIONS). */
  ended: readonly EndedSession[];
  /** Null until the first punch. */
  punch: LatestPunch | null;
  /** When the latest event happened: the tracker's clock never goes back before it. */
  lastEventAt: string | null;
}

export interface Heartbeat {
  at: string;
  idleMinutes: number;
}

/** A member's command names the tracker it acts on (its company and person) and who sends it. */
interface OnTracker {
  companyId: string;
  userId: string;
  actor: Actor;
}

export type TrackerCommand =
  | ({ type: 'StartTimer'; sessionId: string; source: TimerSource; timeZone: string | null } & TimerTask & OnTracker)
  | ({ type: 'StopTimer'; sessionId?: string; heartbeats: readonly Heartbeat[] } & OnTracker)
  | ({ type: 'CancelTimer' } & OnTracker)
  | { type: 'AbandonTimer'; sessionId: string; heartbeats: readonly Heartbeat[]; authority: Extract<Authority, { kind: 'operator' }> }
  | ({ type: 'PunchIn'; timeZone: string | null } & OnTracker)
  | ({ type: 'PunchOut'; timeZone: string | null } & OnTracker);

export interface TrackerContext {
  /** The server's clock. */
  now: Date;
  /** Is the task assigned to the user and not DONE (core §5)? */
  isAssignedOpenTask: (projectId: string, taskId: string) => boolean;
}


/**
 * Splits a session per local day, each part with the whole minutes of idle
 * time its beats place in it (domain/accounting/idle.ts: a beat's idle is
 * the time just before it). The time log reads the exact idle time from the
 * beats themselves; these minutes tell the event's reader the same.
 */
export function timelogEntries(session: RunningSession, endIso: string, heartbeats: readonly Heartbeat[]): TimelogEntry[] {
  const parts = splitByLocalDay(session.startedAt, endIso, session.timeZone);
  const beats = heartbeats.map((beat) => ({ at: Date.parse(beat.at), idleMinutes: beat.idleMinutes }));
  const idle = idleSpans({ start: Date.parse(session.startedAt), end: Date.parse(endIso) }, beats);
  return parts.map((part, index) => ({
    ...part,
    idleMinutes: wholeMinutes(overlapMs(idle, Date.parse(part.start), Date.parse(part.end))),
    splitIndex: index,
    totalSplits: parts.length,
  }));
}

/** The later of two instants, as ISO text; the first may be null. */
const latest = (known: string | null, iso: string) => (known && Date.parse(known) > Date.parse(iso) ? known : iso);

/** How far ahead of the server's clock a desktop agent's clock may run. */
export const AGENT_CLOCK_SKEW_MS = 5_000;

/** How long after a session ended the desktop agent may still send what it saw in it (it was offline, or its last batch was on its way). */
export const AGENT_LATE_MS = 24 * 3_600_000;

/** Ended sessions the tracker keeps at most for the agent's late data: more than anyone works in AGENT_LATE_MS. */
const KEPT_ENDED_SESSIONS = 20;

/**
 * The session of the person's timer that what the desktop agent saw from
 * `start` to `end` (epoch ms) lies in: the running one, up to now, or one
 * that ended less than AGENT_LATE_MS ago, up to its end; give or take the
 * agent's clock. Null when it lies in none.
 */
export function agentSession(tracker: Pick<TrackerState, 'running' | 'ended'>, start: number, end: number, now: Date): RunningSession | null {
  const within = (session: RunningSession, until: number) => start >= Date.parse(session.startedAt) && end <= until + AGENT_CLOCK_SKEW_MS;
  if (tracker.running && within(tracker.running, now.getTime())) return tracker.running;
  const ended = tracker.ended.filter((session) => now.getTime() - Date.parse(session.endedAt) <= AGENT_LATE_MS);
  return ended.find((session) => within(session, Date.parse(session.endedAt))) ?? null;
}

/** The running session, ended at `endedAt`, among the kept ones; those ended more than AGENT_LATE_MS before are dropped. */
function ending(state: TrackerState, sessionId: string, endedAt: string): readonly EndedSession[] {
  if (state.running?.sessionId !== sessionId) return state.ended;
  const recent = state.ended.filter((session) => Date.parse(endedAt) - Date.parse(session.endedAt) <= AGENT_LATE_MS);
  return [...recent, { ...state.running, endedAt }].slice(-KEPT_ENDED_SESSIONS);
}

/**
 * The day's punch status (core §4: punches alternate per day). A punch in left
 * open when its last day ends no longer counts: the next day starts not
 * punched in, and the attendance shows the open day's missing punch out. A
 * running timer keeps its punch in open whatever the day.
 */
export function punchStatus(state: Pick<TrackerState, 'punch' | 'running'>, now: Date): { isPunchedIn: boolean; today: 'in' | 'out' | null } {
  const { punch } = state;
  if (!punch) return { isPunchedIn: false, today: null };
  const speaksForToday = localDay(now.toISOString(), punch.timeZone) <= punch.lastDay;
  const isPunchedIn = punch.state === 'in' && (speaksForToday || state.running !== null);
  return { isPunchedIn, today: isPunchedIn ? 'in' : speaksForToday ? punch.state : null };
}

/** A session under an open punch in that ended on a later day carries the punch on to that day. */
export function carryPunch(punch: LatestPunch | null, endedAt: string): LatestPunch | null {
  if (punch?.state !== 'in') return punch;
  const endDay = localDay(endedAt, punch.timeZone);
  return endDay > punch.lastDay ? { ...punch, lastDay: endDay } : punch;
}

export const tracker: Decider<TrackerCommand, TrackerEvent, TrackerState, TrackerContext> = {
  initialState: { companyId: '', userId: '', running: null, ended: [], punch: null, lastEventAt: null },

  evolve(state, event) {
    const { companyId, userId } = event.data;
    switch (event.type) {
      case 'TimerStarted': {
        const { sessionId, source, timeZone, startedAt, teamId, projectId, projectName, taskId, taskName, taskDetails } = event.data;
        return {
          ...state,
          companyId,
          userId,
          running: { sessionId, source, timeZone, startedAt, teamId, projectId, projectName, taskId, taskName, taskDetails },
          lastEventAt: latest(state.lastEventAt, startedAt),
        };
      }
      case 'TimerStopped': {
        const { sessionId, stoppedAt } = event.data;
        return { ...state, running: null, ended: ending(state, sessionId, stoppedAt), punch: carryPunch(state.punch, stoppedAt), lastEventAt: latest(state.lastEventAt, stoppedAt) };
      }
      case 'TimerAbandoned': {
        const { sessionId, endedAt } = event.data;
        return { ...state, running: null, ended: ending(state, sessionId, endedAt), punch: carryPunch(state.punch, endedAt), lastEventAt: latest(state.lastEventAt, endedAt) };
      }
      case 'TimerCancelled':
        return { ...state, running: null, lastEventAt: latest(state.lastEventAt, event.data.cancelledAt) };
      case 'PunchedIn':
      case 'PunchedOut': {
        const { at, timeZone, day } = event.data;
        const punch: LatestPunch = { state: event.type === 'PunchedIn' ? 'in' : 'out', timeZone, lastDay: day };
        return { ...state, companyId, userId, punch, lastEventAt: latest(state.lastEventAt, at) };
      }
    }
  },

  decide(command, state, { now: serverNow, isAssignedOpenTask }) {
    if (command.type === 'AbandonTimer') {
      // Only the server's own sweep ends a session for lack of heartbeats.
      if (command.authority?.kind !== 'operator') throw forbidden(accessDenied);
    } else {
      const { actor, companyId, userId } = command;
      // The command must name this stream's tracker, and a tracker is its person's own ('self').
      if (state.companyId && (state.companyId !== companyId || state.userId !== userId)) throw forbidden(accessDenied);
      authorizeOwn(actor, command.type, companyId, userId);
    }
    // A server clock that steps back must not put a start before the last stop or a punch out before its punch in.
    const now = new Date(latest(state.lastEventAt, serverNow.toISOString()));
    const at = now.toISOString();
    const { isPunchedIn } = punchStatus(state, now);
    switch (command.type) {
      case 'StartTimer': {
        if (!command.projectId || !command.taskId || !command.projectName || !command.taskName) throw invalid(trackerMessages.selectProjectAndTask);
        if (!command.teamId || !command.userId) throw invalid(trackerMessages.needTeam);
        const running = state.running;
        if (running) {
          if (running.source !== command.source) throw conflict(trackerMessages.runningElsewhere(running.source));
          // The same start again (another tab, a retry): the session already runs.
          if (running.projectId === command.projectId && running.taskId === command.taskId) return [];
          throw conflict(trackerMessages.alreadyRunning);
        }
        if (!isPunchedIn) throw conflict(trackerMessages.mustPunchIn);
        if (!isAssignedOpenTask(command.projectId, command.taskId)) throw invalid(trackerMessages.taskNotAvailable);
        const { companyId, userId, sessionId, source, teamId, projectId, projectName, taskId, taskName } = command;
        const timeZone = zoneOrFallback(command.timeZone);
        return [
          {
            type: 'TimerStarted',
            data: { companyId, userId, sessionId, source, timeZone, startedAt: at, teamId, projectId, projectName, taskId, taskName, taskDetails: command.taskDetails ?? '' },
          },
        ];
      }

      case 'StopTimer': {
        const running = state.running;
        if (!running || (command.sessionId && command.sessionId !== running.sessionId)) throw conflict(trackerMessages.noSession);
        if (now.getTime() - Date.parse(running.startedAt) < MIN_SAVED_SECONDS * 1000) throw conflict(trackerMessages.tooShort);
        const { companyId, userId } = state;
        return [{ type: 'TimerStopped', data: { companyId, userId, ...running, stoppedAt: at, entries: timelogEntries(running, at, command.heartbeats) } }];
      }

      case 'AbandonTimer': {
        const running = state.running;
        if (!running || running.sessionId !== command.sessionId) return [];
        const lastBeat = command.heartbeats.reduce((last, beat) => (beat.at > last ? beat.at : last), running.startedAt);
        if (now.getTime() - Date.parse(lastBeat) < ABANDON_AFTER_MS) return [];
        const endedAt = new Date(Math.min(Date.parse(lastBeat) + SYNC_INTERVAL_MS, now.getTime())).toISOString();
        const { companyId, userId } = state;
        const tooShort = Date.parse(endedAt) - Date.parse(running.startedAt) < MIN_SAVED_SECONDS * 1000;
        return [
          {
            type: 'TimerAbandoned',
            data: { companyId, userId, ...running, endedAt, lastHeartbeatAt: lastBeat, entries: tooShort ? [] : timelogEntries(running, endedAt, command.heartbeats) },
          },
        ];
      }

      case 'CancelTimer':
        if (!state.running) throw conflict(trackerMessages.nothingToCancel);
        return [{ type: 'TimerCancelled', data: { companyId: state.companyId, userId: state.userId, sessionId: state.running.sessionId, cancelledAt: at } }];

      case 'PunchIn': {
        if (isPunchedIn) throw conflict(trackerMessages.alreadyPunchedIn);
        const timeZone = zoneOrFallback(command.timeZone);
        return [{ type: 'PunchedIn', data: { companyId: command.companyId, userId: command.userId, at, timeZone, day: localDay(at, timeZone) } }];
      }

      case 'PunchOut': {
        if (state.running) throw conflict(trackerMessages.stopBeforePunchOut);
        if (!isPunchedIn) throw conflict(trackerMessages.notPunchedIn);
        const timeZone = zoneOrFallback(command.timeZone);
        return [{ type: 'PunchedOut', data: { companyId: command.companyId, userId: command.userId, at, timeZone, day: localDay(at, timeZone) } }];
      }
    }
  },
};
