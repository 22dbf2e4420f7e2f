import type { ExpressionBuilder, Kysely } from 'kysely';
import { sumParts, type TimeParts, timeShares } from '../../domain/accounting/time.ts';
import { type DayRange, rangeDays, WEEKDAYS, weekdayOf } from '../../domain/dashboards/range.ts';
import { leftOutOfTeamViews } from '../../domain/dashboards/access.ts';
import type { DayDetail, DaySummary, IndividualDashboard, TeamDashboard } from '../../domain/dashboards/views.ts';
import type { TimelogSource } from '../../domain/time-tracking/events.ts';
import type { Database } from '../database.ts';
import { figuresBy, projectMinutes, rangeFigures, timelogPieces, totalOf, unitFigures } from '../timelog/queries.ts';
import { dayPunches } from '../time-tracking/queries.ts';
import { lockedPeriods, rangeStatusesOf } from '../timesheets/queries.ts';

const TOP_PROJECTS = 50;
const TOP_USERS = 4;

/** A company member who is in one of these teams. */
const inTeams = (eb: ExpressionBuilder<Database & { m: Database['company_members'] }, 'm'>, companyId: string, teams: readonly string[]) =>
  eb.exists(eb.selectFrom('team_members as tm').select('tm.user_id').whereRef('tm.user_id', '=', 'm.user_id').where('tm.company_id', '=', companyId).where('tm.team_id', 'in', teams));

/** A team view's teams (null: the whole company, for an Admin), and whether its viewer may see Admins. */
export interface TeamView {
  teams: readonly string[] | null;
  seesAdmins: boolean;
}

/**
 * The people a team view lists (the team dashboard's untracked people, the
 * performance and application dashboards' rows): the teams' people as
 * leftOutOfTeamViews says, or the whole company's.
 */
export function teamViewPeople(db: Kysely<Database>, companyId: string, { teams, seesAdmins }: TeamView) {
  if (teams?.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('company_members as m')
    .select(['m.user_id', 'm.name', 'm.access_level'])
    .where('m.company_id', '=', companyId)
    .where('m.deleted', '=', false)
    .where('m.access_level', 'not in', leftOutOfTeamViews(seesAdmins))
    .$if(teams !== null, (qb) => qb.where((eb) => inTeams(eb, companyId, teams!)))
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
 * everyone, else the people of their teams but Admins (leftOutOfTeamViews);
 * always themselves.
 */
export function seenOnDashboards(db: Kysely<Database>, companyId: string, viewer: DashboardViewer) {
  const { teams } = viewer;
  return db
    .selectFrom('company_members as m')
    .where('m.company_id', '=', companyId)
    .where('m.deleted', '=', false)
    .where((eb) => {
      const self = eb('m.user_id', '=', viewer.userId);
      if (teams === null) return eb.or([self, eb('m.access_level', 'not in', leftOutOfTeamViews(true))]);
      if (teams.length === 0) return self;
      return eb.or([self, eb.and([eb('m.access_level', 'not in', leftOutOfTeamViews(false)), inTeams(eb, companyId, teams)])]);
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
 * The team dashboard's data: sums of the time log's units (a person's day in
 * a team) in the range, so every figure adds up as each unit does and agrees
 * with every other page. `teams`: the teams whose time counts; null for the
 * whole company.
 */
export async function teamDashboard(
  db: Kysely<Database>,
  companyId: string,
  range: DayRange,
  scope: TeamView & { team: { teamId: string; name: string } | null; today: string },
): Promise<TeamDashboard> {
  const { teams } = scope;
  // `people`: those whose absence of time the dashboard lists.
  const [figures, people, projectRows] = await Promise.all([
    rangeFigures(db, companyId, range, { teams }),
    teamViewPeople(db, companyId, scope),
    projectMinutes(db, companyId, range, { teams }, TOP_PROJECTS),
  ]);
  const userIds = [...new Set([...people.map((p) => p.user_id), ...figures.byUser.keys()])];
  const [names, timesheets] = await Promise.all([namesOf(db, companyId, people, userIds), rangeStatusesOf(db, companyId, userIds, range, scope.today)]);
  const timesheet = (userId: string) => timesheets.get(userId) ?? null;
  const users = [...figures.byUser].map(([userId, own]) => ({ userId, name: names.get(userId) ?? 'Former member', ...timeOf(own), timesheet: timesheet(userId) }));
  const trend = WEEKDAYS.map((weekday) => ({ weekday, ...timeOf(sumParts([...figures.byDay].flatMap(([day, of]) => (weekdayOf(day) === weekday ? [of] : [])))) }));

  const projects = projectRows.length
    ? await db.selectFrom('projects').select(['project_id', 'name', 'prefix']).where('project_id', 'in', projectRows.map((r) => r.projectId)).execute()
    : [];
  const projectById = new Map(projects.map((p) => [p.project_id, p]));

  const withTime = users.filter((u) => u.trackedMinutes > 0);
  const tracked = new Set(withTime.map((u) => u.userId));
  const productiveShare = (u: TimeParts) => timeShares(u).productive;
  const top = <T>(list: T[], by: (item: T) => number) => [...list].sort((a, b) => by(b) - by(a)).slice(0, TOP_USERS);
  const totals = figures.total;
  return {
    range,
    team: scope.team,
    totals: { ...timeOf(totals), shares: timeShares(totals), usageSeen: totals.usageSeen },
    topProjects: projectRows.map((r) => ({
      projectId: r.projectId,
      prefix: projectById.get(r.projectId)?.prefix ?? '',
      projectName: projectById.get(r.projectId)?.name ?? r.projectName,
      trackedMinutes: r.trackedMinutes,
    })),
    untracked: people.filter((p) => !tracked.has(p.user_id)).map((p) => ({ userId: p.user_id, name: p.name, timesheet: timesheet(p.user_id) })),
    trend,
    topUsers: {
      mostProductive: top(withTime, productiveShare).map((u) => ({ ...u, percent: productiveShare(u) })),
      mostUnproductive: top(withTime, (u) => 100 - productiveShare(u)).map((u) => ({ ...u, percent: Math.round((100 - productiveShare(u)) * 10) / 10 })),
      mostHours: top(withTime, (u) => u.trackedMinutes),
      leastHours: top(withTime, (u) => -u.trackedMinutes),
      mostIdle: top(withTime, (u) => u.idleMinutes),
    },
  };
}

/** Just the time figures of a total. */
const timeOf = ({ trackedMinutes, idleMinutes, unproductiveMinutes, productiveMinutes }: TimeParts): TimeParts => ({ trackedMinutes, idleMinutes, unproductiveMinutes, productiveMinutes });

/** One person's dashboard: each day of the range with its earnings, the week's trend, and the time-log entries as work bars. */
export async function individualDashboard(
  db: Kysely<Database>,
  company: { companyId: string; timeZone: string; today: string },
  person: { userId: string; name: string },
  range: DayRange,
): Promise<IndividualDashboard> {
  const { companyId } = company;
  const [units, pieces, locked, timesheets] = await Promise.all([
    unitFigures(db, companyId, range, { teams: null, userIds: [person.userId] }),
    timelogPieces(db, companyId, person.userId, range).execute(),
    lockedPeriods(db, companyId, person.userId, range),
    rangeStatusesOf(db, companyId, [person.userId], range, company.today),
  ]);
  const byDay = figuresBy(units, (unit) => unit.day);
  const days: DaySummary[] = rangeDays(range).map((day) => {
    const of = byDay.get(day) ?? [];
    const total = totalOf(of);
    const latest = of.reduce<(typeof of)[number] | null>((last, unit) => (last && last.lastEnd >= unit.lastEnd ? last : unit), null);
    return {
      day,
      ...timeOf(total),
      manualMinutes: total.manualMinutes,
      rateCents: latest && latest.latestRateCents > 0 ? latest.latestRateCents : null,
      earningsCents: total.earningsCents,
      firstStart: of.length ? new Date(Math.min(...of.map((u) => u.firstStart.getTime()))).toISOString() : null,
      lastEnd: latest?.lastEnd.toISOString() ?? null,
      locked: locked.some((period) => period.start <= day && day <= period.end),
    };
  });
  const totals = totalOf(units);
  return {
    range,
    person: { ...person, timeZone: pieces.at(-1)?.time_zone ?? company.timeZone, timesheet: timesheets.get(person.userId) ?? null },
    totals: { ...timeOf(totals), shares: timeShares(totals), usageSeen: totals.usageSeen, manualMinutes: totals.manualMinutes, earningsCents: totals.earningsCents },
    days,
    trend: WEEKDAYS.map((weekday) => ({ weekday, ...timeOf(totalOf(units.filter((unit) => weekdayOf(unit.day) === weekday))) })),
    timeline: pieces.map((p) => ({
      day: p.day,
      start: p.start_at.toISOString(),
      end: p.end_at.toISOString(),
      trackedMinutes: p.tracked_minutes,
      projectName: p.project_name,
      taskName: p.task_name,
    })),
  };
}

/** One day of one person: the day as the dashboards show it, its time-log entries (which add up to it) and its punches. */
export async function dayDetail(db: Kysely<Database>, companyId: string, userId: string, day: string): Promise<DayDetail> {
  const range = { from: day, to: day };
  const [units, entries, punches] = await Promise.all([
    unitFigures(db, companyId, range, { teams: null, userIds: [userId] }),
    timelogPieces(db, companyId, userId, range).execute(),
    dayPunches(db, companyId, userId, day),
  ]);
  const totals = totalOf(units);
  return {
    day,
    totals: { ...timeOf(totals), manualMinutes: totals.manualMinutes, earningsCents: totals.earningsCents },
    entries: entries.map((e) => ({
      start: e.start_at.toISOString(),
      end: e.end_at.toISOString(),
      trackedMinutes: e.tracked_minutes,
      idleMinutes: e.idle_minutes,
      rateCents: e.rate_cents > 0 ? e.rate_cents : null,
      earningsCents: Number(e.earnings_cents),
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
