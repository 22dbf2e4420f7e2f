import { type Insertable, sql, type Transaction } from 'kysely';
import { accountDay } from '../../domain/accounting/day-account.ts';
import { type IdleBeat, idleSpans } from '../../domain/accounting/idle.ts';
import { rateCents } from '../../domain/accounting/money.ts';
import { piecesOf, type RateChange, rateAt } from '../../domain/accounting/pieces.ts';
import type { MemberEvent } from '../../domain/members/events.ts';
import type { RegularizationEvent } from '../../domain/regularization/events.ts';
import type { HeartbeatEvent, TimelogSource, TrackerEvent } from '../../domain/time-tracking/events.ts';
import type { DailyRollupsTable, Database, TimelogEntriesTable } from '../database.ts';
import { decidedAt } from '../../eventstore/decided-at.ts';
import { inChunks, type Projection, type Scope } from '../projection.ts';
import { companyChanges } from '../scope.ts';

type Handled =
  | Extract<TrackerEvent, { type: 'TimerStarted' | 'TimerStopped' | 'TimerAbandoned' | 'TimerCancelled' }>
  | HeartbeatEvent
  | Extract<RegularizationEvent, { type: 'RegularizationApproved' }>
  | Extract<MemberEvent, { type: 'MemberDetailsEdited' }>;
type Logged = Extract<Handled, { type: 'TimerStopped' | 'TimerAbandoned' | 'RegularizationApproved' }>['data'];

type Piece = Insertable<TimelogEntriesTable> & Record<'tracked_ms' | 'idle_ms' | 'earnings_cents' | 'tracked_minutes' | 'idle_minutes', number> & { start_at: Date; end_at: Date };
type Running = { companyId: string; userId: string; beats: { at: string; idleMinutes: number }[] };

const personKey = (ref: { companyId: string; userId: string }) => `${ref.companyId}:${ref.userId}`;
const dayKey = (companyId: string, userId: string, day: string) => `${companyId}:${userId}:${day}`;

/**
 * The time log: every session's (and approved manual time's) time cut into
 * pieces of one local day at one rate, each with the idle time its beats
 * place in it, and the minutes and cents it shows as its share of its day
 * (domain/accounting). A person's day is worked out again whole whenever time
 * is added to it, so its pieces and its rollups always add up to its figures.
 * Rates change at the moment they are set; idle beats are kept per running
 * session until it ends. Every page and sheet reads its figures from here.
 */
export const timelogProjection: Projection = {
  name: 'timelog',
  tables: ['timelog_entries', 'daily_rollups', 'member_rates', 'timelog_running'],
  handles: ['MemberDetailsEdited', 'TimerStarted', 'TimerHeartbeat', 'TimerStopped', 'TimerAbandoned', 'TimerCancelled', 'RegularizationApproved'],

  async apply(trx, recorded) {
    const events = recorded.map((e) => ({ type: e.type, data: e.data, decidedAt: decidedAt(e) }) as Handled & { decidedAt: string });
    const [rates, running] = await Promise.all([loadRates(trx, events), loadRunning(trx, events)]);
    const batch = new Batch(rates, running);
    for (const event of events) batch.add(event);
    await batch.save(trx);
    return batch.scopes();
  },
};

class Batch {
  private readonly newRates: { company_id: string; user_id: string; effective_at: Date; rate_cents: number }[] = [];
  private readonly changedRunning = new Set<string>();
  private readonly pieces = new Map<string, Piece[]>();
  private readonly companies = new Set<string>();

  constructor(
    private readonly rates: Map<string, RateChange[]>,
    private readonly running: Map<string, Running | null>,
  ) {}

  add(event: Handled & { decidedAt: string }) {
    switch (event.type) {
      case 'MemberDetailsEdited': {
        const { companyId, userId, hourlyRate, editedAt } = event.data;
        const change = { effectiveAt: Date.parse(editedAt ?? event.decidedAt), rateCents: hourlyRate === null ? 0 : rateCents(hourlyRate) };
        const history = this.rates.get(personKey(event.data)) ?? [];
        // Unchanged (a rename): no new rate.
        if (rateAt(history, change.effectiveAt) === change.rateCents) return;
        history.push(change);
        history.sort((a, b) => a.effectiveAt - b.effectiveAt);
        this.rates.set(personKey(event.data), history);
        this.newRates.push({ company_id: companyId, user_id: userId, effective_at: new Date(change.effectiveAt), rate_cents: change.rateCents });
        return;
      }
      case 'TimerStarted':
        this.setRunning(event.data.sessionId, { companyId: event.data.companyId, userId: event.data.userId, beats: [] });
        return;
      case 'TimerHeartbeat': {
        const session = this.running.get(event.data.sessionId);
        if (!session || event.data.idleMinutes <= 0) return;
        this.setRunning(event.data.sessionId, { ...session, beats: [...session.beats, { at: event.data.at, idleMinutes: event.data.idleMinutes }] });
        return;
      }
      case 'TimerCancelled':
        this.endRunning(event.data.sessionId);
        return;
      case 'TimerStopped':
      case 'TimerAbandoned': {
        const session = event.data;
        const end = event.type === 'TimerStopped' ? event.data.stoppedAt : event.data.endedAt;
        const beats: IdleBeat[] = (this.running.get(session.sessionId)?.beats ?? []).map((beat) => ({ at: Date.parse(beat.at), idleMinutes: beat.idleMinutes }));
        this.endRunning(session.sessionId);
        const idle = idleSpans({ start: Date.parse(session.startedAt), end: Date.parse(end) }, beats);
        this.log(session, session.sessionId, session.source, event.type === 'TimerAbandoned', idle);
        return;
      }
      case 'RegularizationApproved':
        this.log(event.data, event.data.requestId, 'manual', false, []);
        return;
    }
  }

  private setRunning(sessionId: string, session: Running | null) {
    this.running.set(sessionId, session);
    this.changedRunning.add(sessionId);
  }

  /** A session that ended keeps no beats (one this read model never saw start has none to drop). */
  private endRunning(sessionId: string) {
    if (this.running.get(sessionId)) this.setRunning(sessionId, null);
  }

  /** Adds a session's (or manual time's) pieces to the days they fall on. */
  private log(logged: Logged, sessionId: string, source: TimelogSource, abandoned: boolean, idle: ReturnType<typeof idleSpans>) {
    const { companyId, userId } = logged;
    this.companies.add(companyId);
    const rates = this.rates.get(personKey(logged)) ?? [];
    for (const entry of logged.entries) {
      const part = { day: entry.day, start: Date.parse(entry.start), end: Date.parse(entry.end) };
      for (const piece of piecesOf([part], rates, idle)) {
        const key = dayKey(companyId, userId, piece.day);
        const day = this.pieces.get(key) ?? [];
        day.push({
          session_id: sessionId,
          split_index: entry.splitIndex,
          rate_part: piece.ratePart,
          total_splits: entry.totalSplits,
          company_id: companyId,
          user_id: userId,
          team_id: logged.teamId,
          day: piece.day,
          start_at: new Date(piece.start),
          end_at: new Date(piece.end),
          tracked_ms: piece.trackedMs,
          idle_ms: piece.idleMs,
          tracked_minutes: 0,
          idle_minutes: 0,
          rate_cents: piece.rateCents,
          earnings_cents: 0,
          project_id: logged.projectId,
          project_name: logged.projectName,
          task_id: logged.taskId,
          task_name: logged.taskName,
          task_details: logged.taskDetails,
          time_zone: logged.timeZone,
          source,
          abandoned,
        });
        this.pieces.set(key, day);
      }
    }
  }

  async save(trx: Transaction<Database>) {
    for (const chunk of inChunks(this.newRates, 5000)) {
      await trx.insertInto('member_rates').values(chunk).onConflict((oc) => oc.columns(['company_id', 'user_id', 'effective_at']).doUpdateSet({ rate_cents: sql`excluded.rate_cents` })).execute();
    }
    await this.saveRunning(trx);
    const days = await this.wholeDays(trx);
    const rows = days.flatMap(accounted);
    for (const chunk of inChunks(rows, 1000)) {
      await trx
        .insertInto('timelog_entries')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['session_id', 'split_index', 'rate_part']).doUpdateSet((eb) => ({
            tracked_minutes: eb.ref('excluded.tracked_minutes'),
            idle_minutes: eb.ref('excluded.idle_minutes'),
            earnings_cents: eb.ref('excluded.earnings_cents'),
          })),
        )
        .execute();
    }
    const touched = days.map((day) => day[0]);
    for (const chunk of inChunks(touched, 3000)) {
      await trx
        .deleteFrom('daily_rollups')
        .where((eb) => eb(eb.refTuple('company_id', 'user_id', 'day'), 'in', chunk.map((p) => eb.tuple(p.company_id, p.user_id, p.day))))
        .execute();
    }
    for (const chunk of inChunks(rollups(rows), 2000)) await trx.insertInto('daily_rollups').values(chunk).execute();
  }

  private async saveRunning(trx: Transaction<Database>) {
    const ids = [...this.changedRunning];
    for (const chunk of inChunks(ids, 5000)) await trx.deleteFrom('timelog_running').where('session_id', 'in', chunk).execute();
    const rows = ids.flatMap((id) => {
      const session = this.running.get(id);
      return session ? [{ session_id: id, company_id: session.companyId, user_id: session.userId, idle_beats: JSON.stringify(session.beats) }] : [];
    });
    for (const chunk of inChunks(rows, 5000)) await trx.insertInto('timelog_running').values(chunk).execute();
  }

  /** Each touched day whole: its stored pieces and the batch's new ones (a piece met again is kept as stored), in the order a sheet lists them. */
  private async wholeDays(trx: Transaction<Database>): Promise<Piece[][]> {
    const keys = [...this.pieces.values()].map((day) => day[0]);
    const days = new Map<string, Map<string, Piece>>();
    const pieceKey = (p: Pick<Piece, 'session_id' | 'split_index' | 'rate_part'>) => `${p.session_id}:${p.split_index}:${p.rate_part}`;
    for (const chunk of inChunks(keys, 3000)) {
      const stored = await trx
        .selectFrom('timelog_entries')
        .selectAll()
        .where((eb) => eb(eb.refTuple('company_id', 'user_id', 'day'), 'in', chunk.map((p) => eb.tuple(p.company_id, p.user_id, p.day))))
        .execute();
      for (const row of stored) {
        const key = dayKey(row.company_id, row.user_id, row.day);
        const day = days.get(key) ?? new Map<string, Piece>();
        day.set(pieceKey(row), { ...row, tracked_ms: Number(row.tracked_ms), idle_ms: Number(row.idle_ms), earnings_cents: Number(row.earnings_cents) });
        days.set(key, day);
      }
    }
    for (const [key, pieces] of this.pieces) {
      const day = days.get(key) ?? new Map<string, Piece>();
      for (const piece of pieces) if (!day.has(pieceKey(piece))) day.set(pieceKey(piece), piece);
      days.set(key, day);
    }
    return [...days.values()].map((day) => [...day.values()].sort(sheetOrder));
  }

  /** The dashboards and the attendance calendar show the time log. */
  scopes(): Scope[] {
    return [...this.companies].flatMap((companyId) => companyChanges(companyId, 'dashboards', 'attendance'));
  }
}

/** By start, then by session, day part and rate part: the time log's order everywhere. */
const sheetOrder = (a: Piece, b: Piece) =>
  a.start_at.getTime() - b.start_at.getTime() || a.session_id.localeCompare(b.session_id) || a.split_index - b.split_index || a.rate_part - b.rate_part;

/** A day's pieces with their shares of its minutes and cents. */
function accounted(day: Piece[]): Piece[] {
  const figures = accountDay(day.map((p) => ({ teamId: p.team_id, trackedMs: p.tracked_ms, idleMs: p.idle_ms, rateCents: p.rate_cents })));
  return day.map((piece, i) => ({ ...piece, tracked_minutes: figures[i].trackedMinutes, idle_minutes: figures[i].idleMinutes, earnings_cents: figures[i].earningsCents }));
}

type Rollup = Insertable<DailyRollupsTable> & Record<'tracked_ms' | 'idle_ms' | 'earnings_cents' | 'tracked_minutes' | 'idle_minutes' | 'manual_minutes' | 'entries', number> & { first_start: Date; last_end: Date };

/** The pieces summed per person, day, team, project, task and rate. */
function rollups(pieces: readonly Piece[]): Rollup[] {
  const rows = new Map<string, Rollup>();
  for (const p of pieces) {
    const key = [p.company_id, p.user_id, p.day, p.team_id, p.project_id, p.task_id, p.rate_cents].join('|');
    const manual = p.source === 'manual' ? p.tracked_minutes : 0;
    const row = rows.get(key);
    if (!row) {
      rows.set(key, {
        company_id: p.company_id,
        user_id: p.user_id,
        day: p.day,
        team_id: p.team_id,
        project_id: p.project_id,
        project_name: p.project_name,
        task_id: p.task_id,
        rate_cents: p.rate_cents,
        tracked_ms: p.tracked_ms,
        idle_ms: p.idle_ms,
        tracked_minutes: p.tracked_minutes,
        idle_minutes: p.idle_minutes,
        manual_minutes: manual,
        earnings_cents: p.earnings_cents,
        entries: 1,
        first_start: p.start_at,
        last_end: p.end_at,
      });
      continue;
    }
    row.project_name = p.project_name;
    row.tracked_ms += p.tracked_ms;
    row.idle_ms += p.idle_ms;
    row.tracked_minutes += p.tracked_minutes;
    row.idle_minutes += p.idle_minutes;
    row.manual_minutes += manual;
    row.earnings_cents += p.earnings_cents;
    row.entries += 1;
    if (p.start_at < row.first_start) row.first_start = p.start_at;
    if (p.end_at > row.last_end) row.last_end = p.end_at;
  }
  return [...rows.values()];
}

/** The rate history of everyone whose time or rate the batch touches. */
async function loadRates(trx: Transaction<Database>, events: readonly Handled[]) {
  const people = [...new Map(events.map((e) => [personKey(e.data), e.data])).values()];
  const rates = new Map<string, RateChange[]>();
  for (const chunk of inChunks(people, 5000)) {
    const rows = await trx
      .selectFrom('member_rates')
      .select(['company_id', 'user_id', 'effective_at', 'rate_cents'])
      .where((eb) => eb(eb.refTuple('company_id', 'user_id'), 'in', chunk.map((p) => eb.tuple(p.companyId, p.userId))))
      .orderBy('effective_at')
      .execute();
    for (const row of rows) {
      const key = personKey({ companyId: row.company_id, userId: row.user_id });
      rates.set(key, [...(rates.get(key) ?? []), { effectiveAt: row.effective_at.getTime(), rateCents: row.rate_cents }]);
    }
  }
  return rates;
}

/** The running sessions the batch's beats and ends speak of, with their idle beats so far. */
async function loadRunning(trx: Transaction<Database>, events: readonly Handled[]) {
  const ids = [...new Set(events.flatMap((e) => ('sessionId' in e.data && e.type !== 'TimerStarted' ? [e.data.sessionId] : [])))];
  const running = new Map<string, Running | null>();
  for (const chunk of inChunks(ids, 5000)) {
    const rows = await trx.selectFrom('timelog_running').selectAll().where('session_id', 'in', chunk).execute();
    for (const row of rows) running.set(row.session_id, { companyId: row.company_id, userId: row.user_id, beats: row.idle_beats });
  }
  return running;
}
