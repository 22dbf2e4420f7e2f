import type { Role } from '../../../../domain/members/roles.ts';
import type { Team } from './Team';

/**
 * The teams whose people the user manages (management §6): every team for an
 * Admin, otherwise the teams where they are Head or Manager. Non-Admins only
 * get their own teams from the API, with themselves among the members.
 */
export function managedTeams(teams: Team[], role: Role, userId: string): Team[] {
  if (role === 'Admin') return teams;
  return teams.filter((team) =>
    team.members.some((member) => member.userId === userId && (member.role === 'Head' || member.role === 'Manager')),
  );
}
