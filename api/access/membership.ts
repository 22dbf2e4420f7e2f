import { type Kysely, sql } from 'kysely';
import { dashboardMessages, visibleTeams } from '../../domain/dashboards/access.ts';
import type { Actor } from '../../domain/members/authorization.ts';
import { teamsManagedBy } from '../../domain/members/read-rights.ts';
import type { Role } from '../../domain/members/roles.ts';
import { notFound } from '../../domain/shared/errors.ts';
import { localDay } from '../../domain/time-tracking/local-days.ts';
import { dashboardPeople } from '../../projections/dashboards/queries.ts';
import type { CompaniesTable, Database } from '../../projections/database.ts';

// A caller's access to a company, and what follows from it, for the services
// and the routes alike. The HTTP side (who the request is) is api/http/access.ts.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export interface CompanyAccess {
  company: CompaniesTable;
  userId: string;
  name: string;
  email: string;
  role: Role;
  /** Team id → the caller's role there ('Admin' in every team for admins). */
  teamRoles: Map<string, string>;
  actor: Actor;
}

/** The company's local day at `now`: today as its pages and figures count it. */
export const companyToday = (access: CompanyAccess, now: Date) => localDay(now.toISOString(), access.company.time_zone);

/** The tables a membership is read from: a change to any of them clears the cached memberships. */
export const MEMBERSHIP_TABLES = ['companies', 'company_members', 'team_members', 'teams'] as const;

export type Membership = NonNullable<Awaited<ReturnType<typeof loadMembership>>>;

/** One round trip: membership, company and the caller's team roles. */
export function loadMembership(db: Kysely<Database>, companyId: string, userId: string) {
  return db
    .selectFrom('company_members as m')
    .innerJoin('companies as c', 'c.company_id', 'm.company_id')
    .selectAll('c')
    .select(['m.access_level', 'm.name as member_name', 'm.email'])
    .select((eb) =>
      eb
        .selectFrom('team_members as tm')
        .innerJoin('teams as t', 't.team_id', 'tm.team_id')
        .select(sql<{ team_id: string; role: string }[]>`coalesce(json_agg(json_build_object('team_id', tm.team_id, 'role', tm.role)), '[]')`.as('roles'))
        .whereRef('tm.company_id', '=', 'm.company_id')
        .whereRef('tm.user_id', '=', 'm.user_id')
        .where('t.deleted', '=', false)
        .as('team_roles'),
    )
    .where('m.company_id', '=', companyId)
    .where('m.user_id', '=', userId)
    .where('m.deleted', '=', false)
    .executeTakeFirst();
}

/** A member's access without a request (operator commands, the demo); null for someone who is not a member. */
export async function memberAccess(db: Kysely<Database>, companyId: string, userId: string): Promise<CompanyAccess | null> {
  const row = await loadMembership(db, companyId, userId);
  return row ? toAccess(row, companyId, userId) : null;
}

export function toAccess(row: Membership, companyId: string, userId: string): CompanyAccess {
  const { access_level, member_name, email, team_roles, ...company } = row;
  const role = access_level as Role;
  const teamRoles = new Map((team_roles ?? []).map((t) => [t.team_id, t.role]));
  const managedTeams = teamsManagedBy(teamRoles);
  return {
    company,
    userId,
    name: member_name,
    email,
    role,
    teamRoles,
    actor: { kind: 'member', userId, companyId, role, managedTeams },
  };
}

/**
 * A team of the caller's company that they may look at: any for an Admin,
 * else one they manage (domain/dashboards/access.ts). Any other answers like
 * a team that does not exist.
 */
export async function visibleTeam(db: Kysely<Database>, access: CompanyAccess, teamId: string): Promise<{ teamId: string; name: string }> {
  const team = await db
    .selectFrom('teams')
    .select(['team_id', 'name'])
    .where('company_id', '=', access.company.company_id)
    .where('team_id', '=', teamId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  const visible = visibleTeams(access.actor);
  if (!team || (visible !== null && !visible.includes(team.team_id))) throw notFound(dashboardMessages.teamNotFound);
  return { teamId: team.team_id, name: team.name };
}

/** A person of the caller's company that they may look at (the dashboards' rule; themselves by default). Anyone else answers like someone who does not exist. */
export async function visiblePerson(db: Kysely<Database>, access: CompanyAccess, userId = access.userId): Promise<{ userId: string; name: string; email: string }> {
  const [person] = await dashboardPeople(db, access.company.company_id, { userId: access.userId, teams: visibleTeams(access.actor) }, userId);
  if (!person) throw notFound(dashboardMessages.personNotFound);
  return person;
}
