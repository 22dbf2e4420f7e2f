import type { Kysely } from 'kysely';
import { timerSessionStream, trackerStream, type TrackerEvent } from '../../domain/time-tracking/events.ts';
import { type Heartbeat, tracker, type TrackerState } from '../../domain/time-tracking/tracker.ts';
import { handleCommand, type StreamStateCache } from '../../eventstore/command-handler.ts';
import type { EventStore } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';

/** The heartbeats a session's client sent, as its stream holds them. */
export async function sessionHeartbeats(store: EventStore, sessionId: string): Promise<Heartbeat[]> {
  return (await store.readStream(timerSessionStream(sessionId))).map((e) => e.data as Heartbeat);
}

/**
 * Ends sessions whose heartbeats stopped (closed browser, sleeping machine,
 * crash): those with none since `olderThan`, as the tracker decides at `now`.
 * Returns how many sessions it looked at.
 */
export async function endAbandonedSessions(
  { store, db, now, trackers }: { store: EventStore; db: Kysely<Database>; now: Date; trackers?: StreamStateCache<TrackerState, TrackerEvent> },
  olderThan: Date,
): Promise<number> {
  const stale = await db.selectFrom('running_timers').select(['company_id', 'user_id', 'session_id']).where('last_heartbeat_at', '<', olderThan).execute();
  for (const session of stale) {
    await handleCommand(
      store,
      trackerStream(session.company_id, session.user_id),
      tracker,
      { type: 'AbandonTimer', sessionId: session.session_id, heartbeats: await sessionHeartbeats(store, session.session_id), authority: { kind: 'operator' } },
      { now, isAssignedOpenTask: () => false },
      { correlationId: `abandon-${session.session_id}`, commandId: `abandon:${session.session_id}`, companyId: session.company_id, userId: session.user_id },
      trackers,
    );
  }
  return stale.length;
}
