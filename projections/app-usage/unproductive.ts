import { type Kysely, sql } from 'kysely';
import { defaultKeys } from '../../domain/app-usage/categories.ts';
import type { AppCategory } from '../../domain/app-usage/events.ts';
import type { Database } from '../database.ts';

const PRODUCTIVE_KEYS = defaultKeys('productive');
const UNPRODUCTIVE_KEYS = defaultKeys('unproductive');

/**
 * The category of an `app_usage_days u` row's application as the company has
 * it now: the Admin's choice, else the default list's (defaultCategory's rule),
 * else neutral. Read at query time, so a change shows on every dashboard at
 * once; the one rule for both the applications listed and the unproductive time.
 */
export const categoryOf = (companyId: string) => sql<AppCategory>`coalesce(
  (SELECT c.category FROM app_categories c WHERE c.company_id = ${companyId} AND c.app_key = u.app_key),
  CASE WHEN u.app_key = ANY(${UNPRODUCTIVE_KEYS}::text[]) THEN 'unproductive' WHEN u.app_key = ANY(${PRODUCTIVE_KEYS}::text[]) THEN 'productive' ELSE 'neutral' END
)`;

export interface UnproductiveScope {
  /** The teams whose time counts; null for the whole company. */
  teams: readonly string[] | null;
  /** One person's time only. */
  userId?: string;
}

/** Time in unproductive applications, idle time not counted, per person and local day of the range (inclusive). */
export async function unproductiveDays(db: Kysely<Database>, companyId: string, range: { from: string; to: string }, { teams, userId }: UnproductiveScope) {
  if (teams?.length === 0) return [];
  const { rows } = await sql<{ user_id: string; day: string; unproductive: string }>`
    SELECT u.user_id, u.day, sum(u.active_ms)::bigint AS unproductive
    FROM app_usage_days u
    WHERE u.company_id = ${companyId} AND u.day BETWEEN ${range.from} AND ${range.to}
      ${teams ? sql`AND u.team_id = ANY(${teams}::uuid[])` : sql``}
      ${userId ? sql`AND u.user_id = ${userId}` : sql``}
      AND ${categoryOf(companyId)} = 'unproductive'
    GROUP BY u.user_id, u.day`.execute(db);
  return rows.map((row) => ({ userId: row.user_id, day: row.day, unproductiveMs: Number(row.unproductive) }));
}

/**
 * Each person's time in unproductive applications over the range (local
 * days, inclusive), idle time not counted: what productive time loses.
 * `teams`: the teams whose time counts; null for the whole company.
 */
export async function unproductiveMsByPerson(
  db: Kysely<Database>,
  companyId: string,
  range: { from: string; to: string },
  teams: readonly string[] | null,
): Promise<Map<string, number>> {
  const byPerson = new Map<string, number>();
  for (const row of await unproductiveDays(db, companyId, range, { teams })) byPerson.set(row.userId, (byPerson.get(row.userId) ?? 0) + row.unproductiveMs);
  return byPerson;
}

