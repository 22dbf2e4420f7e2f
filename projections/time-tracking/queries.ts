import type { Kysely } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { TimerSource } from '../../domain/time-tracking/events.ts';
import type { LatestPunch, RunningSession } from '../../domain/time-tracking/tracker.ts';
import type { Database } from '../database.ts';

/** A session ended for lack of heartbeats, as the person is told of it. */
export interface AbandonedSession {
  sessionId: string;
  startedAt: string;
  endedAt: string;
  lastHeartbeatAt: string;
}

/** A row as JSON built in PostgreSQL holds it: instants as text. */
type AsJson<Row> = { [Column in keyof Row]: Row[Column] extends Date ? string : Row[Column] };
/** PostgreSQL prints instants in JSON its own way; the API prints them as JavaScript does. */
const iso = (instant: string) => new Date(instant).toISOString();

/**
 * One person's timer as the read model has it, in one round trip: the
 * running session, the latest punch (what `punchStatus` needs) and the
 * latest session ended for lack of heartbeats since `abandonedSince`.
 */
export async function timerStatus(
  db: Kysely<Database>,
  companyId: string,
  userId: string,
  abandonedSince: Date,
): Promise<{ running: RunningSession | null; punch: LatestPunch | null; abandoned: AbandonedSession | null }> {
  const row = await db
    .selectNoFrom((eb) => [
      jsonObjectFrom(
        eb
          .selectFrom('running_timers')
          .select(['session_id', 'source', 'time_zone', 'started_at', 'team_id', 'project_id', 'project_name', 'task_id', 'task_name', 'task_details'])
          .where('company_id', '=', companyId)
          .where('user_id', '=', userId),
      ).as('running'),
      jsonObjectFrom(
        eb.selectFrom('latest_punches').select(['state', 'time_zone', 'last_day']).where('company_id', '=', companyId).where('user_id', '=', userId),
      ).as('punch'),
      jsonObjectFrom(
        eb
          .selectFrom('abandoned_sessions')
          .select(['session_id', 'started_at', 'ended_at', 'last_heartbeat_at'])
          .where('company_id', '=', companyId)
          .where('user_id', '=', userId)
          .where('ended_at', '>', abandonedSince)
          .orderBy('ended_at', 'desc')
          .limit(1),
      ).as('abandoned'),
    ])
    .executeTakeFirstOrThrow();
  const running = row.running as AsJson<NonNullable<typeof row.running>> | null;
  const abandoned = row.abandoned as AsJson<NonNullable<typeof row.abandoned>> | null;
  return {
    running: running && {
      sessionId: running.session_id,
      source: running.source as TimerSource,
      timeZone: running.time_zone,
      startedAt: iso(running.started_at),
      teamId: running.team_id,
      projectId: running.project_id,
      projectName: running.project_name,
      taskId: running.task_id,
      taskName: running.task_name,
      taskDetails: running.task_details,
    },
    punch: row.punch && { state: row.punch.state, timeZone: row.punch.time_zone, lastDay: row.punch.last_day },
    abandoned: abandoned && {
      sessionId: abandoned.session_id,
      startedAt: iso(abandoned.started_at),
      endedAt: iso(abandoned.ended_at),
      lastHeartbeatAt: iso(abandoned.last_heartbeat_at),
    },
  };
}

/**
 * Running sessions with no beat since `olderThan`, in the log (idle beats,
 * which move running_timers.last_heartbeat_at) or in timer_liveness (the
 * API's upsert of plain beats), with that last plain beat if any.
 */
export function silentSessions(db: Kysely<Database>, olderThan: Date) {
  return db
    .selectFrom('running_timers as r')
    .leftJoin('timer_liveness as l', 'l.session_id', 'r.session_id')
    .select(['r.company_id', 'r.user_id', 'r.session_id', 'l.last_beat_at'])
    .where('r.last_heartbeat_at', '<', olderThan)
    .where((eb) => eb.or([eb('l.last_beat_at', 'is', null), eb('l.last_beat_at', '<', olderThan)]))
    .execute();
}

/** The ids of the sessions running now, as a subquery. */
export const runningSessionIds = (db: Kysely<Database>) => db.selectFrom('running_timers').select('session_id');

/** One person's punches on one local day, in order. */
export function dayPunches(db: Kysely<Database>, companyId: string, userId: string, day: string) {
  return db
    .selectFrom('punches')
    .select(['at', 'state', 'time_zone'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .orderBy('at')
    .execute();
}
