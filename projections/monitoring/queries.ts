import { type Kysely, sql } from 'kysely';
import { NO_TIME, type TimeParts, timeShares } from '../../domain/accounting/time.ts';
import type { WorkRules } from '../../domain/attendance/day-status.ts';
import { seesAdmins } from '../../domain/dashboards/access.ts';
import type { DayRange } from '../../domain/dashboards/range.ts';
import { type Actor, isAllowed } from '../../domain/members/authorization.ts';
import type { Role } from '../../domain/members/roles.ts';
import { namesOf, teamViewPeople } from '../dashboards/queries.ts';
import type { Database } from '../database.ts';
import { rangeStatusesOf } from '../timesheets/queries.ts';
import { rangeFigures } from '../timelog/queries.ts';
import { utilizationPercent, workingDaysSoFar } from './utilization.ts';
import type { PerformanceDashboard } from './views.ts';

/**
 * The performance dashboard: each person's time as the time log's units sum
 * it (tracked, idle, unproductive and productive minutes, as every page shows
 * them), and utilization against the company's daily threshold. `teams`: the teams whose
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
  const [figures, listed] = await Promise.all([rangeFigures(db, companyId, range, { teams }), teamViewPeople(db, companyId, { teams, seesAdmins: seesAdmins(scope.viewer) })]);
  const { byUser } = figures;
  const userIds = [...new Set([...listed.map((p) => p.user_id), ...byUser.keys()])];
  const [names, desktop, teamIds, timesheets] = await Promise.all([
    namesOf(db, companyId, listed, userIds),
    desktopSeen(db, companyId, range, userIds),
    teamsOf(db, companyId, listed.map((p) => p.user_id)),
    rangeStatusesOf(db, companyId, userIds, range, company.today),
  ]);
  const roles = new Map(listed.map((p) => [p.user_id, p.access_level as Role]));

  const workingDays = workingDaysSoFar(range, company.today, rules);
  const dailyThresholdMinutes = Math.round(rules.dailyThresholdMs / 60_000);
  const shown = (time: TimeParts, people: number) => ({
    trackedMinutes: time.trackedMinutes,
    idleMinutes: time.idleMinutes,
    unproductiveMinutes: time.unproductiveMinutes,
    productiveMinutes: time.productiveMinutes,
    utilizationPercent: utilizationPercent(time.trackedMinutes, { workingDays, dailyThresholdMinutes, people }),
  });
  const mayRequestMonitoring = (userId: string) => {
    const role = roles.get(userId);
    return role !== undefined && isAllowed(scope.viewer, 'RequestMonitoring', { companyId, member: { userId, role, teamIds: teamIds.get(userId) ?? [] } });
  };

  const people = userIds
    .map((userId) => ({
      userId,
      name: names.get(userId) ?? 'Former member',
      ...shown(byUser.get(userId) ?? NO_TIME, 1),
      desktopSeen: desktop.has(userId),
      mayRequestMonitoring: mayRequestMonitoring(userId),
      timesheet: timesheets.get(userId) ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    range,
    team: scope.team,
    dailyThresholdMinutes,
    workingDays,
    totals: { ...shown(figures.total, people.length), shares: timeShares(figures.total) },
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
