import { type Kysely, sql } from 'kysely';
import { dayParts, NO_TIME, sumParts, type TimeParts } from '../../domain/accounting/time.ts';
import { unproductiveByUnit } from '../app-usage/index.ts';
import type { Database } from '../database.ts';

/** Local days, both included. */
interface DayRange {
  from: string;
  to: string;
}

/** Whose time: the teams' (null: any team) and, when given, only these people's. */
export interface TimeScope {
  teams: readonly string[] | null;
  userIds?: readonly string[];
}

/**
 * One person's local day in one team: the unit every figure of time is a sum
 * of (domain/accounting/time.ts dayParts), with its earnings (the shares of
 * its rows; a day's earnings are rounded per rate over all its teams).
 */
export interface UnitFigures extends TimeParts {
  userId: string;
  day: string;
  teamId: string;
  earningsCents: number;
  manualMinutes: number;
  firstStart: Date;
  lastEnd: Date;
  /** The rate of its latest time, cents per hour (0: none). */
  latestRateCents: number;
  /** Whether the desktop agent saw application usage in it. */
  usageSeen: boolean;
}

/**
 * The units of a range: the time log's pieces summed per person, day and
 * team, with the time the desktop agent saw in unproductive applications
 * there (by the categories as the company has them now), as the accounting
 * rule shows them. Every page's figures of time and money are sums of these.
 */
export async function unitFigures(db: Kysely<Database>, companyId: string, range: DayRange, scope: TimeScope): Promise<UnitFigures[]> {
  const { teams, userIds } = scope;
  if (teams?.length === 0 || userIds?.length === 0) return [];
  const { rows } = await sql<{
    user_id: string;
    day: string;
    team_id: string;
    tracked: string;
    idle: string;
    earnings: string;
    manual: number | null;
    first_start: Date;
    last_end: Date;
    latest_rate: number;
    unproductive: string | null;
  }>`
    WITH units AS (
      SELECT user_id, day, team_id, sum(tracked_ms) AS tracked, sum(idle_ms) AS idle, sum(earnings_cents) AS earnings,
        (sum(tracked_minutes) FILTER (WHERE source = 'manual'))::int AS manual, min(start_at) AS first_start, max(end_at) AS last_end,
        (array_agg(rate_cents ORDER BY end_at DESC))[1] AS latest_rate
      FROM timelog_entries
      WHERE company_id = ${companyId} AND day BETWEEN ${range.from} AND ${range.to}
        ${teams ? sql`AND team_id = ANY(${teams}::uuid[])` : sql``}
        ${userIds ? sql`AND user_id = ANY(${userIds}::uuid[])` : sql``}
      GROUP BY user_id, day, team_id
    )
    SELECT units.*, usage.unproductive
    FROM units LEFT JOIN (${unproductiveByUnit(companyId, range, scope)}) usage USING (user_id, day, team_id)`.execute(db);
  return rows.map((row) => ({
    userId: row.user_id,
    day: row.day,
    teamId: row.team_id,
    ...dayParts({ trackedMs: Number(row.tracked), idleMs: Number(row.idle), unproductiveMs: Number(row.unproductive ?? 0) }),
    earningsCents: Number(row.earnings),
    manualMinutes: row.manual ?? 0,
    firstStart: row.first_start,
    lastEnd: row.last_end,
    latestRateCents: row.latest_rate,
    usageSeen: row.unproductive !== null,
  }));
}

/** The units summed per key (a person, a day): parts that add up, earnings, and whether usage was seen. */
export function figuresBy(units: readonly UnitFigures[], key: (unit: UnitFigures) => string): Map<string, UnitFigures[]> {
  const groups = new Map<string, UnitFigures[]>();
  for (const unit of units) {
    const group = groups.get(key(unit));
    if (group) group.push(unit);
    else groups.set(key(unit), [unit]);
  }
  return groups;
}

/** The figures of several units together. */
export function totalOf(units: readonly UnitFigures[]): TimeParts & { earningsCents: number; manualMinutes: number; usageSeen: boolean } {
  return {
    ...(units.length ? sumParts(units) : NO_TIME),
    earningsCents: units.reduce((sum, unit) => sum + unit.earningsCents, 0),
    manualMinutes: units.reduce((sum, unit) => sum + unit.manualMinutes, 0),
    usageSeen: units.some((unit) => unit.usageSeen),
  };
}

/** Figures of several units together: parts that add up, earnings, manual minutes, and whether usage was seen. */
export type TotalFigures = ReturnType<typeof totalOf>;

/** Whose units to sum a range's figures by, besides the whole. */
interface RangeFigures {
  total: TotalFigures;
  byUser: Map<string, TotalFigures>;
  byDay: Map<string, TotalFigures>;
}

/**
 * A range's figures over many people (a team view), summed in the database:
 * the rows' stored minutes and cents add up per person, per day and in all
 * as they do per unit. Only the units where the desktop agent saw usage come
 * back one by one, for the accounting rule to take their unproductive
 * minutes off productive time (dayParts), so the rule stays in one place.
 */
export async function rangeFigures(db: Kysely<Database>, companyId: string, range: DayRange, scope: TimeScope): Promise<RangeFigures> {
  const empty = { total: totalOf([]), byUser: new Map(), byDay: new Map() };
  const { teams, userIds } = scope;
  if (teams?.length === 0 || userIds?.length === 0) return empty;
  const within = sql`company_id = ${companyId} AND day BETWEEN ${range.from} AND ${range.to}
    ${teams ? sql`AND team_id = ANY(${teams}::uuid[])` : sql``}
    ${userIds ? sql`AND user_id = ANY(${userIds}::uuid[])` : sql``}`;
  const [sums, withUsage] = await Promise.all([
    sql<{ user_id: string | null; day: string | null; tracked: number; idle: number; earnings: string; manual: number }>`
      SELECT user_id, day, coalesce(sum(tracked_minutes), 0)::int AS tracked, coalesce(sum(idle_minutes), 0)::int AS idle,
        coalesce(sum(earnings_cents), 0)::bigint AS earnings, coalesce(sum(tracked_minutes) FILTER (WHERE source = 'manual'), 0)::int AS manual
      FROM timelog_entries WHERE ${within}
      GROUP BY GROUPING SETS ((user_id), (day), ())`.execute(db),
    sql<{ user_id: string; day: string; tracked: string; idle: string; unproductive: string }>`
      SELECT units.user_id, units.day, units.tracked, units.idle, usage.unproductive
      FROM (SELECT user_id, day, team_id, sum(tracked_ms) AS tracked, sum(idle_ms) AS idle FROM timelog_entries WHERE ${within} GROUP BY user_id, day, team_id) units
      JOIN (${unproductiveByUnit(companyId, range, scope)}) usage USING (user_id, day, team_id)`.execute(db),
  ]);
  const figures = (row: (typeof sums.rows)[number]): TotalFigures => ({
    trackedMinutes: row.tracked,
    idleMinutes: row.idle,
    unproductiveMinutes: 0,
    productiveMinutes: row.tracked - row.idle,
    earningsCents: Number(row.earnings),
    manualMinutes: row.manual ?? 0,
    usageSeen: false,
  });
  const result: RangeFigures = empty;
  for (const row of sums.rows) {
    if (row.user_id !== null) result.byUser.set(row.user_id, figures(row));
    else if (row.day !== null) result.byDay.set(row.day, figures(row));
    else result.total = figures(row);
  }
  for (const unit of withUsage.rows) {
    const { unproductiveMinutes } = dayParts({ trackedMs: Number(unit.tracked), idleMs: Number(unit.idle), unproductiveMs: Number(unit.unproductive) });
    for (const sum of [result.total, result.byUser.get(unit.user_id), result.byDay.get(unit.day)]) {
      if (!sum) continue;
      sum.unproductiveMinutes += unproductiveMinutes;
      sum.productiveMinutes -= unproductiveMinutes;
      sum.usageSeen = true;
    }
  }
  return result;
}

/**
 * Each person's tracked and idle minutes per day over a range, by the
 * accounting rule: the sums of the rows' shown minutes, which add up to their
 * units' (what unitFigures answers, summed over a day's teams), without
 * reading app usage, earnings or rates.
 */
export async function dayMinutes(db: Kysely<Database>, companyId: string, userIds: readonly string[], range: DayRange): Promise<{ userId: string; day: string; trackedMinutes: number; idleMinutes: number }[]> {
  if (userIds.length === 0) return [];
  const { rows } = await sql<{ user_id: string; day: string; tracked: number; idle: number }>`
    SELECT user_id, day, sum(tracked_minutes)::int AS tracked, sum(idle_minutes)::int AS idle
    FROM timelog_entries
    WHERE company_id = ${companyId} AND user_id = ANY(${userIds}::uuid[]) AND day BETWEEN ${range.from} AND ${range.to}
    GROUP BY user_id, day`.execute(db);
  return rows.map((row) => ({ userId: row.user_id, day: row.day, trackedMinutes: row.tracked, idleMinutes: row.idle }));
}

/** Minutes per project over a range: the sums of the rows' shown minutes, most first. */
export async function projectMinutes(db: Kysely<Database>, companyId: string, range: DayRange, scope: TimeScope, limit: number) {
  const { teams } = scope;
  if (teams?.length === 0) return [];
  const rows = await db
    .selectFrom('timelog_entries')
    .select((eb) => ['project_id', eb.fn.max('project_name').as('project_name'), eb.fn.sum<string>('tracked_minutes').as('minutes')])
    .where('company_id', '=', companyId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .$if(teams !== null, (qb) => qb.where('team_id', 'in', teams!))
    .groupBy('project_id')
    .orderBy(sql`sum(tracked_minutes)`, 'desc')
    .orderBy('project_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ projectId: row.project_id, projectName: row.project_name, trackedMinutes: Number(row.minutes) }));
}

/** The time log's pieces of a person over days, in the time log's order, with their shown figures. */
export function timelogPieces(db: Kysely<Database>, companyId: string, userId: string, range: DayRange) {
  return db
    .selectFrom('timelog_entries')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .orderBy('day')
    .orderBy('start_at')
    .orderBy('session_id')
    .orderBy('split_index')
    .orderBy('rate_part');
}
