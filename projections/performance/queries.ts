import { type Kysely, sql } from 'kysely';
import type { WorkRules } from '../../domain/attendance/day-status.ts';
import type { DayRange } from '../../domain/dashboards/range.ts';
import { productiveMs } from '../../domain/dashboards/time-summary.ts';
import { type Actor, isAllowed } from '../../domain/members/authorization.ts';
import type { Role } from '../../domain/members/roles.ts';
import { unproductiveMsByPerson } from '../app-usage/queries.ts';
import { namesOf, teamViewPeople } from '../dashboards/queries.ts';
import type { Database } from '../database.ts';
import { utilizationPercent, workingDaysSoFar } from './utilization.ts';
import type { PerformanceDashboard } from './views.ts';

/**
 * The performance dashboard, from the rollups: each person's tracked and idle
 * time (daily_rollups), time in unproductive applications (app usage), and
 * utilization against the company's daily threshold. `teams`: the teams whose
 * time counts; null for the whole company. `today`: the company's, so the
 * days still to come expect no work.
 */
export async function performanceDashboard(
  db: Kysely<Database>,
  company: { companyId: string; today: string; rules: WorkRules },
  range: DayRange,
  scope: { teams: readonly string[] | null; team: { teamId: string; name: string } | null; viewer: Actor },
): Promise<PerformanceDashboard> {
  const { companyId, rules } = company;
  const { teams } = scope;
  const sums = sql<{ user_id: string; tracked: string; idle: string }>`
    SELECT user_id, sum(tracked_ms)::bigint AS tracked, sum(idle_ms)::bigint AS idle
    FROM daily_rollups
    WHERE company_id = ${companyId} AND day BETWEEN ${range.from} AND ${range.to}
      ${teams ? sql`AND team_id = ANY(${teams}::uuid[])` : sql``}
    GROUP BY user_id`.execute(db);
  const [{ rows }, listed, unproductive] = await Promise.all([sums, teamViewPeople(db, companyId, teams), unproductiveMsByPerson(db, companyId, range, teams)]);

  const userIds = [...new Set([...listed.map((p) => p.user_id), ...rows.map((r) => r.user_id), ...unproductive.keys()])];
  const [names, desktop, teamIds] = await Promise.all([namesOf(db, companyId, listed, userIds), desktopSeen(db, companyId, range, userIds), teamsOf(db, companyId, listed.map((p) => p.user_id))]);
  const roles = new Map(listed.map((p) => [p.user_id, p.access_level as Role]));
  const time = new Map(rows.map((r) => [r.user_id, { trackedMs: Number(r.tracked), idleMs: Number(r.idle) }]));

  const workingDays = workingDaysSoFar(range, company.today, rules);
  const expected = { workingDays, dailyThresholdMs: rules.dailyThresholdMs };
  const figures = (trackedMs: number, idleMs: number, unproductiveMs: number, people: number) => ({
    trackedMs,
    productiveMs: productiveMs(trackedMs, idleMs, unproductiveMs),
    idleMs,
    unproductiveMs,
    utilizationPercent: utilizationPercent(trackedMs, { ...expected, people }),
  });
  const mayRequestMonitoring = (userId: string) => {
    const role = roles.get(userId);
    return role !== undefined && isAllowed(scope.viewer, 'RequestMonitoring', { companyId, member: { userId, role, teamIds: teamIds.get(userId) ?? [] } });
  };

  const people = userIds
    .map((userId) => {
      const { trackedMs, idleMs } = time.get(userId) ?? { trackedMs: 0, idleMs: 0 };
      return {
        userId,
        name: names.get(userId) ?? 'Former member',
        ...figures(trackedMs, idleMs, unproductive.get(userId) ?? 0, 1),
        desktopSeen: desktop.has(userId),
        mayRequestMonitoring: mayRequestMonitoring(userId),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const sum = (pick: (person: (typeof people)[number]) => number) => people.reduce((total, person) => total + pick(person), 0);
  return {
    range,
    team: scope.team,
    dailyThresholdMs: rules.dailyThresholdMs,
    workingDays,
    totals: figures(sum((p) => p.trackedMs), sum((p) => p.idleMs), sum((p) => p.unproductiveMs), people.length),
    people,
  };
}

/** The people the desktop agent reported anything of in the range: application usage, or a session it started. */
async function desktopSeen(db: Kysely<Database>, companyId: string, range: DayRange, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const { rows } = await sql<{ user_id: string }>`
    SELECT DISTINCT user_id FROM app_usage_days
    WHERE company_id = ${companyId} AND day BETWEEN ${range.from} AND ${range.to} AND user_id = ANY(${userIds}::uuid[])
    UNION
    SELECT DISTINCT user_id FROM timelog_entries
    WHERE company_id = ${companyId} AND day BETWEEN ${range.from} AND ${range.to} AND user_id = ANY(${userIds}::uuid[]) AND source = 'desktop'`.execute(db);
  return new Set(rows.map((row) => row.user_id));
}

/** Each person's teams: whom the viewer manages. */
async function teamsOf(db: Kysely<Database>, companyId: string, userIds: readonly string[]): Promise<Map<string, string[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('team_members').select(['user_id', 'team_id']).where('company_id', '=', companyId).where('user_id', 'in', userIds).execute();
  const teams = new Map<string, string[]>();
  for (const row of rows) teams.set(row.user_id, [...(teams.get(row.user_id) ?? []), row.team_id]);
  return teams;
}
