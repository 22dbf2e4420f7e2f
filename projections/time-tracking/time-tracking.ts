import type { Transaction } from 'kysely';
import type { HeartbeatEvent, TrackerEvent } from '../../domain/time-tracking/events.ts';
import { carryPunch, type LatestPunch } from '../../domain/time-tracking/tracker.ts';
import type { AbandonedSessionsTable, Database, PunchesTable, RunningTimersTable } from '../database.ts';
import { inChunks, type Projection, type Scope } from '../projection.ts';

type Handled = TrackerEvent | HeartbeatEvent;

/**
 * The timer's read side: who has a timer running (and the last heartbeat the
 * log holds: only beats reporting idle minutes are events, the liveness of
 * the others is kept in timer_liveness), punches, each person's latest punch
 * with the last local day it speaks for (the tracker's own rule, so the
 * timer's status reads the same punch status the decider keeps), and
 * sessions that were ended for lack of heartbeats. The time the sessions logged is the time
 * log's (projections/timelog). A batch costs a handful of statements however
 * many events it holds.
 */
export const timeTrackingProjection: Projection = {
  name: 'time-tracking',
  tables: ['running_timers', 'punches', 'latest_punches', 'abandoned_sessions'],
  handles: ['TimerStarted', 'TimerHeartbeat', 'TimerStopped', 'TimerAbandoned', 'TimerCancelled', 'PunchedIn', 'PunchedOut'],

  async apply(trx, recorded) {
    const events = recorded.map((e) => ({ type: e.type, data: e.data }) as Handled);
    const batch = new Batch(await loadRunning(trx, peopleOf(events)), await loadLatestPunches(trx, peopleOf(events.filter(movesLatestPunch))));
    for (const event of events) batch.add(event);
    await batch.save(trx);
    return batch.scopes();
  },
};

const personKey = (ref: { companyId: string; userId: string }) => `${ref.companyId}:${ref.userId}`;

type Person = { companyId: string; userId: string };

const peopleOf = (events: Handled[]): Person[] => [...new Map(events.map((e) => [personKey(e.data), e.data])).values()];

/** A punch sets the latest punch; a session that ends may carry it on to a later day. Starts, cancels and beats leave it. */
const movesLatestPunch = (event: Handled) => ['PunchedIn', 'PunchedOut', 'TimerStopped', 'TimerAbandoned'].includes(event.type);

/** The running timers of everyone the batch touches, as stored before it. */
async function loadRunning(trx: Transaction<Database>, people: Person[]) {
  const running = new Map<string, RunningTimersTable | null>(people.map((p) => [personKey(p), null]));
  for (const chunk of inChunks(people, 5000)) {
    const rows = await trx
      .selectFrom('running_timers')
      .selectAll()
      .where((eb) => eb(eb.refTuple('company_id', 'user_id'), 'in', chunk.map((p) => eb.tuple(p.companyId, p.userId))))
      .execute();
    for (const row of rows) running.set(`${row.company_id}:${row.user_id}`, row);
  }
  return running;
}

/** The latest punches of everyone the batch touches, as stored before it. */
async function loadLatestPunches(trx: Transaction<Database>, people: Person[]) {
  const latest = new Map<string, LatestPunch>();
  for (const chunk of inChunks(people, 5000)) {
    const rows = await trx
      .selectFrom('latest_punches')
      .selectAll()
      .where((eb) => eb(eb.refTuple('company_id', 'user_id'), 'in', chunk.map((p) => eb.tuple(p.companyId, p.userId))))
      .execute();
    for (const row of rows) latest.set(`${row.company_id}:${row.user_id}`, { state: row.state, timeZone: row.time_zone, lastDay: row.last_day });
  }
  return latest;
}

/** A batch folded in memory, then written in few statements. */
class Batch {
  private readonly changedRunning = new Set<string>();
  private readonly changedPunches = new Set<string>();
  private readonly punches: PunchesTable[] = [];
  private readonly abandoned: AbandonedSessionsTable[] = [];
  private readonly people = new Map<string, { companyId: string; userId: string }>();
  /** The people whose timer status changed: a heartbeat changes nothing a browser shows, so it tells nobody. */
  private readonly told = new Map<string, { companyId: string; userId: string }>();

  constructor(
    private readonly running: Map<string, RunningTimersTable | null>,
    private readonly latestPunches: Map<string, LatestPunch>,
  ) {}

  add(event: Handled) {
    const key = personKey(event.data);
    this.people.set(key, event.data);
    if (event.type !== 'TimerHeartbeat') this.told.set(key, event.data);
    const current = this.running.get(key) ?? null;
    const setRunning = (row: RunningTimersTable | null) => {
      this.running.set(key, row);
      this.changedRunning.add(key);
    };
    const setLatestPunch = (punch: LatestPunch | null) => {
      if (!punch || punch === this.latestPunches.get(key)) return;
      this.latestPunches.set(key, punch);
      this.changedPunches.add(key);
    };
    switch (event.type) {
      case 'TimerStarted': {
        const e = event.data;
        setRunning({
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
        });
        return;
      }
      case 'TimerHeartbeat': {
        const at = new Date(event.data.at);
        if (current?.session_id === event.data.sessionId && current.last_heartbeat_at < at) setRunning({ ...current, last_heartbeat_at: at });
        return;
      }
      case 'TimerStopped':
      case 'TimerAbandoned': {
        const e = event.data;
        if (current?.session_id === e.sessionId) setRunning(null);
        setLatestPunch(carryPunch(this.latestPunches.get(key) ?? null, event.type === 'TimerStopped' ? event.data.stoppedAt : event.data.endedAt));
        if (event.type === 'TimerAbandoned') {
          this.abandoned.push({
            session_id: e.sessionId,
            company_id: e.companyId,
            user_id: e.userId,
            started_at: new Date(e.startedAt),
            ended_at: new Date(event.data.endedAt),
            last_heartbeat_at: new Date(event.data.lastHeartbeatAt),
          });
        }
        return;
      }
      case 'TimerCancelled':
        if (current?.session_id === event.data.sessionId) setRunning(null);
        return;
      case 'PunchedIn':
      case 'PunchedOut': {
        const d = event.data;
        this.punches.push({
          company_id: d.companyId,
          user_id: d.userId,
          at: new Date(d.at),
          state: event.type === 'PunchedIn' ? 'punchin' : 'punchout',
          day: d.day,
          time_zone: d.timeZone,
        });
        setLatestPunch({ state: event.type === 'PunchedIn' ? 'in' : 'out', timeZone: d.timeZone, lastDay: d.day });
        return;
      }
    }
  }

  async save(trx: Transaction<Database>) {
    const changed = [...this.changedRunning].map((key) => ({ key, row: this.running.get(key) ?? null }));
    const ended = changed.filter((c) => c.row === null).map((c) => this.people.get(c.key)!);
    for (const chunk of inChunks(ended, 5000)) {
      await trx
        .deleteFrom('running_timers')
        .where((eb) => eb(eb.refTuple('company_id', 'user_id'), 'in', chunk.map((p) => eb.tuple(p.companyId, p.userId))))
        .execute();
    }
    const runningRows = changed.flatMap((c) => (c.row ? [c.row] : []));
    for (const chunk of inChunks(runningRows, 2000)) {
      await trx
        .insertInto('running_timers')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['company_id', 'user_id']).doUpdateSet((eb) => ({
            session_id: eb.ref('excluded.session_id'),
            team_id: eb.ref('excluded.team_id'),
            project_id: eb.ref('excluded.project_id'),
            project_name: eb.ref('excluded.project_name'),
            task_id: eb.ref('excluded.task_id'),
            task_name: eb.ref('excluded.task_name'),
            task_details: eb.ref('excluded.task_details'),
            source: eb.ref('excluded.source'),
            time_zone: eb.ref('excluded.time_zone'),
            started_at: eb.ref('excluded.started_at'),
            last_heartbeat_at: eb.ref('excluded.last_heartbeat_at'),
          })),
        )
        .execute();
    }
    for (const chunk of inChunks(this.punches, 5000)) {
      await trx.insertInto('punches').values(chunk).onConflict((oc) => oc.doNothing()).execute();
    }
    const latestPunches = [...this.changedPunches].map((key) => {
      const { companyId, userId } = this.people.get(key)!;
      const punch = this.latestPunches.get(key)!;
      return { company_id: companyId, user_id: userId, state: punch.state, time_zone: punch.timeZone, last_day: punch.lastDay };
    });
    for (const chunk of inChunks(latestPunches, 5000)) {
      await trx
        .insertInto('latest_punches')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['company_id', 'user_id']).doUpdateSet((eb) => ({ state: eb.ref('excluded.state'), time_zone: eb.ref('excluded.time_zone'), last_day: eb.ref('excluded.last_day') })),
        )
        .execute();
    }
    for (const chunk of inChunks(this.abandoned, 5000)) {
      await trx.insertInto('abandoned_sessions').values(chunk).onConflict((oc) => oc.doNothing()).execute();
    }
  }

  /** Only the person's own timer shows any of it: no page shows someone else's time yet. */
  scopes(): Scope[] {
    return [...this.told.values()].map((p): Scope => ({ kind: 'user', id: p.userId, family: 'timer', key: p.companyId }));
  }
}
