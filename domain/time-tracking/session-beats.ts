import { type Actor, authorizeOwn } from '../members/authorization.ts';
import type { Decider } from '../shared/decider.ts';
import { conflict } from '../shared/errors.ts';
import type { HeartbeatEvent } from './events.ts';
import { type Heartbeat, type RunningSession, trackerMessages } from './tracker.ts';

/** The desktop agent's idle minutes count at most this much per beat (one beat every 30 s). */
export const MAX_IDLE_MINUTES_PER_BEAT = 2;

/**
 * A running session's heartbeats, on a stream of their own (timerSessionStream)
 * so the tracker stays short. Only a beat with idle minutes is an event: the
 * time log places that idle time. A plain beat (the client is alive) is no
 * event at all: the API keeps its time in timer_liveness.
 */
export interface SessionBeatsState {
  /** Oldest first; logs written before timer_liveness hold every beat, idle or not. */
  beats: readonly Heartbeat[];
}

export interface RecordHeartbeat {
  type: 'RecordHeartbeat';
  companyId: string;
  userId: string;
  actor: Actor;
  sessionId: string;
  /** As the client sent them; the decider rounds and caps them. */
  idleMinutes: number;
}

export interface SessionBeatsContext {
  /** The server's clock: the beat's time. */
  now: Date;
  /** The person's running session, as their tracker stream holds it (not a read model that may lag). */
  running: RunningSession | null;
}

/**
 * The idle minutes a beat records (0 for a plain beat), once the actor may
 * beat their own tracker and the session they name is the one running.
 * Refuses otherwise. The decider's rule, shared with the plain beat, which
 * writes no event and so runs no decider.
 */
export function acceptedIdleMinutes(command: RecordHeartbeat, running: RunningSession | null): number {
  authorizeOwn(command.actor, 'Heartbeat', command.companyId, command.userId);
  if (!running || running.sessionId !== command.sessionId) throw conflict(trackerMessages.noSession);
  return Math.max(0, Math.min(MAX_IDLE_MINUTES_PER_BEAT, Math.round(command.idleMinutes)));
}

export const sessionBeats: Decider<RecordHeartbeat, HeartbeatEvent, SessionBeatsState, SessionBeatsContext> = {
  initialState: { beats: [] },

  evolve(state, event) {
    const { at, idleMinutes } = event.data;
    return { beats: [...state.beats, { at, idleMinutes }] };
  },

  decide(command, _state, { now, running }) {
    const idleMinutes = acceptedIdleMinutes(command, running);
    if (idleMinutes === 0) return [];
    const { companyId, userId, sessionId } = command;
    return [{ type: 'TimerHeartbeat', data: { companyId, userId, sessionId, at: now.toISOString(), idleMinutes } }];
  },
};
