import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TrackerEvent } from '../../domain/time-tracking/events.ts';
import { localDay, splitByLocalDay } from '../../domain/time-tracking/local-days.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import type { Database } from '../database.ts';
import { useTestDatabase } from '../../tests/support/test-database.ts';
import { attendanceProjection } from './attendance.ts';

type Person = { companyId: string; userId: string };
const ZONE = 'Asia/Kolkata';

const punched = (type: 'PunchedIn' | 'PunchedOut', person: Person, at: string): TrackerEvent => ({
  type,
  data: { ...person, at, day: localDay(at, ZONE), timeZone: ZONE },
});

const stopped = (person: Person, startedAt: string, stoppedAt: string): TrackerEvent => ({
  type: 'TimerStopped',
  data: {
    ...person,
    sessionId: randomUUID(),
    teamId: randomUUID(),
    projectId: randomUUID(),
    projectName: 'Website',
    taskId: 'WEB-1',
    taskName: 'Landing page',
    taskDetails: '',
    source: 'web',
    timeZone: ZONE,
    startedAt,
    stoppedAt,
    entries: splitByLocalDay(startedAt, stoppedAt, ZONE).map((part, index, parts) => ({ ...part, idleMinutes: 3, splitIndex: index, totalSplits: parts.length })),
  },
});

let position = 0;
const recorded = (event: TrackerEvent): RecordedEvent => {
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

/**
 * A fortnight of one person in Kolkata: a plain day, a night over midnight
 * carried by its session, a punch in never punched out, the next day's new
 * punch in, and two pairs on one day.
 */
const fortnight = (person: Person): TrackerEvent[] => [
  punched('PunchedIn', person, '2026-03-02T03:30:00.000Z'),
  stopped(person, '2026-03-02T04:00:00.000Z', '2026-03-02T08:00:00.000Z'),
  punched('PunchedOut', person, '2026-03-02T12:30:00.000Z'),
  punched('PunchedIn', person, '2026-03-03T16:30:00.000Z'),
  stopped(person, '2026-03-03T16:35:00.000Z', '2026-03-03T19:30:00.000Z'),
  stopped(person, '2026-03-03T19:40:00.000Z', '2026-03-03T20:00:00.000Z'),
  punched('PunchedOut', person, '2026-03-03T20:30:00.000Z'),
  punched('PunchedIn', person, '2026-03-05T03:30:00.000Z'),
  stopped(person, '2026-03-05T04:30:00.000Z', '2026-03-05T06:30:00.000Z'),
  punched('PunchedIn', person, '2026-03-06T03:30:00.000Z'),
  punched('PunchedOut', person, '2026-03-06T06:30:00.000Z'),
  punched('PunchedIn', person, '2026-03-06T07:30:00.000Z'),
  punched('PunchedOut', person, '2026-03-06T11:30:00.000Z'),
];

describe('attendance projection', () => {
  const database = useTestDatabase();
  const apply = (events: TrackerEvent[]) => database.db.transaction().execute((trx) => attendanceProjection.apply(trx, events.map(recorded)));
  const daysOf = (person: Person) =>
    database.db
      .selectFrom('attendance_days')
      .select(['day', 'pairs', 'punched_ms', 'work_ms', 'open_in', 'check_in', 'check_out', 'tracked', 'last_activity_at'])
      .where('company_id', '=', person.companyId)
      .where('user_id', '=', person.userId)
      .orderBy('day')
      .execute();
  const openPunchOf = (person: Person) =>
    database.db.selectFrom('attendance_open_punches').selectAll().where('company_id', '=', person.companyId).where('user_id', '=', person.userId).executeTakeFirst();

  it('gives the same days whether the log comes in one batch or event by event', async () => {
    const together = { companyId: randomUUID(), userId: randomUUID() };
    const oneByOne = { companyId: randomUUID(), userId: randomUUID() };
    await apply(fortnight(together));
    for (const event of fortnight(oneByOne)) await apply([event]);
    expect(await daysOf(together)).toEqual(await daysOf(oneByOne));
    expect((await daysOf(together)).map((d) => d.day)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']);
  });

  it('follows each punch: pairs cut at midnight, a forgotten punch left open on its day, sums worked out from the pairs', async () => {
    const person = { companyId: randomUUID(), userId: randomUUID() };
    await apply(fortnight(person));
    const days = Object.fromEntries((await daysOf(person)).map((d) => [d.day, d]));
    const HOUR = 3_600_000;

    expect(days['2026-03-03'].pairs).toEqual([
      { in: '2026-03-03T16:30:00.000Z', out: '2026-03-03T18:30:00.000Z', continued: false, continues: true, punchIn: '2026-03-03T16:30:00.000Z' },
    ]);
    expect(days['2026-03-04'].pairs).toEqual([
      { in: '2026-03-03T18:30:00.000Z', out: '2026-03-03T20:30:00.000Z', continued: true, continues: false, punchIn: '2026-03-03T16:30:00.000Z' },
    ]);
    expect(days['2026-03-04'].tracked).toBe(true);
    expect(days['2026-03-04'].last_activity_at).toEqual(new Date('2026-03-03T20:00:00.000Z'));

    // Never punched out: open on its day, its work counted to the end of the time tracked after it.
    expect(days['2026-03-05']).toMatchObject({ open_in: new Date('2026-03-05T03:30:00.000Z'), check_out: null, punched_ms: '0', work_ms: String(3 * HOUR) });

    // Two pairs on a day: first in, last out, the sum of both.
    expect(days['2026-03-06']).toMatchObject({
      check_in: new Date('2026-03-06T03:30:00.000Z'),
      check_out: new Date('2026-03-06T11:30:00.000Z'),
      punched_ms: String(7 * HOUR),
      open_in: null,
    });
    expect(await openPunchOf(person)).toBeUndefined();
  });

  it('carries an open punch to the day its session ran into, then closes it there', async () => {
    const person = { companyId: randomUUID(), userId: randomUUID() };
    await apply([punched('PunchedIn', person, '2026-03-03T16:30:00.000Z'), stopped(person, '2026-03-03T16:35:00.000Z', '2026-03-03T19:30:00.000Z')]);
    expect(await openPunchOf(person)).toMatchObject({ day: '2026-03-03', reach_day: '2026-03-04' });
    const open = await daysOf(person);
    expect(open.map((d) => [d.day, d.pairs.map((p) => [p.out, p.continued, p.continues])])).toEqual([
      ['2026-03-03', [['2026-03-03T18:30:00.000Z', false, true]]],
      ['2026-03-04', [[null, true, false]]],
    ]);
    await apply([punched('PunchedOut', person, '2026-03-03T20:30:00.000Z')]);
    expect((await daysOf(person)).map((d) => d.pairs.map((p) => p.out))).toEqual([['2026-03-03T18:30:00.000Z'], ['2026-03-03T20:30:00.000Z']]);
  });

  it('writes a batch in a few statements of a few parameters, however many days it touches', async () => {
    // A catch-up's batch: a month of 40 people, 2,400 events over 880 days.
    const people = Array.from({ length: 40 }, () => ({ companyId: randomUUID(), userId: randomUUID() }));
    const month = people.flatMap((person) =>
      Array.from({ length: 22 }, (_, n) => {
        const day = `2026-04-${String(n + 1).padStart(2, '0')}`;
        return [punched('PunchedIn', person, `${day}T03:30:00.000Z`), stopped(person, `${day}T04:00:00.000Z`, `${day}T08:00:00.000Z`), punched('PunchedOut', person, `${day}T12:30:00.000Z`)];
      }).flat(),
    );
    const statements: { sql: string; parameters: number }[] = [];
    // Over the test database's pool, which it does not end.
    const counted = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: database.pool }),
      log: (event) => {
        statements.push({ sql: event.query.sql, parameters: event.query.parameters.length });
      },
    });
    await counted.transaction().execute((trx) => attendanceProjection.apply(trx, month.map(recorded)));

    // A parameter per value, or a long list of (company, person, day) tuples, costs more than the rest of the batch.
    expect(statements.filter((s) => s.parameters > 20).map((s) => `${s.parameters} parameters: ${s.sql.slice(0, 60)}`)).toEqual([]);
    expect(statements.length).toBeLessThanOrEqual(6);
    expect((await daysOf(people[39])).map((d) => [d.day, d.punched_ms, d.tracked])).toEqual(
      Array.from({ length: 22 }, (_, n) => [`2026-04-${String(n + 1).padStart(2, '0')}`, String(9 * 3_600_000), true]),
    );
  });

  it('costs four statements a batch: its open punches and its days read, its days and its open punches written', async () => {
    // Some people punched out, one left open and one carried over midnight: open punches deleted and written in the same batch.
    const people = Array.from({ length: 3 }, () => ({ companyId: randomUUID(), userId: randomUUID() }));
    const events = [
      punched('PunchedIn', people[0], '2026-05-04T03:30:00.000Z'),
      punched('PunchedOut', people[0], '2026-05-04T12:30:00.000Z'),
      punched('PunchedIn', people[1], '2026-05-04T03:30:00.000Z'),
      punched('PunchedIn', people[2], '2026-05-04T16:30:00.000Z'),
      stopped(people[2], '2026-05-04T16:35:00.000Z', '2026-05-04T19:30:00.000Z'),
    ];
    await apply([punched('PunchedIn', people[0], '2026-05-01T03:30:00.000Z')]);
    const statements: string[] = [];
    const counted = new Kysely<Database>({ dialect: new PostgresDialect({ pool: database.pool }), log: (event) => void statements.push(event.query.sql) });
    await counted.transaction().execute((trx) => attendanceProjection.apply(trx, events.map(recorded)));

    // Under a catch-up every statement is a round trip of each batch.
    expect(statements.filter((statement) => !/^(begin|commit)$/i.test(statement))).toHaveLength(4);
    expect(await openPunchOf(people[0])).toBeUndefined();
    expect(await openPunchOf(people[1])).toMatchObject({ day: '2026-05-04', reach_day: '2026-05-04' });
    expect(await openPunchOf(people[2])).toMatchObject({ day: '2026-05-04', reach_day: '2026-05-05' });
  });

  it('tells the company’s attendance and working-time queries (accounts credit its leave)', async () => {
    const person = { companyId: randomUUID(), userId: randomUUID() };
    expect(await apply([punched('PunchedIn', person, '2026-03-02T03:30:00.000Z')])).toEqual([
      { kind: 'company', id: person.companyId, family: 'attendance' },
      { kind: 'company', id: person.companyId, family: 'working-time' },
    ]);
  });
});
