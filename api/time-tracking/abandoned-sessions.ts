import { type Kysely, sql } from 'kysely';
import { timerSessionStream, trackerStream } from '../../domain/time-tracking/events.ts';
import { sessionBeats } from '../../domain/time-tracking/session-beats.ts';
import { type Heartbeat, tracker } from '../../domain/time-tracking/tracker.ts';
import { handleCommand, loadStream } from '../../eventstore/command-handler.ts';
import type { EventStore } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import { runningSessionIds, silentSessions } from '../../projections/time-tracking/queries.ts';

/** The heartbeats a session's stream holds: those with idle minutes (and, in logs written before timer_liveness, every beat). */
export async function sessionHeartbeats(store: EventStore, sessionId: string): Promise<readonly Heartbeat[]> {
  return (await loadStream(store, timerSessionStream(sessionId), sessionBeats)).state.beats;
}

/**
 * Keeps a running session's last beat: one upsert, not an event, as beats
 * every 30 seconds from every running timer would fill the log with nothing
 * the time log needs. A late or retried beat never moves it back.
 */
export async function recordBeat(db: Kysely<Database>, beat: { sessionId: string; companyId: string; userId: string; at: Date }): Promise<void> {
  await db
    .insertInto('timer_liveness')
    .values({ session_id: beat.sessionId, company_id: beat.companyId, user_id: beat.userId, last_beat_at: beat.at })
    .onConflict((oc) => oc.column('session_id').doUpdateSet({ last_beat_at: sql`GREATEST(timer_liveness.last_beat_at, excluded.last_beat_at)` }))
    .execute();
}

/**
 * Ends sessions whose heartbeats stopped (closed browser, sleeping machine,
 * crash): those with no beat since `olderThan`, in the log (idle beats, which
 * move running_timers.last_heartbeat_at) or in timer_liveness, as the tracker
 * decides at `now`. Then forgets the beats of sessions that no longer run.
 * Returns how many sessions it looked at.
 */
export async function endAbandonedSessions(
  { store, db, now }: { store: EventStore; db: Kysely<Database>; now: Date },
  olderThan: Date,
): Promise<number> {
  const stale = await silentSessions(db, olderThan);
  for (const session of stale) {
    const lastBeat: Heartbeat[] = session.last_beat_at ? [{ at: session.last_beat_at.toISOString(), idleMinutes: 0 }] : [];
    const heartbeats = [...(await sessionHeartbeats(store, session.session_id)), ...lastBeat];
    await handleCommand(
      store,
      trackerStream(session.company_id, session.user_id),
      tracker,
      { type: 'AbandonTimer', sessionId: session.session_id, heartbeats, authority: { kind: 'operator' } },
      { now, isAssignedOpenTask: () => false },
      { correlationId: `abandon-${session.session_id}`, commandId: `abandon:${session.session_id}`, companyId: session.company_id, userId: session.user_id },
    );
  }
  await db
    .deleteFrom('timer_liveness')
    .where('last_beat_at', '<', olderThan)
    .where('session_id', 'not in', runningSessionIds(db))
    .execute();
  return stale.length;
}
