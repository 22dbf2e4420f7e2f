import { type RawBuilder, sql } from 'kysely';
import type { Actor } from '../../domain/members/authorization.ts';
import { readScope, unseenLevels } from '../../domain/members/read-rights.ts';

/**
 * Who sees a request (issue 16 'Audit'; the read-rights table's `requests`
 * row): its requester, the person it was sent to, every Admin of the company,
 * and the Heads and Managers of the teams the requester belongs to. A
 * condition on the columns that hold the requester and the assignee, for
 * every list and lookup of requests; the
 * company is the query's own condition. Admins are listed in every team, but
 * their requests are not their teams' managers' business (as on the
 * dashboards), unless sent to them.
 */
export function requestVisibleTo(actor: Actor, requester: string, assignee: string): RawBuilder<boolean> {
  const scope = readScope(actor.role, 'requests');
  if (scope === 'company') return sql<boolean>`true`;
  const theirs = sql<boolean>`(${sql.ref(requester)} = ${actor.userId} OR ${sql.ref(assignee)} = ${actor.userId})`;
  const teams = scope === 'own-teams' ? [...actor.managedTeams] : [];
  if (teams.length === 0) return theirs;
  return sql<boolean>`(${theirs} OR ${sql.ref(requester)} IN (
    SELECT tm.user_id FROM team_members tm
    WHERE tm.company_id = ${actor.companyId} AND tm.team_id IN (${sql.join(teams)}) AND tm.role NOT IN (${sql.join(unseenLevels(false))})
  ))`;
}
