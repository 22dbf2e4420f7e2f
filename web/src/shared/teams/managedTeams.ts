import { managesTeam, teamsManagedBy } from '../../../../domain/members/read-rights.ts';
import type { Role } from '../../../../domain/members/roles.ts';
import type { Team } from './Team';

/**
 * The teams whose people the user manages (management §6), by the server's
 * rule (domain/members/read-rights.ts): every team for an Admin, otherwise the
 * teams where they are Head or Manager. Non-Admins only get their own teams
 * from the API, with themselves among the members.
 */
export function managedTeams(teams: Team[], role: Role, userId: string): Team[] {
  const ownRoles = teams.flatMap((team) => team.members.filter((member) => member.userId === userId).map((member) => [team.teamId, member.role] as const));
  const actor = { role, managedTeams: teamsManagedBy(ownRoles) };
  return teams.filter((team) => managesTeam(actor, team.teamId));
}
