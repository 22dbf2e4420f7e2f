import { type Selectable, sql, type Transaction } from 'kysely';
import { finishedWorkMs, type FollowedPunch, type PunchPart, punchParts, summarizeParts } from '../../domain/attendance/punch-pairs.ts';
import { LEAVE_CODES, type LeaveEvent } from '../../domain/leave/events.ts';
import type { RegularizationEvent } from '../../domain/regularization/events.ts';
import type { TimelogEntry, TrackerEvent } from '../../domain/time-tracking/events.ts';
import { localDay } from '../../domain/time-tracking/local-days.ts';
import type { AttendanceDaysTable, AttendanceOpenPunchesTable, Database, StoredPunchPair } from '../database.ts';
import type { Projection } from '../projection.ts';
import { companyChanges, type Scope } from '../../domain/shared/scope.ts';

type Handled =
  | Extract<TrackerEvent, { type: 'PunchedIn' | 'PunchedOut' | 'TimerStopped' | 'TimerAbandoned' }>
  | Extract<LeaveEvent, { type: 'LeaveApproved' }>
  | Extract<RegularizationEvent, { type: 'RegularizationApproved' }>;

/**
 * Attendance per person and local day: the day's punch pairs (a punch over
 * midnight cut there, as the timer's sessions are), the time punched in, and
 * the time tracked. It follows each person's open punch in: a timer session
 * under it that ends on a later day carries it on to that day, as the
 * tracker's punch status does; a punch in never punched out stays open on
 * its last day (a missing punch out). An approved leave marks its day, a
 * future one too; the time of an approved regularization request is tracked
 * time of its day. How much time a day holds is the time log's (projections/timelog). A batch is folded in memory, then written in a few
 * statements.
 */
export const attendanceProjection: Projection = {
  name: 'attendance',
  tables: ['attendance_days', 'attendance_open_punches'],
  handles: ['PunchedIn', 'PunchedOut', 'TimerStopped', 'TimerAbandoned', 'LeaveApproved', 'RegularizationApproved'],

  async apply(trx, recorded) {
    const events = recorded.map((e) => ({ type: e.type, data: e.data }) as Handled);
    const batch = new Batch(events);
    await batch.loadOpenPunches(trx);
    for (const event of events) batch.add(event);
    await batch.save(trx);
    return batch.scopes();
  },
};

interface PersonRef {
  companyId: string;
  userId: string;
}

/** Instants as the rest of the read models print them (Temporal leaves out a zero millisecond part). */
const isoOf = (instant: string) => new Date(instant).toISOString();

/** A change to one day: a punch's parts replaced, time tracked added, or leave approved. */
type DayChange =
  | { kind: 'parts'; punchIn: string; timeZone: string; parts: StoredPunchPair[] }
  | { kind: 'tracked'; timeZone: string; endedAt: string }
  | { kind: 'leave'; code: string };

/** What a batch knows of one person: their open punch in, and the changes to each of their days. */
interface PersonState {
  person: PersonRef;
  open: FollowedPunch | undefined;
  /** The open punch's parts, once this batch has worked them out. */
  openParts: PunchPart[] | undefined;
  openChanged: boolean;
  days: Map<string, { changes: DayChange[]; stored: Selectable<AttendanceDaysTable> | undefined }>;
}

/**
 * A batch folded in memory, per company and person (maps of the events' own
 * ids, rather than a key string built for every event and day).
 */
class Batch {
  private readonly companies = new Map<string, Map<string, PersonState>>();

  constructor(events: readonly Handled[]) {
    for (const { data } of events) this.stateOf(data);
  }

  private stateOf({ companyId, userId }: PersonRef): PersonState {
    let people = this.companies.get(companyId);
    if (!people) this.companies.set(companyId, (people = new Map()));
    let state = people.get(userId);
    if (!state) people.set(userId, (state = { person: { companyId, userId }, open: undefined, openParts: undefined, openChanged: false, days: new Map() }));
    return state;
  }

  private people(): PersonState[] {
    return [...this.companies.values()].flatMap((people) => [...people.values()]);
  }

  /** The batch's people's punches in still open, from before the batch. */
  async loadOpenPunches(trx: Transaction<Database>) {
    const people = this.people();
    const { rows } = await sql<Selectable<AttendanceOpenPunchesTable>>`
      SELECT o.* FROM attendance_open_punches o
      JOIN unnest(${people.map((p) => p.person.companyId)}::uuid[], ${people.map((p) => p.person.userId)}::uuid[]) AS t(company_id, user_id)
        ON o.company_id = t.company_id AND o.user_id = t.user_id`.execute(trx);
    for (const row of rows) {
      const state = this.companies.get(row.company_id)?.get(row.user_id);
      if (state) state.open = { punchIn: row.punch_in_at.toISOString(), timeZone: row.time_zone, day: row.day, reachDay: row.reach_day, punchOut: null };
    }
  }

  add(event: Handled) {
    const state = this.stateOf(event.data);
    const current = state.open;
    switch (event.type) {
      case 'LeaveApproved':
        this.change(state, event.data.leaveDate, { kind: 'leave', code: LEAVE_CODES[event.data.type] });
        return;
      case 'PunchedIn': {
        // An earlier punch still open keeps its parts as they are: its last day shows a missing punch out.
        const { at, timeZone, day } = event.data;
        this.follow(state, { punchIn: isoOf(at), timeZone, day, reachDay: day, punchOut: null });
        return;
      }
      case 'PunchedOut': {
        if (!current) return;
        const punch = { ...current, punchOut: event.data.at };
        // Punched out on the day it was punched in (the event names its local day): one part, nothing to cut at midnight.
        const sameDay = event.data.timeZone === current.timeZone && event.data.day === current.day && current.reachDay === current.day;
        this.follow(state, punch, sameDay ? [{ day: current.day, in: current.punchIn, out: event.data.at, continued: false, continues: false }] : punchParts(punch));
        return;
      }
      case 'RegularizationApproved':
        this.track(state, event.data);
        return;
      case 'TimerStopped':
      case 'TimerAbandoned': {
        const session = event.data;
        this.track(state, session);
        const end = event.type === 'TimerStopped' ? event.data.stoppedAt : event.data.endedAt;
        if (current && Date.parse(session.startedAt) >= Date.parse(current.punchIn)) {
          const endDay = localDay(end, current.timeZone);
          if (endDay > current.reachDay) this.follow(state, { ...current, reachDay: endDay });
        }
        return;
      }
    }
  }

  /** Marks the days of time-log entries as worked, up to their last activity; how much time is the time log's. */
  private track(state: PersonState, logged: { timeZone: string; entries: TimelogEntry[] }) {
    for (const entry of logged.entries) this.change(state, entry.day, { kind: 'tracked', timeZone: logged.timeZone, endedAt: entry.end });
  }

  /** Takes a punch's new state: its parts replace the ones it had on each day. */
  private follow(state: PersonState, punch: FollowedPunch, parts: PunchPart[] = punchParts(punch)) {
    const previous = state.open;
    const earlierParts = previous?.punchIn === punch.punchIn ? (state.openParts ?? punchParts(previous)) : [];
    const days = new Set([...earlierParts, ...parts].map((part) => part.day));
    for (const day of days) {
      const pairs = parts
        .filter((part) => part.day === day)
        // The punch in is already as isoOf prints it.
        .map(({ in: punchedIn, out, continued, continues }) => ({ in: punchedIn === punch.punchIn ? punchedIn : isoOf(punchedIn), out: out && isoOf(out), continued, continues, punchIn: punch.punchIn }));
      this.change(state, day, { kind: 'parts', punchIn: punch.punchIn, timeZone: punch.timeZone, parts: pairs });
    }
    const open = punch.punchOut === null;
    state.open = open ? punch : undefined;
    state.openParts = open ? parts : undefined;
    state.openChanged = true;
  }

  private change(state: PersonState, day: string, change: DayChange) {
    const touched = state.days.get(day);
    if (touched) touched.changes.push(change);
    else state.days.set(day, { changes: [change], stored: undefined });
  }

  /**
   * Reads the touched days, folds the batch's changes into them and writes
   * them back, in a few statements whatever the batch's size: the lists go
   * as one array per column or one JSON document (a parameter per value, or
   * a long IN list of tuples, which PostgreSQL plans as a scan, cost more
   * than the rest).
   */
  async save(trx: Transaction<Database>) {
    const people = this.people().filter((state) => state.days.size > 0 || state.openChanged);
    await readStoredDays(trx, people);
    await upsertDays(
      trx,
      people.flatMap(({ person, days }) => [...days].map(([day, { changes, stored }]) => dayRow(person, day, stored, changes))),
    );

    const openChanged = people.filter((state) => state.openChanged);
    if (openChanged.length === 0) return;
    const closed = openChanged.flatMap((state) => (state.open ? [] : [state.person]));
    const stillOpen = openChanged.flatMap(({ person, open }) => (open ? [{ person, punch: open }] : []));
    // One statement: the punches punched out are deleted, the others written over the stored ones (the two name different people).
    await sql`
      WITH closed AS (
        DELETE FROM attendance_open_punches o
        USING unnest(${closed.map((p) => p.companyId)}::uuid[], ${closed.map((p) => p.userId)}::uuid[]) AS t(company_id, user_id)
        WHERE o.company_id = t.company_id AND o.user_id = t.user_id
      )
      INSERT INTO attendance_open_punches (company_id, user_id, punch_in_at, time_zone, day, reach_day)
      SELECT * FROM unnest(${stillOpen.map((o) => o.person.companyId)}::uuid[], ${stillOpen.map((o) => o.person.userId)}::uuid[],
        ${stillOpen.map((o) => o.punch.punchIn)}::timestamptz[], ${stillOpen.map((o) => o.punch.timeZone)}::text[],
        ${stillOpen.map((o) => o.punch.day)}::date[], ${stillOpen.map((o) => o.punch.reachDay)}::date[])
      ON CONFLICT (company_id, user_id) DO UPDATE
      SET punch_in_at = excluded.punch_in_at, time_zone = excluded.time_zone, day = excluded.day, reach_day = excluded.reach_day`.execute(trx);
  }

  /** Attendance (approved leave among it, which working-time accounts credit) shows to the person and to those who see them: the company's attendance and working-time queries refetch. */
  scopes(): Scope[] {
    return [...this.companies.keys()].flatMap((companyId) => companyChanges(companyId, 'attendance', 'working-time'));
  }
}

/**
 * Reads the stored rows of the people's touched days into them: one index
 * range scan per person over their first to last touched day (the rows
 * between that the batch does not touch are left out).
 */
async function readStoredDays(trx: Transaction<Database>, people: readonly PersonState[]) {
  const spans = people.flatMap(({ person, days }) => {
    if (days.size === 0) return [];
    let from = '9999-12-31';
    let to = '0000-01-01';
    for (const day of days.keys()) {
      if (day < from) from = day;
      if (day > to) to = day;
    }
    return [{ person, from, to }];
  });
  if (spans.length === 0) return;
  const { rows } = await sql<Selectable<AttendanceDaysTable>>`
    SELECT d.* FROM attendance_days d
    JOIN unnest(${spans.map((s) => s.person.companyId)}::uuid[], ${spans.map((s) => s.person.userId)}::uuid[], ${spans.map((s) => s.from)}::date[], ${spans.map((s) => s.to)}::date[])
      AS t(company_id, user_id, first_day, last_day)
      ON d.company_id = t.company_id AND d.user_id = t.user_id AND d.day BETWEEN t.first_day AND t.last_day`.execute(trx);
  const byPerson = new Map(people.map((state) => [`${state.person.companyId}:${state.person.userId}`, state]));
  for (const row of rows) {
    const touched = byPerson.get(`${row.company_id}:${row.user_id}`)?.days.get(row.day);
    if (touched) touched.stored = row;
  }
}

type DayRow = ReturnType<typeof dayRow>;

/** The attendance_days columns and their types: the record a written row is read as. */
const DAY_COLUMNS = [
  ['company_id', 'uuid'],
  ['user_id', 'uuid'],
  ['day', 'date'],
  ['time_zone', 'text'],
  ['pairs', 'jsonb'],
  ['punched_ms', 'bigint'],
  ['work_ms', 'bigint'],
  ['open_in', 'timestamptz'],
  ['check_in', 'timestamptz'],
  ['check_out', 'timestamptz'],
  ['tracked', 'boolean'],
  ['last_activity_at', 'timestamptz'],
  ['leave_code', 'text'],
] as const satisfies readonly (readonly [keyof DayRow, string])[];

/**
 * Writes the days' rows over the stored ones in one statement, the rows as
 * one JSON document: serialising it is native, where an array per column
 * had the driver format and escape every value (a Date each in the local
 * zone), which cost more than the statement itself.
 */
async function upsertDays(trx: Transaction<Database>, rows: readonly DayRow[]) {
  if (rows.length === 0) return;
  const columns = DAY_COLUMNS.map(([column]) => sql.ref(column));
  const record = sql.raw(DAY_COLUMNS.map(([column, type]) => `${column} ${type}`).join(', '));
  // Every column but the key's (the first three).
  const updates = DAY_COLUMNS.slice(3).map(([column]) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`);
  await sql`
    INSERT INTO attendance_days (${sql.join(columns)}) SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(${record})
    ON CONFLICT (company_id, user_id, day) DO UPDATE SET ${sql.join(updates)}`.execute(trx);
}

/** A day's row after the batch's changes to it, its sums worked out again from its pairs; instants as ISO strings. */
function dayRow(person: PersonRef, day: string, stored: Selectable<AttendanceDaysTable> | undefined, changes: DayChange[]) {
  let pairs: StoredPunchPair[] = stored?.pairs ?? [];
  let timeZone = stored?.time_zone ?? null;
  let tracked = stored?.tracked ?? false;
  let lastActivity = stored?.last_activity_at?.getTime() ?? null;
  let leaveCode = stored?.leave_code ?? null;
  for (const change of changes) {
    if (change.kind === 'leave') {
      leaveCode = change.code;
    } else if (change.kind === 'parts') {
      pairs = [...pairs.filter((pair) => pair.punchIn !== change.punchIn), ...change.parts];
      timeZone = change.timeZone;
    } else {
      tracked = true;
      lastActivity = Math.max(lastActivity ?? 0, Date.parse(change.endedAt));
      timeZone ??= change.timeZone;
    }
  }
  pairs.sort((a, b) => Date.parse(a.in) - Date.parse(b.in));
  const summary = summarizeParts(pairs);
  const lastActivityAt = lastActivity === null ? null : new Date(lastActivity).toISOString();
  return {
    company_id: person.companyId,
    user_id: person.userId,
    day,
    time_zone: timeZone,
    pairs,
    punched_ms: summary.punchedMs,
    work_ms: finishedWorkMs({ punchedMs: summary.punchedMs, openIn: summary.openIn, lastActivityAt }),
    open_in: summary.openIn,
    check_in: summary.checkIn,
    check_out: summary.checkOut,
    tracked,
    last_activity_at: lastActivityAt,
    leave_code: leaveCode,
  };
}
