import { type Kysely, sql } from 'kysely';
import { formatPosition, type LogPosition } from '../../eventstore/types.ts';
import type { Database } from '../database.ts';
import type { ActivityKind, Person } from './activity.ts';

/** How many activities a page of the log holds. */
export const ACTIVITY_PAGE_SIZE = 50;

export interface ActivityEntry {
  id: string;
  at: string;
  kind: ActivityKind;
  actor: Person;
  subjectUserId: string | null;
  sentence: string;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  /** Where the next page starts (its `before`), or null on the last page. */
  next: string | null;
}

export interface ActivityFilter {
  /** Activities this person did or that concern them. */
  userId?: string;
  kind?: ActivityKind;
  /** Only activities before this place in the log. */
  before?: LogPosition;
}

/**
 * A page of a company's activity, newest first. `viewer.people`: null for
 * one who sees all of it; else they see what they did and what concerns
 * these people (themselves among them).
 */
export async function activityLog(
  db: Kysely<Database>,
  companyId: string,
  viewer: { userId: string; people: readonly string[] | null },
  filter: ActivityFilter,
  pageSize = ACTIVITY_PAGE_SIZE,
): Promise<ActivityPage> {
  const { people } = viewer;
  const { userId, kind, before } = filter;
  const rows = await db
    .selectFrom('activity_log')
    .selectAll()
    .where('company_id', '=', companyId)
    .$if(people !== null, (qb) => qb.where(sql<boolean>`(actor_user_id = ${viewer.userId} OR subject_user_id = ANY(${people}::uuid[]))`))
    .$if(userId !== undefined, (qb) => qb.where(sql<boolean>`(actor_user_id = ${userId} OR subject_user_id = ${userId})`))
    .$if(kind !== undefined, (qb) => qb.where('kind', '=', kind!))
    .$if(before !== undefined, (qb) => qb.where(sql<boolean>`(commit_position, prepare_position) < (${String(before!.commit)}::bigint, ${String(before!.prepare)}::bigint)`))
    .orderBy('commit_position', 'desc')
    .orderBy('prepare_position', 'desc')
    .limit(pageSize + 1)
    .execute();
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      id: row.event_id,
      at: row.at.toISOString(),
      kind: row.kind as ActivityKind,
      actor: { userId: row.actor_user_id, name: row.actor_name },
      subjectUserId: row.subject_user_id,
      sentence: row.sentence,
    })),
    next: rows.length > pageSize && last ? formatPosition({ commit: BigInt(last.commit_position), prepare: BigInt(last.prepare_position) }) : null,
  };
}
