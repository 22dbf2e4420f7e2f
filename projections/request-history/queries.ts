import { type Kysely, sql } from 'kysely';
import type { Actor } from '../../domain/members/authorization.ts';
import type { Database, RequestChange } from '../database.ts';
import type { RequestKind } from '../../domain/shared/request-schema.ts';
import type { RequestAction } from './request-history.ts';
import { requestVisibleTo } from './visibility.ts';

export interface RequestHistoryEntry {
  id: string;
  action: RequestAction;
  actor: { userId: string; name: string };
  at: string;
  comment: string | null;
  changes: RequestChange[];
}

/**
 * A request's history in the order it happened, if the viewer may see the
 * request (requestVisibleTo: its requester, the person it was last sent to,
 * Admins, the requester's managers); null otherwise, as for a request that
 * does not exist. A deleted request keeps its history.
 */
export async function requestHistory(db: Kysely<Database>, actor: Actor, requestId: string): Promise<{ kind: RequestKind; history: RequestHistoryEntry[] } | null> {
  const ofRequest = db.selectFrom('request_history').where('company_id', '=', actor.companyId).where('request_id', '=', requestId);
  const request = await db
    .with('request', () =>
      ofRequest
        .select([
          'kind',
          'requester_user_id as requester',
          sql<string | null>`(array_agg(assignee_user_id ORDER BY version DESC) FILTER (WHERE assignee_user_id IS NOT NULL))[1]`.as('assignee'),
        ])
        .groupBy(['kind', 'requester_user_id']),
    )
    .selectFrom('request')
    .select('kind')
    .where(requestVisibleTo(actor, 'requester', 'assignee'))
    .executeTakeFirst();
  if (!request) return null;
  const rows = await ofRequest.selectAll().orderBy('version').execute();
  return {
    kind: request.kind as RequestKind,
    history: rows.map((row) => ({
      id: row.event_id,
      action: row.action as RequestAction,
      actor: { userId: row.actor_user_id, name: row.actor_name },
      at: row.at.toISOString(),
      comment: row.comment,
      changes: row.changes,
    })),
  };
}
