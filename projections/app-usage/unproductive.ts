import { sql } from 'kysely';
import { defaultKeys } from '../../domain/app-usage/categories.ts';
import type { AppCategory } from '../../domain/app-usage/events.ts';

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

/**
 * Per person, local day and team of a range (inclusive): the time the desktop
 * agent saw in unproductive applications, idle time not counted (0 where it
 * saw only other applications). A query to join on (user_id, day, team_id).
 */
export function unproductiveByUnit(companyId: string, range: { from: string; to: string }, scope: { teams: readonly string[] | null; userIds?: readonly string[] }) {
  const { teams, userIds } = scope;
  return sql<{ user_id: string; day: string; team_id: string; unproductive: string }>`
    SELECT u.user_id, u.day, u.team_id, coalesce(sum(u.active_ms) FILTER (WHERE ${categoryOf(companyId)} = 'unproductive'), 0)::bigint AS unproductive
    FROM app_usage_days u
    WHERE u.company_id = ${companyId} AND u.day BETWEEN ${range.from} AND ${range.to}
      ${teams ? sql`AND u.team_id = ANY(${teams}::uuid[])` : sql``}
      ${userIds ? sql`AND u.user_id = ANY(${userIds}::uuid[])` : sql``}
    GROUP BY u.user_id, u.day, u.team_id`;
}
