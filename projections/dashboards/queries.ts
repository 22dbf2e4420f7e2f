import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { type DayRange, rangeDays, WEEKDAYS, weekdayOf } from '../../domain/dashboards/range.ts';
import { earningsCents, percentOf, productiveMs } from '../../domain/dashboards/time-summary.ts';
import type { DayDetail, DaySummary, IndividualDashboard, TeamDashboard, TimeTotals } from '../../domain/dashboards/views.ts';
import type { TimelogSource } from '../../domain/time-tracking/events.ts';
import { unproductiveDays } from '../app-usage/unproductive.ts';
import type { Database } from '../database.ts';

const TOP_PROJECTS = 50;
const TOP_USERS = 4;

/** A company member who is in one of these teams. */
const inTeams = (eb: ExpressionBuilder<Database & { m: Database['company_members'] }, 'm'>, companyId: string, teams: readonly string[]) =>
  eb.exists(eb.selectFrom('team_members as tm').select('tm.user_id').whereRef('tm.user_id', '=', 'm.user_id').where('tm.company_id', '=', companyId).where('tm.team_id', 'in', teams));

const totals = (trackedMs: number, idleMs: number, unproductiveMs = 0): TimeTotals => ({ trackedMs, idleMs, productiveMs: productiveMs(trackedMs, idleMs, unproductiveMs) });

/** Sums of the values per key. */
function sumBy<T>(rows: readonly T[], key: (row: T) => string, value: (row: T) => number): Map<string, number> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0) + value(row));
  return sums;
}

/**
 * The people a team view lists (the team dashboard's untracked people, the
 * performance dashboard's rows): the teams' people (Admins are in every team
 * by their role, so not listed), or everyone but Clients for the whole
 * company (`teams` null).
 */
export function teamViewPeople(db: Kysely<Database>, companyId: string, teams: readonly string[] | null) {
  if (teams?.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('company_members as m')
    .select(['m.user_id', 'm.name', 'm.access_level'])
    .where('m.company_id', '=', companyId)
    .where('m.deleted', '=', false)
    .where((eb) => (teams === null ? eb('m.access_level', '!=', 'Client') : eb.and([eb('m.access_level', 'not in', ['Admin', 'Client']), inTeams(eb, companyId, teams)])))
    .orderBy('m.name')
    .execute();
}

/**
 * The names of people with time in a team view: the listed people's, else
 * (someone who tracked for the team and has left it since: still their time)
 * their name as a member.
 */
export async function namesOf(db: Kysely<Database>, companyId: string, listed: readonly { user_id: string; name: string }[], userIds: readonly string[]) {
  const names = new Map(listed.map((p) => [p.user_id, p.name]));
  const missing = userIds.filter((id) => !names.has(id));
  if (missing.length > 0) {
    const former = await db.selectFrom('company_members').select(['user_id', 'name']).where('company_id', '=', companyId).where('user_id', 'in', missing).execute();
    for (const row of former) names.set(row.user_id, row.name);
  }
  return names;
}

/** Who looks at the dashboards: themselves, and everyone (teams null) or the people of these teams. */
export type DashboardViewer = { userId: string; teams: readonly string[] | null };

/**
 * The company's members a viewer may see on the dashboards (core §6), as a
 * query to select from (alias `m`): everyone but Clients for one who sees
 * everyone, else the people of their teams but Admins; always themselves.
 */
export function seenOnDashboards(db: Kysely<Database>, companyId: string, viewer: DashboardViewer) {
  const { teams } = viewer;
  return db
    .selectFrom('company_members as m')
    .where('m.company_id', '=', companyId)
    .where('m.deleted', '=', false)
    .where((eb) => {
      const self = eb('m.user_id', '=', viewer.userId);
      if (teams === null) return eb.or([self, eb('m.access_level', '!=', 'Client')]);
      if (teams.length === 0) return self;
      return eb.or([self, eb.and([eb('m.access_level', 'not in', ['Admin', 'Client']), inTeams(eb, companyId, teams)])]);
    });
}

/** The people a viewer may see on the dashboards, by name with the viewer last. */
export async function dashboardPeople(db: Kysely<Database>, companyId: string, viewer: DashboardViewer, only?: string): Promise<{ userId: string; name: string; email: string }[]> {
  const rows = await seenOnDashboards(db, companyId, viewer)
    .select(['m.user_id', 'm.name', 'm.email'])
    .$if(only !== undefined, (qb) => qb.where('m.user_id', '=', only!))
    .orderBy('m.name')
    .execute();
  const people = rows.map((row) => ({ userId: row.user_id, name: row.name, email: row.email }));
  return [...people.filter((p) => p.userId !== viewer.userId), ...people.filter((p) => p.userId === viewer.userId)];
}

/**
 * The team dashboard's data, from the rollups alone, in one pass over the
 * range (grouped by person, by day and by project at once). `teams`: the
 * teams whose time counts; null for the whole company.
 */
export async function teamDashboard(
  db: Kysely<Database>,
  companyId: string,
  range: DayRange,
  scope: { teams: readonly string[] | null; team: { teamId: string; name: string } | null },
): Promise<TeamDashboard> {
  const { teams } = scope;
  const sums = sql<{ user_id: string | null; day: string | null; project_id: string | null; project_name: string; tracked: string; idle: string }>`
    SELECT user_id, day, project_id, max(project_name) AS project_name, sum(tracked_ms)::bigint AS tracked, sum(idle_ms)::bigint AS idle
    FROM daily_rollups
    WHERE company_id = ${companyId} AND day BETWEEN ${range.from} AND ${range.to}
      ${teams ? sql`AND team_id = ANY(${teams}::uuid[])` : sql``}
    GROUP BY GROUPING SETS ((user_id), (day), (project_id))`;
  // `people`: those whose absence of time the dashboard lists; `unproductive`: what productive time loses.
  const [{ rows }, people, unproductive] = await Promise.all([sums.execute(db), teamViewPeople(db, companyId, teams), unproductiveDays(db, companyId, range, { teams })]);
  const unproductiveByUser = sumBy(unproductive, (u) => u.userId, (u) => u.unproductiveMs);
  const unproductiveByDay = sumBy(unproductive, (u) => u.day, (u) => u.unproductiveMs);

  const byUser = rows.filter((r) => r.user_id !== null);
  const names = await namesOf(db, companyId, people, byUser.map((r) => r.user_id!));

  const users = byUser.map((r) => ({
    userId: r.user_id!,
    name: names.get(r.user_id!) ?? 'Former member',
    ...totals(Number(r.tracked), Number(r.idle), unproductiveByUser.get(r.user_id!) ?? 0),
  }));
  const tracked = new Set(users.filter((u) => u.trackedMs > 0).map((u) => u.userId));
  const trend = WEEKDAYS.map((weekday) => ({ weekday, trackedMs: 0, idleMs: 0, unproductiveMs: 0 }));
  for (const row of rows.filter((r) => r.day !== null)) {
    const slot = trend[WEEKDAYS.indexOf(weekdayOf(row.day!))];
    slot.trackedMs += Number(row.tracked);
    slot.idleMs += Number(row.idle);
    slot.unproductiveMs += unproductiveByDay.get(row.day!) ?? 0;
  }

  const projectRows = rows
    .filter((r) => r.project_id !== null)
    .sort((a, b) => Number(b.tracked) - Number(a.tracked))
    .slice(0, TOP_PROJECTS);
  const projects = projectRows.length
    ? await db.selectFrom('projects').select(['project_id', 'name', 'prefix']).where('project_id', 'in', projectRows.map((r) => r.project_id!)).execute()
    : [];
  const projectById = new Map(projects.map((p) => [p.project_id, p]));

  const all = users.reduce(
    (sum, u) => ({ tracked: sum.tracked + u.trackedMs, idle: sum.idle + u.idleMs, unproductive: sum.unproductive + (unproductiveByUser.get(u.userId) ?? 0) }),
    { tracked: 0, idle: 0, unproductive: 0 },
  );
  const withTime = users.filter((u) => u.trackedMs > 0);
  const productiveShare = (u: (typeof users)[number]) => percentOf(u.productiveMs, u.trackedMs);
  const top = <T>(list: T[], by: (item: T) => number) => [...list].sort((a, b) => by(b) - by(a)).slice(0, TOP_USERS);
  return {
    range,
    team: scope.team,
    totals: totals(all.tracked, all.idle, all.unproductive),
    topProjects: projectRows.map((r) => ({
      projectId: r.project_id!,
      prefix: projectById.get(r.project_id!)?.prefix ?? '',
      projectName: projectById.get(r.project_id!)?.name ?? r.project_name,
      trackedMs: Number(r.tracked),
    })),
    untracked: people.filter((p) => !tracked.has(p.user_id)).map((p) => ({ userId: p.user_id, name: p.name })),
    trend: trend.map(({ weekday, trackedMs, idleMs, unproductiveMs }) => ({ weekday, ...totals(trackedMs, idleMs, unproductiveMs) })),
    topUsers: {
      mostProductive: top(withTime, productiveShare).map((u) => ({ ...u, percent: productiveShare(u) })),
      mostUnproductive: top(withTime, (u) => 100 - productiveShare(u)).map((u) => ({ ...u, percent: Math.round((100 - productiveShare(u)) * 10) / 10 })),
      mostHours: top(withTime, (u) => u.trackedMs),
      leastHours: top(withTime, (u) => -u.trackedMs),
      mostIdle: top(withTime, (u) => u.idleMs),
    },
  };
}

/** One person's dashboard: each day of the range with its earnings, the week's trend, and the time-log entries as work bars. */
export async function individualDashboard(
  db: Kysely<Database>,
  company: { companyId: string; timeZone: string },
  person: { userId: string; name: string },
  range: DayRange,
): Promise<IndividualDashboard> {
  const { companyId } = company;
  const [groups, entries, unproductive] = await Promise.all([
    db
      .selectFrom('daily_rollups')
      .select((eb) => [
        'day',
        'rate_cents',
        eb.fn.sum<string>('tracked_ms').as('tracked'),
        eb.fn.sum<string>('idle_ms').as('idle'),
        eb.fn.min<Date>('first_start').as('first_start'),
        eb.fn.max<Date>('last_end').as('last_end'),
      ])
      .where('company_id', '=', companyId)
      .where('user_id', '=', person.userId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy(['day', 'rate_cents'])
      .execute(),
    db
      .selectFrom('timelog_entries')
      .select(['day', 'start_at', 'end_at', 'seconds', 'project_name', 'task_name', 'time_zone'])
      .where('company_id', '=', companyId)
      .where('user_id', '=', person.userId)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .orderBy('start_at')
      .execute(),
    unproductiveDays(db, companyId, range, { teams: null, userId: person.userId }),
  ]);

  const days = new Map<string, DaySummary & { rateSetAt: number }>(
    rangeDays(range).map((day) => [day, { day, ...totals(0, 0), rateCents: null, earningsCents: 0, firstStart: null, lastEnd: null, rateSetAt: 0 }]),
  );
  for (const group of groups) {
    const day = days.get(group.day)!;
    const trackedMs = Number(group.tracked);
    Object.assign(day, totals(day.trackedMs + trackedMs, day.idleMs + Number(group.idle)));
    day.earningsCents += earningsCents(trackedMs, group.rate_cents);
    const firstStart = group.first_start;
    const lastEnd = group.last_end;
    if (!day.firstStart || firstStart.toISOString() < day.firstStart) day.firstStart = firstStart.toISOString();
    if (!day.lastEnd || lastEnd.toISOString() > day.lastEnd) day.lastEnd = lastEnd.toISOString();
    // The day's rate: the one of its latest time.
    if (lastEnd.getTime() >= day.rateSetAt) {
      day.rateSetAt = lastEnd.getTime();
      day.rateCents = group.rate_cents > 0 ? group.rate_cents : null;
    }
  }
  const unproductiveOn = sumBy(unproductive, (u) => u.day, (u) => u.unproductiveMs);
  const daySummaries = [...days.values()].map(({ rateSetAt: _, ...day }) => ({ ...day, ...totals(day.trackedMs, day.idleMs, unproductiveOn.get(day.day) ?? 0) }));
  const trend = WEEKDAYS.map((weekday) => ({ weekday, trackedMs: 0, idleMs: 0, unproductiveMs: 0 }));
  for (const day of daySummaries) {
    const slot = trend[WEEKDAYS.indexOf(weekdayOf(day.day))];
    slot.trackedMs += day.trackedMs;
    slot.idleMs += day.idleMs;
    slot.unproductiveMs += unproductiveOn.get(day.day) ?? 0;
  }
  const sum = daySummaries.reduce(
    (all, d) => ({ tracked: all.tracked + d.trackedMs, idle: all.idle + d.idleMs, unproductive: all.unproductive + (unproductiveOn.get(d.day) ?? 0), cents: all.cents + d.earningsCents }),
    { tracked: 0, idle: 0, unproductive: 0, cents: 0 },
  );
  return {
    range,
    person: { ...person, timeZone: entries.at(-1)?.time_zone ?? company.timeZone },
    totals: { ...totals(sum.tracked, sum.idle, sum.unproductive), earningsCents: sum.cents },
    days: daySummaries,
    trend: trend.map(({ weekday, trackedMs, idleMs, unproductiveMs }) => ({ weekday, ...totals(trackedMs, idleMs, unproductiveMs) })),
    timeline: entries.map((e) => ({
      day: e.day,
      start: e.start_at.toISOString(),
      end: e.end_at.toISOString(),
      trackedMs: Math.round(e.seconds * 1000),
      projectName: e.project_name,
      taskName: e.task_name,
    })),
  };
}

/** One day of one person: their time-log entries and punches. */
export async function dayDetail(db: Kysely<Database>, companyId: string, userId: string, day: string): Promise<DayDetail> {
  const [entries, punches] = await Promise.all([
    db
      .selectFrom('timelog_entries')
      .select(['start_at', 'end_at', 'seconds', 'idle_minutes', 'project_name', 'task_id', 'task_name', 'time_zone', 'source', 'abandoned'])
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .orderBy('start_at')
      .execute(),
    db.selectFrom('punches').select(['at', 'state', 'time_zone']).where('company_id', '=', companyId).where('user_id', '=', userId).where('day', '=', day).orderBy('at').execute(),
  ]);
  return {
    day,
    entries: entries.map((e) => ({
      start: e.start_at.toISOString(),
      end: e.end_at.toISOString(),
      trackedMs: Math.round(e.seconds * 1000),
      idleMs: e.idle_minutes * 60_000,
      projectName: e.project_name,
      taskId: e.task_id,
      taskName: e.task_name,
      timeZone: e.time_zone,
      source: e.source as TimelogSource,
      abandoned: e.abandoned,
    })),
    punches: punches.map((p) => ({ at: p.at.toISOString(), state: p.state as 'punchin' | 'punchout', timeZone: p.time_zone })),
  };
}
