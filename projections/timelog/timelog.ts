import { type Insertable, sql, type Transaction } from 'kysely';
import { accountDay } from '../../domain/accounting/day-account.ts';
import { type IdleBeat, idleSpans } from '../../domain/accounting/idle.ts';
import { rateCents } from '../../domain/accounting/money.ts';
import { piecesOf, type RateChange, rateAt } from '../../domain/accounting/pieces.ts';
import type { MemberEvent } from '../../domain/members/events.ts';
import type { RegularizationEvent } from '../../domain/regularization/events.ts';
import type { HeartbeatEvent, TimelogSource, TrackerEvent } from '../../domain/time-tracking/events.ts';
import { decidedAt } from '../../eventstore/decided-at.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import type { Database, TimelogEntriesTable } from '../database.ts';
import { inChunks, type Projection, type Scope } from '../projection.ts';
import { companyChanges } from '../../domain/shared/scope.ts';

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
 * is added to it, so its pieces always add up to its figures.
 * Rates change at the moment they are set; idle beats are kept per running
 * session until it ends. Every page and sheet reads its figures from here.
 */
export const timelogProjection: Projection = {
  name: 'timelog',
  tables: ['timelog_entries', 'member_rates', 'timelog_running'],
  handles: ['MemberDetailsEdited', 'TimerStarted', 'TimerHeartbeat', 'TimerStopped', 'TimerAbandoned', 'TimerCancelled', 'RegularizationApproved'],

  async apply(trx, recorded) {
    const events = recorded.map((e) => ({ type: e.type, data: e.data }) as Handled);
    const [rates, running] = await Promise.all([loadRates(trx, events), loadRunning(trx, events)]);
    const batch = new Batch(rates, running);
    for (const [i, event] of events.entries()) batch.add(event, recorded[i]);
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

  add(event: Handled, recorded: RecordedEvent) {
    switch (event.type) {
      case 'MemberDetailsEdited': {
        const { companyId, userId, hourlyRate, editedAt } = event.data;
        const change = { effectiveAt: Date.parse(editedAt ?? decidedAt(recorded)), rateCents: hourlyRate === null ? 0 : rateCents(hourlyRate) };
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
    const pieces = (await this.wholeDays(trx)).flatMap(accounted);
    const added = pieces.filter((piece): piece is Piece => !('stored' in piece));
    for (const chunk of inChunks(added, 5000)) await insertPieces(trx, chunk);
    const changed = pieces.filter((piece): piece is StoredPiece => 'stored' in piece && isChanged(piece));
    for (const chunk of inChunks(changed, 5000)) await updateShares(trx, chunk);
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
  private async wholeDays(trx: Transaction<Database>): Promise<DayPiece[][]> {
    const keys = [...this.pieces.values()].map((day) => day[0]);
    const days = new Map<string, Map<string, DayPiece>>();
    const pieceKey = (p: Pick<Piece, 'session_id' | 'split_index' | 'rate_part'>) => `${p.session_id}:${p.split_index}:${p.rate_part}`;
    for (const chunk of inChunks(daySpans(keys), 5000)) {
      const { rows: stored } = await sql<StoredRow>`
        SELECT e.company_id, e.user_id, e.day, e.session_id, e.split_index, e.rate_part, e.start_at, e.team_id, e.tracked_ms::float8 AS tracked_ms,
          e.idle_ms::float8 AS idle_ms, e.rate_cents, e.tracked_minutes, e.idle_minutes, e.earnings_cents::float8 AS earnings_cents
        FROM timelog_entries e
        JOIN unnest(${chunk.map((s) => s.companyId)}::uuid[], ${chunk.map((s) => s.userId)}::uuid[], ${chunk.map((s) => s.from)}::date[], ${chunk.map((s) => s.to)}::date[])
          AS t(company_id, user_id, first_day, last_day)
          ON e.company_id = t.company_id AND e.user_id = t.user_id AND e.day BETWEEN t.first_day AND t.last_day`.execute(trx);
      for (const row of stored) {
        const key = dayKey(row.company_id, row.user_id, row.day);
        if (!this.pieces.has(key)) continue;
        const day = days.get(key) ?? new Map<string, DayPiece>();
        day.set(pieceKey(row), { ...row, stored: { trackedMinutes: row.tracked_minutes, idleMinutes: row.idle_minutes, earningsCents: row.earnings_cents } });
        days.set(key, day);
      }
    }
    for (const [key, pieces] of this.pieces) {
      const day = days.get(key) ?? new Map<string, DayPiece>();
      for (const piece of pieces) if (!day.has(pieceKey(piece))) day.set(pieceKey(piece), piece);
      days.set(key, day);
    }
    return [...days.values()].map((day) => [...day.values()].sort(sheetOrder));
  }

  /** The dashboards, the attendance calendar and the working-time accounts show the time log. */
  scopes(): Scope[] {
    return [...this.companies].flatMap((companyId) => companyChanges(companyId, 'dashboards', 'attendance', 'working-time'));
  }
}

/**
 * Each person's first and last day among these: one index range scan per
 * person finds their stored pieces of those days (a list of single days costs
 * a lookup each, and a long IN list of tuples is planned as a scan).
 */
function daySpans(days: readonly Pick<Piece, 'company_id' | 'user_id' | 'day'>[]) {
  const spans = new Map<string, { companyId: string; userId: string; from: string; to: string }>();
  for (const { company_id: companyId, user_id: userId, day } of days) {
    const span = spans.get(`${companyId}:${userId}`);
    if (!span) spans.set(`${companyId}:${userId}`, { companyId, userId, from: day, to: day });
    else if (day < span.from) span.from = day;
    else if (day > span.to) span.to = day;
  }
  return [...spans.values()];
}

/** What a day's stored piece is read back as: what accounting and the time log's order need, and the shares it has. */
type StoredRow = Pick<Piece, 'company_id' | 'user_id' | 'day' | 'session_id' | 'split_index' | 'rate_part' | 'start_at' | 'team_id' | 'tracked_ms' | 'idle_ms' | 'rate_cents' | 'tracked_minutes' | 'idle_minutes' | 'earnings_cents'>;
type StoredPiece = StoredRow & { stored: { trackedMinutes: number; idleMinutes: number; earningsCents: number } };
/** A piece of a day: new, or stored before. */
type DayPiece = Piece | StoredPiece;

const isChanged = (piece: StoredPiece) =>
  piece.tracked_minutes !== piece.stored.trackedMinutes || piece.idle_minutes !== piece.stored.idleMinutes || piece.earnings_cents !== piece.stored.earningsCents;

/** By start, then by session, day part and rate part: the time log's order everywhere. */
const sheetOrder = (a: DayPiece, b: DayPiece) =>
  a.start_at.getTime() - b.start_at.getTime() || a.session_id.localeCompare(b.session_id) || a.split_index - b.split_index || a.rate_part - b.rate_part;

/** A day's pieces with their shares of its minutes and cents. */
function accounted(day: DayPiece[]): DayPiece[] {
  const figures = accountDay(day.map((p) => ({ teamId: p.team_id, trackedMs: p.tracked_ms, idleMs: p.idle_ms, rateCents: p.rate_cents })));
  return day.map((piece, i) => ({ ...piece, tracked_minutes: figures[i].trackedMinutes, idle_minutes: figures[i].idleMinutes, earnings_cents: figures[i].earningsCents }));
}

/** The time log's columns and their types, for a bulk write of many rows as one array per column. */
const PIECE_COLUMNS = [
  ['session_id', 'uuid'],
  ['split_index', 'int'],
  ['rate_part', 'int'],
  ['total_splits', 'int'],
  ['company_id', 'uuid'],
  ['user_id', 'uuid'],
  ['team_id', 'uuid'],
  ['day', 'date'],
  ['start_at', 'timestamptz'],
  ['end_at', 'timestamptz'],
  ['tracked_ms', 'bigint'],
  ['idle_ms', 'bigint'],
  ['tracked_minutes', 'int'],
  ['idle_minutes', 'int'],
  ['rate_cents', 'int'],
  ['earnings_cents', 'bigint'],
  ['project_id', 'uuid'],
  ['project_name', 'text'],
  ['task_id', 'text'],
  ['task_name', 'text'],
  ['task_details', 'text'],
  ['time_zone', 'text'],
  ['source', 'text'],
  ['abandoned', 'boolean'],
] as const satisfies readonly (readonly [keyof Piece, string])[];

/**
 * Writes new pieces in one statement with an array per column (a catch-up
 * writes hundreds of thousands: a parameter per value would cost more than
 * the rest of it).
 */
function insertPieces(trx: Transaction<Database>, pieces: readonly Piece[]) {
  const arrays = PIECE_COLUMNS.map(([column, type]) => {
    const values = type === 'timestamptz' ? pieces.map((piece) => (piece[column] as Date).toISOString()) : pieces.map((piece) => piece[column]);
    return sql`${values}::${sql.raw(type)}[]`;
  });
  return sql`INSERT INTO timelog_entries (${sql.join(PIECE_COLUMNS.map(([column]) => sql.ref(column)))}) SELECT * FROM unnest(${sql.join(arrays)})`.execute(trx);
}

/** Gives stored pieces their new shares of their day (time was added to it). */
function updateShares(trx: Transaction<Database>, pieces: readonly StoredPiece[]) {
  const column = <T>(pick: (piece: StoredPiece) => T) => pieces.map(pick);
  return sql`
    UPDATE timelog_entries e SET tracked_minutes = u.tracked_minutes, idle_minutes = u.idle_minutes, earnings_cents = u.earnings_cents
    FROM unnest(${column((p) => p.company_id)}::uuid[], ${column((p) => p.user_id)}::uuid[], ${column((p) => p.day)}::date[],
      ${column((p) => p.session_id)}::uuid[], ${column((p) => p.split_index)}::int[], ${column((p) => p.rate_part)}::int[],
      ${column((p) => p.tracked_minutes)}::int[], ${column((p) => p.idle_minutes)}::int[], ${column((p) => p.earnings_cents)}::bigint[])
      AS u(company_id, user_id, day, session_id, split_index, rate_part, tracked_minutes, idle_minutes, earnings_cents)
    WHERE e.company_id = u.company_id AND e.user_id = u.user_id AND e.day = u.day
      AND e.session_id = u.session_id AND e.split_index = u.split_index AND e.rate_part = u.rate_part`.execute(trx);
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
  for (const chunk of inChunks(ids, 50_000)) {
    const rows = await trx.selectFrom('timelog_running').selectAll().where(sql<boolean>`session_id = ANY(${chunk}::uuid[])`).execute();
    for (const row of rows) running.set(row.session_id, { companyId: row.company_id, userId: row.user_id, beats: row.idle_beats });
  }
  return running;
}
