import { randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { presetRange } from '../../domain/dashboards/range.ts';
import type { NewEvent } from '../../eventstore/types.ts';
import { individualDashboard, teamDashboard } from '../../projections/dashboards/queries.ts';
import { ProjectionRunner } from '../../projections/runner.ts';
import { timelogProjection } from '../../projections/timelog/timelog.ts';
import { type BenchContext, type BenchResult, result, timed } from './context.ts';
import { latencies } from './latencies.ts';
import { percentile } from './percentile.ts';

const PEOPLE = 500;
const TEAMS = 10;
const PROJECTS = 20;
const WORKDAYS = 250;
const ENTRIES_PER_DAY = 3;
const RUNS = 200;
const SECTION = 'dashboards';
const TIME_ZONE = 'Asia/Kolkata';

/**
 * The dashboards for a company of 500 people over a year of logs (250
 * working days × 3 entries each): the time log projection's speed from the log,
 * then the team dashboard's and the individual dashboard's data, server-side,
 * beside one indexed SELECT of the same database.
 */
export async function dashboards(ctx: BenchContext): Promise<BenchResult[]> {
  const company = { companyId: randomUUID(), timeZone: TIME_ZONE };
  const { companyId } = company;
  const teams = Array.from({ length: TEAMS }, () => randomUUID());
  const projects = Array.from({ length: PROJECTS }, () => randomUUID());
  const people = Array.from({ length: PEOPLE }, (_, i) => ({ userId: randomUUID(), name: `Person ${i}`, teamId: teams[i % TEAMS] }));
  const days = workdays(WORKDAYS);
  const entries = PEOPLE * days.length * ENTRIES_PER_DAY;

  ctx.log(`dashboards: writing ${entries} time-log entries of ${PEOPLE} people to the log`);
  await seedReadModels(ctx, company, teams, projects, people);
  for (const [index, person] of people.entries()) {
    const rates: NewEvent[] = [30, 45].map((dollars, change) => ({
      eventId: randomUUID(),
      type: 'MemberDetailsEdited',
      data: { companyId, userId: person.userId, name: person.name, hourlyRate: dollars, editedAt: `${days[change * 120]}T00:00:00.000Z` },
      metadata: { correlationId: 'bench' },
    }));
    await ctx.store.append(`member-${companyId}-${person.userId}`, rates, 'any');
    const sessions = days.flatMap((day) => Array.from({ length: ENTRIES_PER_DAY }, (_, n) => stoppedSession(company, person, projects[(index + n) % PROJECTS], day, n)));
    for (let start = 0; start < sessions.length; start += 250) {
      await ctx.store.append(`tracker-${companyId}-${person.userId}`, sessions.slice(start, start + 250), 'any');
    }
  }
  await ctx.settle();

  ctx.log('dashboards: projecting the log into the time log');
  const quiet = { error: (object: unknown, message: string) => ctx.log(`${message} ${JSON.stringify(object)}`) };
  const projectionSeconds = await timed(() => new ProjectionRunner(ctx.db, ctx.store, [timelogProjection], quiet).catchUp());
  await ctx.settle();

  const today = days.at(-1)!;
  const last30 = presetRange(30, today);
  const last7 = presetRange(7, today);
  const team = await latencies(RUNS, (i) =>
    i % 2 === 0
      ? teamDashboard(ctx.db, companyId, last30, { teams: null, team: null, seesAdmins: true, today })
      : teamDashboard(ctx.db, companyId, last30, { seesAdmins: true, teams: [teams[i % TEAMS]], team: { teamId: teams[i % TEAMS], name: 'Team' }, today }),
  );
  const individual = await latencies(RUNS, (i) => individualDashboard(ctx.db, { ...company, today }, people[(i * 7) % PEOPLE], i % 2 === 0 ? last7 : last30));
  const someone = people[0].userId;
  const indexed = await latencies(RUNS, () => ctx.pool.query('SELECT * FROM company_members WHERE company_id = $1 AND user_id = $2', [companyId, someone]));
  const baseline = percentile(indexed, 95);

  return [
    result({
      section: SECTION,
      measure: `time log projection from the log (pieces priced and shared out per day), ${entries} entries`,
      value: entries / projectionSeconds,
      unit: 'entries/s',
      target: { min: 20_000 },
    }),
    result({ section: SECTION, measure: 'single indexed SELECT, p95', value: baseline, unit: 'ms' }),
    result({
      section: SECTION,
      measure: `team dashboard, Last 30 Days, ${PEOPLE} people, p95`,
      value: percentile(team, 95),
      unit: 'ms',
      target: { max: 50 },
      note: `p50 ${percentile(team, 50).toFixed(1)} ms; the whole company and single teams in turn`,
    }),
    result({
      section: SECTION,
      measure: 'individual dashboard, p95',
      value: percentile(individual, 95),
      unit: 'ms',
      target: { max: 30 },
      note: `p50 ${percentile(individual, 50).toFixed(1)} ms; Last Week and Last 30 Days in turn`,
    }),
  ];
}

/** The last `count` Monday-to-Friday days up to a fixed Friday. */
function workdays(count: number): string[] {
  const days: string[] = [];
  for (let day = Temporal.PlainDate.from('2026-10-30'); days.length < count; day = day.subtract({ days: 1 })) {
    if (day.dayOfWeek <= 5) days.unshift(day.toString());
  }
  return days;
}

/** The n-th session of a person's day: two or three hours from 9:00, 12:30 or 16:00 in Kolkata, with some idle minutes. */
export function stoppedSession(company: { companyId: string }, person: { userId: string; teamId: string }, projectId: string, day: string, n: number): NewEvent {
  const start = Temporal.PlainDateTime.from(`${day}T${['09:00', '12:30', '16:00'][n]}`).toZonedDateTime(TIME_ZONE).toInstant();
  const end = start.add({ minutes: 120 + ((n * 37) % 60) });
  const seconds = (end.epochMilliseconds - start.epochMilliseconds) / 1000;
  return {
    eventId: randomUUID(),
    type: 'TimerStopped',
    data: {
      companyId: company.companyId,
      userId: person.userId,
      teamId: person.teamId,
      projectId,
      projectName: 'Project',
      taskId: 'BEN-1',
      taskName: 'Task',
      taskDetails: '',
      sessionId: randomUUID(),
      source: 'web',
      timeZone: TIME_ZONE,
      startedAt: start.toString(),
      stoppedAt: end.toString(),
      entries: [{ day, start: start.toString(), end: end.toString(), seconds, idleMinutes: (n * 7) % 15, splitIndex: 0, totalSplits: 1 }],
    },
    metadata: { correlationId: 'bench' },
  };
}

/** The organisation's read models the dashboards join: written directly, as this section measures the dashboards only. */
async function seedReadModels(
  ctx: BenchContext,
  company: { companyId: string; timeZone: string },
  teams: string[],
  projects: string[],
  people: { userId: string; name: string; teamId: string }[],
) {
  const now = new Date();
  const { companyId } = company;
  await ctx.db
    .insertInto('companies')
    .values({
      company_id: companyId,
      name: 'Dashboards bench',
      location_country: 'India',
      location_code: 'IN',
      time_zone: company.timeZone,
      work_start: '09:00',
      work_end: '18:00',
      created_by: people[0].userId,
      created_at: now,
      subscription_status: 'active',
      trial_ends_at: null,
    })
    .execute();
  await ctx.db.insertInto('teams').values(teams.map((team_id, i) => ({ team_id, company_id: companyId, name: `Team ${i}`, deleted: false, created_at: now }))).execute();
  await ctx.db
    .insertInto('projects')
    .values(projects.map((project_id, i) => ({ project_id, company_id: companyId, name: `Project ${i}`, prefix: `P${i}`, deleted: false, created_at: now })))
    .execute();
  await ctx.db
    .insertInto('company_members')
    .values(
      people.map((p, i) => ({
        company_id: companyId,
        user_id: p.userId,
        name: p.name,
        email: `person${i}@bench.test`,
        is_admin: i === 0,
        access_level: i === 0 ? 'Admin' : 'Member',
        hourly_rate: 45,
        deleted: false,
        deleted_at: null,
        joined_at: now,
      })),
    )
    .execute();
  await ctx.db
    .insertInto('team_members')
    .values(people.map((p) => ({ team_id: p.teamId, user_id: p.userId, company_id: companyId, role: 'Member' })))
    .execute();
}
