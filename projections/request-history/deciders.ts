import type { Kysely } from 'kysely';
import { DECIDING_ROLES } from '../../domain/shared/request-rights.ts';
import type { Database } from '../database.ts';

/** The teams whose Heads and Managers decide a request: a regularization's own team, or every team of a leave's requester. */
export type DecidingTeams = { teamId: string } | { teamsOf: string };

/**
 * Someone a request may be sent to (management §6), with their name: a live
 * member who is an Admin of the company, or a Head or Manager of one of the
 * deciding teams (a live team); undefined for anyone else.
 */
export async function requestDecider(db: Kysely<Database>, companyId: string, teams: DecidingTeams, userId: string) {
  return db
    .selectFrom('company_members as m')
    .select(['m.user_id as userId', 'm.name'])
    .where('m.company_id', '=', companyId)
    .where('m.user_id', '=', userId)
    .where('m.deleted', '=', false)
    .where((eb) =>
      eb.or([
        eb('m.is_admin', '=', true),
        eb.exists(
          eb
            .selectFrom('team_members as tm')
            .innerJoin('teams as t', 't.team_id', 'tm.team_id')
            .select('tm.user_id')
            .whereRef('tm.company_id', '=', 'm.company_id')
            .whereRef('tm.user_id', '=', 'm.user_id')
            .where('tm.role', 'in', DECIDING_ROLES)
            .where('t.deleted', '=', false)
            .where((team) =>
              'teamId' in teams
                ? team('tm.team_id', '=', teams.teamId)
                : team('tm.team_id', 'in', team.selectFrom('team_members as requester').select('requester.team_id').where('requester.user_id', '=', teams.teamsOf)),
            ),
        ),
      ]),
    )
    .executeTakeFirst();
}

/** Whom a member may send a request on a team: its live Admins, Heads and Managers, by name, the member left out. */
export async function teamDeciders(db: Kysely<Database>, companyId: string, teamId: string, memberId: string) {
  const rows = await db
    .selectFrom('team_members as tm')
    .innerJoin('company_members as m', (join) => join.onRef('m.company_id', '=', 'tm.company_id').onRef('m.user_id', '=', 'tm.user_id'))
    .select(['m.user_id', 'm.name', 'tm.role'])
    .where('tm.company_id', '=', companyId)
    .where('tm.team_id', '=', teamId)
    .where('tm.role', 'in', DECIDING_ROLES)
    .where('tm.user_id', '<>', memberId)
    .where('m.deleted', '=', false)
    .orderBy('m.name')
    .execute();
  return rows.map((row) => ({ userId: row.user_id, name: row.name, role: row.role as (typeof DECIDING_ROLES)[number] }));
}
