import { mayRun } from './authorization.ts';
import { ROLES, type Role } from './roles.ts';

/**
 * Who may see whom: the read side of the authorization table, written once
 * here and used by every query, route and the web app.
 *
 * - 'company': the whole company;
 * - 'own-teams': the teams the viewer manages (as Head or Manager) and their
 *   people, and themselves;
 * - 'joined-teams': the teams the viewer belongs to, in any role;
 * - 'client-projects': the projects a Client was invited to;
 * - 'assigned': only what is assigned to them (a task);
 * - 'self': only themselves.
 * A role missing from a row sees none of it.
 */
export type ReadScope = 'company' | 'own-teams' | 'joined-teams' | 'client-projects' | 'assigned' | 'self';

/** Whose time and requests: Admins everyone's, Heads and Managers their teams' people's, the others their own. */
const PEOPLE = { Admin: 'company', Head: 'own-teams', Manager: 'own-teams', Member: 'self', Client: 'self' } as const;

export const READ_RIGHTS = {
  // People's figures and records: dashboards, attendance, timesheets and exports, screenshots, application use, the activity log.
  people: PEOPLE,
  // Leave and regularization requests, besides those one made or was sent (everyone sees those).
  requests: PEOPLE,
  // The Members tab: the managers' tool, over the people they manage.
  members: { Admin: 'company', Head: 'own-teams', Manager: 'own-teams' },
  // The team list: Admins all teams, everyone else the teams they are in.
  teams: { Admin: 'company', Head: 'joined-teams', Manager: 'joined-teams', Member: 'joined-teams', Client: 'joined-teams' },
  // Who is in those teams: those who manage people see the rosters of the teams they see.
  teamRosters: { Admin: 'company', Head: 'joined-teams', Manager: 'joined-teams' },
  // Projects: the company's, and a Client the projects they were invited to.
  projects: { Admin: 'company', Head: 'company', Manager: 'company', Member: 'company', Client: 'client-projects' },
  // Tasks: the managers any, a Client those of their projects, a Member those assigned to them (found in the timer, not the project list).
  tasks: { Admin: 'company', Head: 'company', Manager: 'company', Member: 'assigned', Client: 'client-projects' },
} as const satisfies Record<string, Partial<Record<Role, ReadScope>>>;

export type ReadName = keyof typeof READ_RIGHTS;

/** How far a role sees this kind of data; undefined when it sees none of it. */
export const readScope = (role: Role, read: ReadName): ReadScope | undefined => (READ_RIGHTS[read] as Partial<Record<Role, ReadScope>>)[role];

/** Does this role see more than its own (for pickers of people, teams)? */
export function seesOthers(role: Role, read: ReadName): boolean {
  const scope = readScope(role, read);
  return scope !== undefined && scope !== 'self';
}

/** Does this role see the whole company's data of this kind? */
export const seesCompany = (role: Role, read: ReadName): boolean => readScope(role, read) === 'company';

/**
 * The access levels a list of people leaves out for a viewer: those who track
 * no time (Clients), and, for a viewer who does not see the whole company,
 * those who do (Admins: in every team by their role, above its managers).
 */
export function unseenLevels(viewerSeesCompany: boolean): Role[] {
  const untracked = ROLES.filter((role) => !mayRun(role, 'StartTimer'));
  return viewerSeesCompany ? untracked : [...ROLES.filter((role) => seesCompany(role, 'people')), ...untracked];
}

/**
 * Team roles that manage their team. Admins are listed in every team with the
 * role 'Admin' in the read models; their own team roles never manage.
 */
export const MANAGING_TEAM_ROLES = ['Admin', 'Head', 'Manager'] as const;

/** Does holding this role in a team make one its manager? */
export const managesAs = (teamRole: string): boolean => (MANAGING_TEAM_ROLES as readonly string[]).includes(teamRole);

/** The teams one manages, from their role in each team. */
export const teamsManagedBy = (teamRoles: Iterable<readonly [string, string]>): Set<string> =>
  new Set([...teamRoles].filter(([, teamRole]) => managesAs(teamRole)).map(([teamId]) => teamId));

/** Does the actor manage this team: every team when they manage the whole company's people, else the teams they manage. */
export const managesTeam = (actor: { role: Role; managedTeams: ReadonlySet<string> }, teamId: string): boolean =>
  seesCompany(actor.role, 'members') || actor.managedTeams.has(teamId);
