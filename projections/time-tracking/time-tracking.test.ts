import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HeartbeatEvent, TimelogEntry, TrackerEvent } from '../../domain/time-tracking/events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { useTestDatabase } from '../../tests/support/test-database.ts';
import { fold } from '../../domain/shared/decider.ts';
import { tracker } from '../../domain/time-tracking/tracker.ts';
import { timerStatus } from './queries.ts';
import { timeTrackingProjection } from './time-tracking.ts';

type Person = { companyId: string; userId: string };
type Session = Person & { sessionId: string; startedAt: string };

const newPerson = (): Person => ({ companyId: randomUUID(), userId: randomUUID() });

const task = { teamId: randomUUID(), projectId: randomUUID(), projectName: 'Website', taskId: 'WEB-1', taskName: 'Landing page', taskDetails: 'hero' };
const place = { source: 'web' as const, timeZone: 'Europe/Berlin' };

const session = (person: Person, startedAt: string): Session => ({ ...person, sessionId: randomUUID(), startedAt });

const started = (s: Session): TrackerEvent => ({ type: 'TimerStarted', data: { ...s, ...task, ...place } });

const heartbeat = (s: Session, at: string, sessionId = s.sessionId): HeartbeatEvent => ({
  type: 'TimerHeartbeat',
  data: { companyId: s.companyId, userId: s.userId, sessionId, at, idleMinutes: 0 },
});

const stopped = (s: Session, stoppedAt: string, entries: TimelogEntry[]): TrackerEvent => ({
  type: 'TimerStopped',
  data: { ...s, ...task, ...place, stoppedAt, entries },
});

const abandoned = (s: Session, endedAt: string, lastHeartbeatAt: string, entries: TimelogEntry[]): TrackerEvent => ({
  type: 'TimerAbandoned',
  data: { ...s, ...task, ...place, endedAt, lastHeartbeatAt, entries },
});

const cancelled = (s: Session, cancelledAt: string): TrackerEvent => ({
  type: 'TimerCancelled',
  data: { companyId: s.companyId, userId: s.userId, sessionId: s.sessionId, cancelledAt },
});

const punched = (type: 'PunchedIn' | 'PunchedOut', person: Person, at: string, day: string): TrackerEvent => ({
  type,
  data: { ...person, at, day, timeZone: place.timeZone },
});

/** One local day's piece of a session. */
const entry = (day: string, start: string, end: string, idleMinutes = 0, splitIndex = 0, totalSplits = 1): TimelogEntry => ({
  day,
  start,
  end,
  seconds: (Date.parse(end) - Date.parse(start)) / 1000,
  idleMinutes,
  splitIndex,
  totalSplits,
});

let position = 0;
const recorded = (event: TrackerEvent | HeartbeatEvent): RecordedEvent => {
  position++;
  return {
    eventId: randomUUID(),
    streamId: `tracker-${event.data.companyId}-${event.data.userId}`,
    version: position,
    position: { commit: 1n, prepare: BigInt(position) },
    type: event.type,
    data: event.data,
    metadata: { correlationId: 'test' },
    recordedAt: new Date().toISOString(),
  };
};

describe('time-tracking projection', () => {
  const database = useTestDatabase();

  /** One batch, as the runner applies it: in one transaction. */
  const applyBatch = (...events: (TrackerEvent | HeartbeatEvent)[]) =>
    database.db.transaction().execute((trx) => timeTrackingProjection.apply(trx, events.map(recorded)));

  const runningTimer = (p: Person) =>
    database.db.selectFrom('running_timers').selectAll().where('company_id', '=', p.companyId).where('user_id', '=', p.userId).executeTakeFirst();

  it('leaves no running timer after a start and a cancel in one batch', async () => {
    const person = newPerson();
    const s = session(person, '2026-03-02T08:00:00.000Z');

    const scopes = await applyBatch(started(s), cancelled(s, '2026-03-02T08:01:00.000Z'));

    expect(await runningTimer(person)).toBeUndefined();
    // Only the person's own timer shows it: nobody else in the company is told.
    expect(scopes).toEqual([
      { kind: 'user', id: person.userId, family: 'timer', key: person.companyId },
    ]);
  });

  it('keeps a timer started in one batch, moves its heartbeat in a later one, and removes it on a stop', async () => {
    const person = newPerson();
    const s = session(person, '2026-03-02T08:00:00.000Z');

    await applyBatch(started(s));
    expect(await runningTimer(person)).toMatchObject({
      session_id: s.sessionId,
      project_id: task.projectId,
      task_id: task.taskId,
      task_details: 'hero',
      source: 'web',
      time_zone: 'Europe/Berlin',
      started_at: new Date(s.startedAt),
      last_heartbeat_at: new Date(s.startedAt),
    });

    // A heartbeat changes nothing a browser shows: it tells nobody.
    expect(await applyBatch(heartbeat(s, '2026-03-02T08:00:30.000Z'), heartbeat(s, '2026-03-02T08:01:00.000Z'))).toEqual([]);
    expect(await runningTimer(person)).toMatchObject({ session_id: s.sessionId, last_heartbeat_at: new Date('2026-03-02T08:01:00.000Z') });

    await applyBatch(
      heartbeat(s, '2026-03-02T08:01:30.000Z'),
      stopped(s, '2026-03-02T09:30:00.000Z', [entry('2026-03-02', s.startedAt, '2026-03-02T09:30:00.000Z', 4)]),
    );
    expect(await runningTimer(person)).toBeUndefined();
  });

  it('ignores a heartbeat of another session or older than the stored one', async () => {
    const person = newPerson();
    const s = session(person, '2026-03-05T08:00:00.000Z');
    await applyBatch(started(s), heartbeat(s, '2026-03-05T08:10:00.000Z'));

    await applyBatch(heartbeat(s, '2026-03-05T08:20:00.000Z', randomUUID()), heartbeat(s, '2026-03-05T08:05:00.000Z'));
    expect(await runningTimer(person)).toMatchObject({ session_id: s.sessionId, last_heartbeat_at: new Date('2026-03-05T08:10:00.000Z') });

    // Within one batch too: a late-arriving older beat does not move it back.
    await applyBatch(heartbeat(s, '2026-03-05T08:30:00.000Z'), heartbeat(s, '2026-03-05T08:25:00.000Z'));
    expect(await runningTimer(person)).toMatchObject({ last_heartbeat_at: new Date('2026-03-05T08:30:00.000Z') });
  });

  it('creates no running timer from a heartbeat or a stop of a session it does not hold', async () => {
    const person = newPerson();
    const gone = session(person, '2026-03-05T08:00:00.000Z');
    await applyBatch(heartbeat(gone, '2026-03-05T08:00:30.000Z'));
    expect(await runningTimer(person)).toBeUndefined();

    const current = session(person, '2026-03-05T09:00:00.000Z');
    await applyBatch(started(current), cancelled(gone, '2026-03-05T09:01:00.000Z'), stopped(gone, '2026-03-05T09:02:00.000Z', []));
    expect(await runningTimer(person)).toMatchObject({ session_id: current.sessionId });
  });

  it('changes the running timers of several people in one batch, each by their own events', async () => {
    const [starting, beating, stopping] = [newPerson(), newPerson(), newPerson()];
    const beatingSession = session(beating, '2026-03-06T08:00:00.000Z');
    const stoppingSession = session(stopping, '2026-03-06T08:00:00.000Z');
    await applyBatch(started(beatingSession), started(stoppingSession));

    const startingSession = session(starting, '2026-03-06T09:00:00.000Z');
    await applyBatch(
      started(startingSession),
      heartbeat(beatingSession, '2026-03-06T09:00:00.000Z'),
      stopped(stoppingSession, '2026-03-06T09:00:00.000Z', [entry('2026-03-06', stoppingSession.startedAt, '2026-03-06T09:00:00.000Z')]),
    );

    expect(await runningTimer(starting)).toMatchObject({ session_id: startingSession.sessionId, last_heartbeat_at: new Date(startingSession.startedAt) });
    expect(await runningTimer(beating)).toMatchObject({ session_id: beatingSession.sessionId, last_heartbeat_at: new Date('2026-03-06T09:00:00.000Z') });
    expect(await runningTimer(stopping)).toBeUndefined();
  });

  it('records punches in and out', async () => {
    const person = newPerson();
    await applyBatch(punched('PunchedIn', person, '2026-03-07T07:55:00.000Z', '2026-03-07'), punched('PunchedOut', person, '2026-03-07T16:05:00.000Z', '2026-03-07'));

    const punches = await database.db
      .selectFrom('punches')
      .select(['at', 'state', 'day', 'time_zone'])
      .where('company_id', '=', person.companyId)
      .where('user_id', '=', person.userId)
      .orderBy('at')
      .execute();
    expect(punches).toEqual([
      { at: new Date('2026-03-07T07:55:00.000Z'), state: 'punchin', day: '2026-03-07', time_zone: 'Europe/Berlin' },
      { at: new Date('2026-03-07T16:05:00.000Z'), state: 'punchout', day: '2026-03-07', time_zone: 'Europe/Berlin' },
    ]);
  });

  it('ends an abandoned session: recorded as abandoned, its timer gone', async () => {
    const person = newPerson();
    const s = session(person, '2026-03-08T08:00:00.000Z');
    await applyBatch(started(s), heartbeat(s, '2026-03-08T08:40:00.000Z'));

    await applyBatch(abandoned(s, '2026-03-08T08:41:00.000Z', '2026-03-08T08:40:00.000Z', [entry('2026-03-08', s.startedAt, '2026-03-08T08:41:00.000Z')]));

    expect(await runningTimer(person)).toBeUndefined();
    expect(await database.db.selectFrom('abandoned_sessions').selectAll().where('session_id', '=', s.sessionId).execute()).toEqual([
      {
        session_id: s.sessionId,
        company_id: person.companyId,
        user_id: person.userId,
        started_at: new Date(s.startedAt),
        ended_at: new Date('2026-03-08T08:41:00.000Z'),
        last_heartbeat_at: new Date('2026-03-08T08:40:00.000Z'),
      },
    ]);
  });

  it('keeps each person’s latest punch as their tracker does: a night’s session carries it on to the day it ends, a cancel does not', async () => {
    const person = newPerson();
    // Punched in at 21:00 in Berlin; a session from 22:00 to 00:30 the next night; one cancelled after it.
    const night = session(person, '2026-03-09T21:00:00.000Z');
    const cancelledLater = session(person, '2026-03-10T00:00:00.000Z');
    const history = [
      punched('PunchedIn', person, '2026-03-09T20:00:00.000Z', '2026-03-09'),
      started(night),
      stopped(night, '2026-03-09T23:30:00.000Z', [entry('2026-03-09', night.startedAt, '2026-03-09T23:00:00.000Z', 0, 0, 2), entry('2026-03-10', '2026-03-09T23:00:00.000Z', '2026-03-09T23:30:00.000Z', 0, 1, 2)]),
      started(cancelledLater),
      cancelled(cancelledLater, '2026-03-10T23:30:00.000Z'),
    ];
    // One event a batch, as they come under no load, then all in one batch for another person: the same.
    for (const event of history) await applyBatch(event);
    const other = newPerson();
    await applyBatch(...history.map((e) => ({ ...e, data: { ...e.data, ...other } }) as TrackerEvent));

    const expected = fold(tracker, history).punch;
    expect(expected).toEqual({ state: 'in', timeZone: 'Europe/Berlin', lastDay: '2026-03-10' });
    for (const p of [person, other]) {
      const status = await timerStatus(database.db, p.companyId, p.userId, new Date('2026-03-01T00:00:00.000Z'));
      expect(status).toEqual({ running: null, punch: expected, abandoned: null });
    }
  });

  it('reads a person’s timer status in one query: the running session as its event told it, and the latest abandoned one since a time', async () => {
    const person = newPerson();
    const first = session(person, '2026-03-11T08:00:00.000Z');
    const second = session(person, '2026-03-11T10:00:00.000Z');
    const third = session(person, '2026-03-11T12:00:00.000Z');
    await applyBatch(
      punched('PunchedIn', person, '2026-03-11T07:55:00.000Z', '2026-03-11'),
      started(first),
      abandoned(first, '2026-03-11T08:10:30.000Z', '2026-03-11T08:10:00.000Z', []),
      started(second),
      abandoned(second, '2026-03-11T10:10:30.000Z', '2026-03-11T10:10:00.000Z', []),
      started(third),
    );
    const status = await timerStatus(database.db, person.companyId, person.userId, new Date('2026-03-11T09:00:00.000Z'));
    const { companyId: _c, userId: _u, ...running } = (started(third) as Extract<TrackerEvent, { type: 'TimerStarted' }>).data;
    expect(status).toEqual({
      running,
      punch: { state: 'in', timeZone: 'Europe/Berlin', lastDay: '2026-03-11' },
      abandoned: { sessionId: second.sessionId, startedAt: second.startedAt, endedAt: '2026-03-11T10:10:30.000Z', lastHeartbeatAt: '2026-03-11T10:10:00.000Z' },
    });
    expect((await timerStatus(database.db, person.companyId, person.userId, new Date('2026-03-11T11:00:00.000Z'))).abandoned).toBeNull();
    expect(await timerStatus(database.db, person.companyId, randomUUID(), new Date(0))).toEqual({ running: null, punch: null, abandoned: null });
  });
});
