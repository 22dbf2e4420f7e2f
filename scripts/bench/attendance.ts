import { randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import type { NewEvent } from '../../eventstore/types.ts';
import { attendanceProjection } from '../../projections/attendance/attendance.ts';
import { monthAttendance, teamAttendance } from '../../projections/attendance/queries.ts';
import { ProjectionRunner } from '../../projections/runner.ts';
import { type BenchContext, type BenchResult, result, timed } from './context.ts';
import { latencies } from './latencies.ts';
import { percentile } from './percentile.ts';

const PEOPLE = 500;
const RUNS = 200;
const SECTION = 'attendance';
const TIME_ZONE = 'Asia/Kolkata';
/** A month of punches, up to this day. */
const MONTH = '2026-10';

/**
 * Attendance for a team of 500 people over a month of punches and sessions
 * (a punch in, a session and a punch out each working day; every tenth day
 * someone forgets to punch out; one person in ten works a night over
 * midnight): the projection's speed from the log, then team attendance for
 * the whole month and one person's month calendar, server-side, beside one
 * indexed SELECT.
 */
export async function attendance(ctx: BenchContext): Promise<BenchResult[]> {
  const companyId = randomUUID();
  const teamId = randomUUID();
  const people = Array.from({ length: PEOPLE }, (_, i) => ({ userId: randomUUID(), name: `Person ${i}` }));
  const month = Temporal.PlainYearMonth.from(MONTH);
  const days = Array.from({ length: month.daysInMonth }, (_, i) => month.toPlainDate({ day: i + 1 }));
  const workdays = days.filter((day) => day.dayOfWeek <= 5);

  await seedTeam(ctx, companyId, teamId, people);
  let events = 0;
  for (const [index, person] of people.entries()) {
    const history = workdays.flatMap((day, n) => workday(companyId, teamId, person.userId, day, { forgets: (index + n) % 10 === 0, night: index % 10 === 1 && n % 5 === 0 }));
    events += history.length;
    for (let start = 0; start < history.length; start += 250) await ctx.store.append(`tracker-${companyId}-${person.userId}`, history.slice(start, start + 250), 'any');
  }
  ctx.log(`attendance: projecting ${events} punches and sessions of ${PEOPLE} people`);
  await ctx.settle();
  const quiet = { error: (object: unknown, message: string) => ctx.log(`${message} ${JSON.stringify(object)}`) };
  const projectionSeconds = await timed(() => new ProjectionRunner(ctx.db, ctx.store, [attendanceProjection], quiet).catchUp());
  // The sections before wrote sessions too (in a full run): the projection applied all of them.
  const { rows } = await ctx.pool.query<{ count: string }>('SELECT count(*) FROM events WHERE type = ANY($1)', [attendanceProjection.handles]);
  const applied = Number(rows[0].count);
  await ctx.settle();

  const lastDay = days.at(-1)!.toString();
  const now = new Date(`${lastDay}T12:00:00Z`);
  const team = { teamId, name: 'Team' };
  const teamMonth = await latencies(RUNS, () => teamAttendance(ctx.db, companyId, { ...team, seesAdmins: true }, lastDay, days.length, now));
  const calendar = await latencies(RUNS, (i) => monthAttendance(ctx.db, { companyId, timeZone: TIME_ZONE }, { ...people[(i * 7) % PEOPLE], email: 'x@bench.test' }, MONTH, now));
  const someone = people[0].userId;
  const indexed = await latencies(RUNS, () => ctx.pool.query('SELECT * FROM company_members WHERE company_id = $1 AND user_id = $2', [companyId, someone]));

  return [
    result({
      section: SECTION,
      measure: `attendance projection from the log, ${applied} events`,
      value: applied / projectionSeconds,
      unit: 'events/s',
      target: { min: 20_000 },
      note: applied > events ? `${events} of this section, the rest the sections' before` : undefined,
    }),
    result({ section: SECTION, measure: 'single indexed SELECT, p95', value: percentile(indexed, 95), unit: 'ms' }),
    result({
      section: SECTION,
      measure: `team attendance, a month, ${PEOPLE} people, p95`,
      value: percentile(teamMonth, 95),
      unit: 'ms',
      target: { max: 50 },
      note: `p50 ${percentile(teamMonth, 50).toFixed(1)} ms; ${days.length} days with present, absent and short counts`,
    }),
    result({
      section: SECTION,
      measure: 'one person’s month calendar, p95',
      value: percentile(calendar, 95),
      unit: 'ms',
      note: `p50 ${percentile(calendar, 50).toFixed(1)} ms`,
    }),
  ];
}

/** One working day: punch in, a session, punch out (unless forgotten); a night shift runs from 22:00 over midnight. */
function workday(companyId: string, teamId: string, userId: string, day: Temporal.PlainDate, { forgets, night }: { forgets: boolean; night: boolean }): NewEvent[] {
  const instant = (time: string, plusDays = 0) => day.add({ days: plusDays }).toPlainDateTime(time).toZonedDateTime(TIME_ZONE).toInstant();
  const punchIn = night ? instant('22:00') : instant('09:00');
  const start = punchIn.add({ minutes: 10 });
  const end = night ? instant('02:00', 1) : instant('17:30');
  const punchOut = end.add({ minutes: 20 });
  const ref = { companyId, userId };
  const event = (type: string, data: object): NewEvent => ({ eventId: randomUUID(), type, data: { ...ref, ...data }, metadata: { correlationId: 'bench' } });
  const punch = (type: 'PunchedIn' | 'PunchedOut', at: Temporal.Instant) => event(type, { at: at.toString(), timeZone: TIME_ZONE, day: at.toZonedDateTimeISO(TIME_ZONE).toPlainDate().toString() });
  const midnight = day.add({ days: 1 }).toZonedDateTime(TIME_ZONE).toInstant();
  const parts = night ? [[start, midnight], [midnight, end]] : [[start, end]];
  const session = {
    sessionId: randomUUID(),
    teamId,
    projectId: teamId,
    projectName: 'Project',
    taskId: 'BEN-1',
    taskName: 'Task',
    taskDetails: '',
    source: 'web',
    timeZone: TIME_ZONE,
    startedAt: start.toString(),
  };
  return [
    punch('PunchedIn', punchIn),
    event('TimerStopped', {
      ...session,
      stoppedAt: end.toString(),
      entries: parts.map(([from, to], splitIndex) => ({
        day: from.toZonedDateTimeISO(TIME_ZONE).toPlainDate().toString(),
        start: from.toString(),
        end: to.toString(),
        seconds: (to.epochMilliseconds - from.epochMilliseconds) / 1000,
        idleMinutes: 12,
        splitIndex,
        totalSplits: parts.length,
      })),
    }),
    ...(forgets ? [] : [punch('PunchedOut', punchOut)]),
  ];
}

/** The members and the team, written directly: this section measures attendance only. */
async function seedTeam(ctx: BenchContext, companyId: string, teamId: string, people: { userId: string; name: string }[]) {
  const joined = new Date('2026-01-01T00:00:00Z');
  await ctx.db.insertInto('teams').values({ team_id: teamId, company_id: companyId, name: 'Team', deleted: false, created_at: joined }).execute();
  await ctx.db
    .insertInto('company_members')
    .values(
      people.map((p, i) => ({
        company_id: companyId,
        user_id: p.userId,
        name: p.name,
        email: `person${i}@attendance.bench`,
        is_admin: false,
        access_level: 'Member',
        hourly_rate: null,
        deleted: false,
        deleted_at: null,
        joined_at: joined,
      })),
    )
    .execute();
  await ctx.db.insertInto('team_members').values(people.map((p) => ({ team_id: teamId, user_id: p.userId, company_id: companyId, role: 'Member' }))).execute();
}
