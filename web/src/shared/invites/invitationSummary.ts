import { joinsProjects } from '../../../../domain/members/roles.ts';
import type { Invitation } from './Invitation';

/** "{inviter} invited you to join {company} as Admin", "{inviter} invited you to the team {team} of {company} as {role}" (spec core §2). */
export function invitationSummary({ invitedBy, invitedAs, teamName, projects }: Invitation): string {
  const who = `${invitedBy.fullName} invited you`;
  if (joinsProjects(invitedAs) && projects.length > 0) {
    const names = projects.map((project) => project.name).join(', ');
    return `${who} to the ${projects.length === 1 ? 'project' : 'projects'} ${names} of ${invitedBy.companyName} as Client`;
  }
  if (teamName) return `${who} to the team ${teamName} of ${invitedBy.companyName} as ${invitedAs}`;
  return `${who} to join ${invitedBy.companyName} as ${invitedAs}`;
}
