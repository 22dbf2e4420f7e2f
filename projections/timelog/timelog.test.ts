import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { timelogEntries } from '../../domain/time-tracking/tracker.ts';
import type { HeartbeatEvent, TrackerEvent } from '../../domain/time-tracking/events.ts';
import type { NewEvent } from '../../eventstore/types.ts';
import { readAllSettled, useTestDatabase } from '../../tests/support/test-database.ts';
import { rebuildProjection } from '../rebuild.ts';
import { unitFigures } from './queries.ts';
import { timelogProjection } from './timelog.ts';

type Person = { companyId: string; userId: string };
const newPerson = (): Person => ({ companyId: randomUUID(), userId: randomUUID() });
const teamId = randomUUID();
const task = { teamId, projectId: randomUUID(), projectName: 'Website', taskId: 'WEB-1', taskName: 'Landing page', taskDetails: '' };

interface Session {
  person: Person;
  sessionId: string;
  startedAt: string;
  timeZone: string;
}
const session = (person: Person, startedAt: string, timeZone = 'Europe/Berlin'): Session => ({ person, sessionId: randomUUID(), startedAt, timeZone });
const running = (s: Session) => ({ ...s.person, ...task, sessionId: s.sessionId, source: 'desktop' as const, timeZone: s.timeZone, startedAt: s.startedAt });

type Event = TrackerEvent | HeartbeatEvent | { type: 'MemberDetailsEdited'; data: Record<string, unknown> } | { type: 'RegularizationApproved'; data: Record<string, unknown> };

const started = (s: Session): Event => ({ type: 'TimerStarted', data: running(s) });
const idleBeat = (s: Session, at: string, idleMinutes: number): Event => ({ type: 'TimerHeartbeat', data: { ...s.person, sessionId: s.sessionId, at, idleMinutes } });
/** A stop as the tracker decides it: its entries cut at local midnight (their idle minutes are not what the time log reads). */
const stopped = (s: Session, stoppedAt: string): Event => ({
  type: 'TimerStopped',
  data: { ...running(s), stoppedAt, entries: timelogEntries(running(s), stoppedAt, []) },
});
const rate = (person: Person, dollars: number | null, editedAt: string): Event => ({
  type: 'MemberDetailsEdited',
  data: { ...person, name: 'Ana', hourlyRate: dollars, editedAt },
});
const approved = (person: Person, start: string, end: string, timeZone = 'Europe/Berlin'): Event => {
  const requestId = randomUUID();
  const entries = timelogEntries({ ...running(session(person, start, timeZone)), sessionId: requestId }, end, []);
  return {
    type: 'RegularizationApproved',
    data: { ...person, requestId, by: { userId: randomUUID(), name: 'Max Manager' }, comment: '', ...task, timeZone, entries },
  };
};

describe('the time log', () => {
  const database = useTestDatabase();

  /** Appends the events to the log, so a rebuild can read them, and applies them as one batch. */
  async function log(...events: Event[]) {
    const recorded: NewEvent[] = [];
    for (const event of events) {
      const data = event.data as { companyId: string; userId: string; sessionId?: string };
      const newEvent: NewEvent = { eventId: randomUUID(), type: event.type, data: event.data, metadata: { correlationId: 'test' } };
      await database.store.append(`test-${data.companyId}-${data.userId}-${randomUUID()}`, [newEvent], 'no_stream');
      recorded.push(newEvent);
    }
    const stored = (await readAllSettled(database)).filter((e) => recorded.some((r) => r.eventId === e.eventId));
    await database.db.transaction().execute((trx) => timelogProjection.apply(trx, stored));
  }

  const pieces = (p: Person) =>
    database.db
      .selectFrom('timelog_entries')
      .select(['day', 'split_index', 'rate_part', 'tracked_ms', 'idle_ms', 'tracked_minutes', 'idle_minutes', 'rate_cents', 'earnings_cents', 'source'])
      .where('company_id', '=', p.companyId)
      .where('user_id', '=', p.userId)
      .orderBy('start_at')
      .execute();
  const days = (p: Person, from: string, to: string) => unitFigures(database.db, p.companyId, { from, to }, { teams: null, userIds: [p.userId] });

  it('keeps a stop’s exact time, and a stop applied twice only once', async () => {
    const ana = newPerson();
    const s = session(ana, '2026-03-02T08:00:00.000Z');
    await log(started(s), stopped(s, '2026-03-02T09:30:10.500Z'));
    await log(stopped(s, '2026-03-02T09:30:10.500Z'));
    expect(await pieces(ana)).toEqual([
      { day: '2026-03-02', split_index: 0, rate_part: 0, tracked_ms: '5410500', idle_ms: '0', tracked_minutes: 90, idle_minutes: 0, rate_cents: 0, earnings_cents: '0', source: 'desktop' },
    ]);
  });

  it('shares a day’s truncated minutes among its rows, so rows of 30, 30 and 59 seconds show its one minute once', async () => {
    const bo = newPerson();
    const starts = ['2026-03-03T08:00:00.000Z', '2026-03-03T09:00:00.000Z', '2026-03-03T10:00:00.000Z'];
    const ends = ['2026-03-03T08:00:30.000Z', '2026-03-03T09:00:30.000Z', '2026-03-03T10:00:59.000Z'];
    const sessions = starts.map((start) => session(bo, start));
    // Across batches: each new row works its day out again.
    await log(rate(bo, 60, '2026-03-01T00:00:00.000Z'));
    for (const [i, s] of sessions.entries()) await log(started(s), stopped(s, ends[i]));
    expect((await pieces(bo)).map((p) => p.tracked_minutes)).toEqual([0, 0, 1]);
    // 119 s at $60 an hour, rounded once: $1.98, not 3 × a rounded minute.
    expect((await pieces(bo)).map((p) => Number(p.earnings_cents))).toEqual([50, 50, 98]);
    expect(await days(bo, '2026-03-03', '2026-03-03')).toMatchObject([{ trackedMinutes: 1, earningsCents: 198 }]);
  });

  it('prices a 100-second session at $60 an hour at $1.67, everywhere the same', async () => {
    const cy = newPerson();
    const s = session(cy, '2026-03-04T08:00:00.000Z');
    await log(rate(cy, 60, '2026-03-01T00:00:00.000Z'), started(s), stopped(s, '2026-03-04T08:01:40.000Z'));
    expect(await days(cy, '2026-03-04', '2026-03-04')).toMatchObject([{ trackedMinutes: 1, earningsCents: 167 }]);
  });

  it('gives a beat just after local midnight the idle minutes before it, on both days (Asia/Kolkata)', async () => {
    const di = newPerson();
    // 23:00 to 00:00:50 local, one beat at 00:00:20 reporting 2 idle minutes: 100 s before midnight, 20 s after.
    const s = session(di, '2026-03-10T17:30:00.000Z', 'Asia/Kolkata');
    await log(started(s), idleBeat(s, '2026-03-10T18:30:20.000Z', 2), stopped(s, '2026-03-10T18:30:50.000Z'));
    expect((await pieces(di)).map((p) => [p.day, p.tracked_ms, p.idle_ms])).toEqual([
      ['2026-03-10', '3600000', '100000'],
      ['2026-03-11', '50000', '20000'],
    ]);
    expect((await days(di, '2026-03-10', '2026-03-11')).map((d) => [d.day, d.trackedMinutes, d.idleMinutes])).toEqual([
      ['2026-03-10', 60, 1],
      ['2026-03-11', 0, 0],
    ]);
  });

  it('prices the time before a rate change at the old rate and the time after at the new one, from the moment it changed', async () => {
    const ed = newPerson();
    const s = session(ed, '2026-03-05T09:00:00.000Z');
    await log(rate(ed, 60, '2026-03-01T00:00:00.000Z'), started(s), rate(ed, 120, '2026-03-05T09:30:00.000Z'), stopped(s, '2026-03-05T10:00:00.000Z'));
    expect((await pieces(ed)).map((p) => [p.rate_part, p.tracked_minutes, p.rate_cents, Number(p.earnings_cents)])).toEqual([
      [0, 30, 6000, 3000],
      [1, 30, 12000, 6000],
    ]);
    expect(await days(ed, '2026-03-05', '2026-03-05')).toMatchObject([{ trackedMinutes: 60, earningsCents: 9000, latestRateCents: 12000 }]);
  });

  it('logs approved manual time as the day’s tracked time, and counts it as manual', async () => {
    const fa = newPerson();
    await log(approved(fa, '2026-03-06T07:00:00.000Z', '2026-03-06T08:30:00.000Z'));
    expect(await pieces(fa)).toMatchObject([{ tracked_minutes: 90, source: 'manual' }]);
    expect(await days(fa, '2026-03-06', '2026-03-06')).toMatchObject([{ trackedMinutes: 90, manualMinutes: 90, idleMinutes: 0 }]);
  });

  it('gives the same time log when rebuilt from the log', async () => {
    const before = await database.db.selectFrom('timelog_entries').selectAll().orderBy('session_id').orderBy('split_index').orderBy('rate_part').execute();
    await rebuildProjection(database.db, database.store, timelogProjection, () => undefined, 3);
    expect(await database.db.selectFrom('timelog_entries').selectAll().orderBy('session_id').orderBy('split_index').orderBy('rate_part').execute()).toEqual(before);
  });
});
