import type { Selectable, Transaction } from 'kysely';
import { finishedWorkMs, type FollowedPunch, punchParts, summarizeParts } from '../../domain/attendance/punch-pairs.ts';
import { LEAVE_CODES, type LeaveEvent } from '../../domain/leave/events.ts';
import type { RegularizationEvent } from '../../domain/regularization/events.ts';
import type { TimelogEntry, TrackerEvent } from '../../domain/time-tracking/events.ts';
import { localDay } from '../../domain/time-tracking/local-days.ts';
import type { AttendanceDaysTable, Database, StoredPunchPair } from '../database.ts';
import { inChunks, type Projection } from '../projection.ts';
import { companyChanges, type Scope } from '../scope.ts';

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
    const batch = new Batch(await loadOpenPunches(trx, events));
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
const personKey = (ref: PersonRef) => `${ref.companyId}:${ref.userId}`;
const dayKey = (ref: PersonRef, day: string) => `${ref.companyId}:${ref.userId}:${day}`;

async function loadOpenPunches(trx: Transaction<Database>, events: Handled[]) {
  const people = [...new Map(events.filter((e) => e.type !== 'LeaveApproved').map((e) => [personKey(e.data), e.data])).values()];
  const open = new Map<string, FollowedPunch>();
  for (const chunk of inChunks(people, 5000)) {
    const rows = await trx
      .selectFrom('attendance_open_punches')
      .selectAll()
      .where((eb) => eb(eb.refTuple('company_id', 'user_id'), 'in', chunk.map((p) => eb.tuple(p.companyId, p.userId))))
      .execute();
    for (const row of rows) {
      open.set(`${row.company_id}:${row.user_id}`, { punchIn: row.punch_in_at.toISOString(), timeZone: row.time_zone, day: row.day, reachDay: row.reach_day, punchOut: null });
    }
  }
  return open;
}

/** A change to one day: a punch's parts replaced, time tracked added, or leave approved. */
type DayChange =
  | { kind: 'parts'; punchIn: string; timeZone: string; parts: StoredPunchPair[] }
  | { kind: 'tracked'; timeZone: string; endedAt: string }
  | { kind: 'leave'; code: string };

class Batch {
  private readonly changes = new Map<string, { person: PersonRef; day: string; changes: DayChange[] }>();
  private readonly openChanged = new Map<string, PersonRef>();
  private readonly companies = new Set<string>();

  constructor(private readonly open: Map<string, FollowedPunch>) {}

  add(event: Handled) {
    const person = { companyId: event.data.companyId, userId: event.data.userId };
    const key = personKey(person);
    const current = this.open.get(key);
    this.companies.add(person.companyId);
    switch (event.type) {
      case 'LeaveApproved':
        this.change(person, event.data.leaveDate, { kind: 'leave', code: LEAVE_CODES[event.data.type] });
        return;
      case 'PunchedIn': {
        // An earlier punch still open keeps its parts as they are: its last day shows a missing punch out.
        const { at, timeZone, day } = event.data;
        this.follow(person, { punchIn: isoOf(at), timeZone, day, reachDay: day, punchOut: null });
        return;
      }
      case 'PunchedOut':
        if (current) this.follow(person, { ...current, punchOut: event.data.at });
        return;
      case 'RegularizationApproved':
        this.track(person, event.data);
        return;
      case 'TimerStopped':
      case 'TimerAbandoned': {
        const session = event.data;
        this.track(person, session);
        const end = event.type === 'TimerStopped' ? event.data.stoppedAt : event.data.endedAt;
        if (current && Date.parse(session.startedAt) >= Date.parse(current.punchIn)) {
          const endDay = localDay(end, current.timeZone);
          if (endDay > current.reachDay) this.follow(person, { ...current, reachDay: endDay });
        }
        return;
      }
    }
  }

  /** Marks the days of time-log entries as worked, up to their last activity; how much time is the time log's. */
  private track(person: PersonRef, logged: { timeZone: string; entries: TimelogEntry[] }) {
    for (const entry of logged.entries) this.change(person, entry.day, { kind: 'tracked', timeZone: logged.timeZone, endedAt: entry.end });
  }

  /** Takes a punch's new state: its parts replace the ones it had on each day. */
  private follow(person: PersonRef, punch: FollowedPunch) {
    const key = personKey(person);
    const previous = this.open.get(key);
    const earlierParts = previous?.punchIn === punch.punchIn ? punchParts(previous) : [];
    const parts = punchParts(punch);
    const days = new Set([...earlierParts, ...parts].map((part) => part.day));
    for (const day of days) {
      const pairs = parts
        .filter((part) => part.day === day)
        .map(({ in: punchedIn, out, continued, continues }) => ({ in: isoOf(punchedIn), out: out && isoOf(out), continued, continues, punchIn: punch.punchIn }));
      this.change(person, day, { kind: 'parts', punchIn: punch.punchIn, timeZone: punch.timeZone, parts: pairs });
    }
    if (punch.punchOut === null) this.open.set(key, punch);
    else this.open.delete(key);
    this.openChanged.set(key, person);
  }

  private change(person: PersonRef, day: string, change: DayChange) {
    const key = dayKey(person, day);
    const entry = this.changes.get(key) ?? { person, day, changes: [] };
    entry.changes.push(change);
    this.changes.set(key, entry);
  }

  async save(trx: Transaction<Database>) {
    const touched = [...this.changes.values()];
    const stored = new Map<string, Selectable<AttendanceDaysTable>>();
    for (const chunk of inChunks(touched, 3000)) {
      const rows = await trx
        .selectFrom('attendance_days')
        .selectAll()
        .where((eb) => eb(eb.refTuple('company_id', 'user_id', 'day'), 'in', chunk.map((t) => eb.tuple(t.person.companyId, t.person.userId, t.day))))
        .execute();
      for (const row of rows) stored.set(dayKey({ companyId: row.company_id, userId: row.user_id }, row.day), row);
    }
    const rows = touched.map(({ person, day, changes }) => dayRow(person, day, stored.get(dayKey(person, day)), changes));
    for (const chunk of inChunks(rows, 2000)) {
      await trx
        .insertInto('attendance_days')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['company_id', 'user_id', 'day']).doUpdateSet((eb) => ({
            time_zone: eb.ref('excluded.time_zone'),
            pairs: eb.ref('excluded.pairs'),
            punched_ms: eb.ref('excluded.punched_ms'),
            work_ms: eb.ref('excluded.work_ms'),
            open_in: eb.ref('excluded.open_in'),
            check_in: eb.ref('excluded.check_in'),
            check_out: eb.ref('excluded.check_out'),
            tracked: eb.ref('excluded.tracked'),
            last_activity_at: eb.ref('excluded.last_activity_at'),
            leave_code: eb.ref('excluded.leave_code'),
          })),
        )
        .execute();
    }

    const openPeople = [...this.openChanged.entries()];
    for (const chunk of inChunks(openPeople, 5000)) {
      await trx
        .deleteFrom('attendance_open_punches')
        .where((eb) => eb(eb.refTuple('company_id', 'user_id'), 'in', chunk.map(([, p]) => eb.tuple(p.companyId, p.userId))))
        .execute();
    }
    const stillOpen = openPeople.flatMap(([key, person]) => {
      const punch = this.open.get(key);
      return punch
        ? [{ company_id: person.companyId, user_id: person.userId, punch_in_at: new Date(punch.punchIn), time_zone: punch.timeZone, day: punch.day, reach_day: punch.reachDay }]
        : [];
    });
    for (const chunk of inChunks(stillOpen, 5000)) await trx.insertInto('attendance_open_punches').values(chunk).execute();
  }

  /** Attendance shows to the person and to those who see them: the company's attendance queries refetch. */
  scopes(): Scope[] {
    return [...this.companies].flatMap((companyId) => companyChanges(companyId, 'attendance'));
  }
}

/** A day's row after the batch's changes to it, its sums worked out again from its pairs. */
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
  const instant = (iso: string | null) => (iso === null ? null : new Date(iso));
  const lastActivityAt = lastActivity === null ? null : new Date(lastActivity).toISOString();
  return {
    company_id: person.companyId,
    user_id: person.userId,
    day,
    time_zone: timeZone,
    pairs: JSON.stringify(pairs),
    punched_ms: summary.punchedMs,
    work_ms: finishedWorkMs({ punchedMs: summary.punchedMs, openIn: summary.openIn, lastActivityAt }),
    open_in: instant(summary.openIn),
    check_in: instant(summary.checkIn),
    check_out: instant(summary.checkOut),
    tracked,
    last_activity_at: instant(lastActivityAt),
    leave_code: leaveCode,
  };
}
