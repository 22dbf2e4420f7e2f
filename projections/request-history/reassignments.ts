import { type Kysely, sql } from 'kysely';
import { joinsTeams, lowestFirst } from '../../domain/members/roles.ts';
import { DECIDING_ROLES } from '../../domain/shared/request-rights.ts';
import type { Database } from '../database.ts';
import type { RequestKind } from '../../domain/shared/request-schema.ts';

export interface RequestToReassign {
  /** A timesheet waiting for approval moves on as a request does; its id is its period's first day. */
  kind: RequestKind | 'timesheet';
  company_id: string;
  user_id: string;
  request_id: string;
  assignee_id: string;
  to_id: string;
  to_name: string;
}

/** Whom a request moves to first: the team roles that decide, nearest the request's people first (a Manager, then a Head); then an Admin. */
const NEAREST_DECIDERS = lowestFirst(DECIDING_ROLES.filter(joinsTeams));

/**
 * Pending requests and submitted timesheets whose assignee can no longer
 * decide them (removed from the company, or no longer an Admin, or a Head or
 * Manager of the request's teams: a regularization's own team, any team of a
 * leave's requester or a timesheet's person), each
 * with whom it moves to: a Manager of those teams, else a Head, else an
 * Admin, by name; never the requester. A request nobody else can decide
 * stays where it is (an Admin can still process it).
 */
export async function requestsToReassign(db: Kysely<Database>): Promise<RequestToReassign[]> {
  const deciding = sql.join([...DECIDING_ROLES]);
  const nearest = sql.join(NEAREST_DECIDERS.map((role, index) => sql`WHEN ${role} THEN ${sql.lit(index)}`), sql` `);
  const { rows } = await sql<RequestToReassign>`
    WITH pending AS (
      SELECT 'regularization' AS kind, company_id, user_id, request_id::text, assignee_id, requested_at, ARRAY[team_id] AS team_ids
      FROM regularization_requests
      WHERE status = 'Pending'
      UNION ALL
      SELECT 'leave', l.company_id, l.user_id, l.request_id::text, l.assignee_id, l.requested_at,
        ARRAY(SELECT tm.team_id FROM team_members tm WHERE tm.company_id = l.company_id AND tm.user_id = l.user_id)
      FROM leave_requests l
      WHERE l.status = 'Pending'
      UNION ALL
      SELECT 'timesheet', s.company_id, s.user_id, s.period_start::text, s.approver_id, s.updated_at,
        ARRAY(SELECT tm.team_id FROM team_members tm WHERE tm.company_id = s.company_id AND tm.user_id = s.user_id)
      FROM timesheets s
      WHERE s.status = 'Submitted' AND s.approver_id IS NOT NULL
    )
    SELECT r.kind, r.company_id, r.user_id, r.request_id, r.assignee_id, next.user_id AS to_id, next.name AS to_name
    FROM pending r
    CROSS JOIN LATERAL (
      SELECT m.user_id, m.name
      FROM company_members m
      LEFT JOIN (team_members tm JOIN teams t ON t.team_id = tm.team_id AND t.deleted = false)
        ON tm.company_id = m.company_id AND tm.user_id = m.user_id AND tm.team_id = ANY(r.team_ids) AND tm.role IN (${deciding})
      WHERE m.company_id = r.company_id AND m.deleted = false AND m.user_id NOT IN (r.user_id, r.assignee_id)
        AND (m.is_admin OR tm.team_id IS NOT NULL)
      ORDER BY CASE tm.role ${nearest} ELSE ${sql.lit(NEAREST_DECIDERS.length)} END, m.name, m.user_id
      LIMIT 1
    ) next
    WHERE NOT EXISTS (
      SELECT 1 FROM company_members m
      WHERE m.company_id = r.company_id AND m.user_id = r.assignee_id AND m.deleted = false
        AND (m.is_admin OR EXISTS (
          SELECT 1 FROM team_members tm JOIN teams t ON t.team_id = tm.team_id AND t.deleted = false
          WHERE tm.company_id = r.company_id AND tm.user_id = r.assignee_id AND tm.team_id = ANY(r.team_ids) AND tm.role IN (${deciding})
        ))
    )
    ORDER BY r.company_id, r.requested_at, r.request_id`.execute(db);
  return rows;
}
