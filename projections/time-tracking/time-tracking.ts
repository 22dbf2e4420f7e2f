import { sql, type Transaction } from 'kysely';
import type { HeartbeatEvent, TimelogEntry, TrackerEvent } from '../../domain/time-tracking/events.ts';
import type { Database } from '../database.ts';
import type { Projection, Scope } from '../projection.ts';

type Handled = TrackerEvent | HeartbeatEvent;

/**
 * The timer's read side: who has a timer running (and their last heartbeat),
 * timelog entries per local day, daily totals, punches, and sessions that
 * were ended for lack of heartbeats.
 */
export const timeTrackingProjection: Projection = {
  name: 'time-tracking',
  tables: ['running_timers', 'timelog_entries', 'daily_totals', 'punches', 'abandoned_sessions'],
  handles: ['TimerStarted', 'TimerHeartbeat', 'TimerStopped', 'TimerAbandoned', 'TimerCancelled', 'PunchedIn', 'PunchedOut'],

  async apply(trx, events) {
    const scopes = new Map<string, Scope>();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as Handled;
      await applyOne(trx, event);
      const { companyId, userId } = event.data;
      scopes.set(`user:${userId}`, { kind: 'user', id: userId });
      scopes.set(`company:${companyId}`, { kind: 'company', id: companyId });
    }
    return [...scopes.values()];
  },
};

async function applyOne(trx: Transaction<Database>, event: Handled) {
  const d = event.data;
  const running = trx.deleteFrom('running_timers').where('company_id', '=', d.companyId).where('user_id', '=', d.userId);
  switch (event.type) {
    case 'TimerStarted': {
      const e = event.data;
      const row = {
        company_id: e.companyId,
        user_id: e.userId,
        session_id: e.sessionId,
        team_id: e.teamId,
        project_id: e.projectId,
        project_name: e.projectName,
        task_id: e.taskId,
        task_name: e.taskName,
        task_details: e.taskDetails,
        source: e.source,
        time_zone: e.timeZone,
        started_at: new Date(e.startedAt),
        last_heartbeat_at: new Date(e.startedAt),
      };
      await trx.insertInto('running_timers').values(row).onConflict((oc) => oc.columns(['company_id', 'user_id']).doUpdateSet(row)).execute();
      return;
    }
    case 'TimerHeartbeat':
      await trx
        .updateTable('running_timers')
        .set({ last_heartbeat_at: new Date(event.data.at) })
        .where('session_id', '=', event.data.sessionId)
        .where('last_heartbeat_at', '<', new Date(event.data.at))
        .execute();
      return;
    case 'TimerStopped':
    case 'TimerAbandoned': {
      const e = event.data;
      await running.where('session_id', '=', e.sessionId).execute();
      await saveEntries(trx, e, e.entries, event.type === 'TimerAbandoned');
      if (event.type === 'TimerAbandoned') {
        await trx
          .insertInto('abandoned_sessions')
          .values({
            session_id: e.sessionId,
            company_id: e.companyId,
            user_id: e.userId,
            started_at: new Date(e.startedAt),
            ended_at: new Date(event.data.endedAt),
            last_heartbeat_at: new Date(event.data.lastHeartbeatAt),
          })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      return;
    }
    case 'TimerCancelled':
      await running.where('session_id', '=', event.data.sessionId).execute();
      return;
    case 'PunchedIn':
    case 'PunchedOut':
      await trx
        .insertInto('punches')
        .values({
          company_id: d.companyId,
          user_id: d.userId,
          at: new Date(event.data.at),
          state: event.type === 'PunchedIn' ? 'punchin' : 'punchout',
          day: event.data.day,
          time_zone: event.data.timeZone,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return;
  }
}

type SessionData = Extract<TrackerEvent, { type: 'TimerStopped' }>['data'];

async function saveEntries(trx: Transaction<Database>, session: Omit<SessionData, 'stoppedAt'>, entries: TimelogEntry[], abandoned: boolean) {
  if (entries.length === 0) return;
  await trx
    .insertInto('timelog_entries')
    .values(
      entries.map((entry) => ({
        session_id: session.sessionId,
        split_index: entry.splitIndex,
        total_splits: entry.totalSplits,
        company_id: session.companyId,
        user_id: session.userId,
        team_id: session.teamId,
        day: entry.day,
        start_at: new Date(entry.start),
        end_at: new Date(entry.end),
        seconds: entry.seconds,
        idle_minutes: entry.idleMinutes,
        project_id: session.projectId,
        project_name: session.projectName,
        task_id: session.taskId,
        task_name: session.taskName,
        task_details: session.taskDetails,
        time_zone: session.timeZone,
        source: session.source,
        abandoned,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  for (const entry of entries) {
    await sql`
      INSERT INTO daily_totals (company_id, user_id, day, tracked_seconds, idle_minutes)
      VALUES (${session.companyId}, ${session.userId}, ${entry.day}, ${entry.seconds}, ${entry.idleMinutes})
      ON CONFLICT (company_id, user_id, day) DO UPDATE
      SET tracked_seconds = daily_totals.tracked_seconds + EXCLUDED.tracked_seconds,
          idle_minutes = daily_totals.idle_minutes + EXCLUDED.idle_minutes`.execute(trx);
  }
}
