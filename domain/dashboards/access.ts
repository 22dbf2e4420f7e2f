import type { Actor } from '../members/authorization.ts';
import { readScope, seesCompany, unseenLevels } from '../members/read-rights.ts';

export const dashboardMessages = {
  /** The same for someone who does not exist and someone the viewer may not see. */
  personNotFound: 'User not found or not authorized',
  teamNotFound: 'Team not found',
} as const;

/**
 * Who a team view counts and lists (team attendance, the team dashboard's
 * untracked people, the performance and application dashboards' rows, a
 * team's exports): everyone on the team who tracks time, so Clients never;
 * Admins (on every team) only for a viewer who may see them. The access
 * levels left out.
 */
export const leftOutOfTeamViews = (viewerSeesAdmins: boolean): string[] => unseenLevels(viewerSeesAdmins);

/**
 * The people a viewer may see besides themselves (core §2, §6; the read-rights
 * table's `people` row): everyone (null) for an Admin, the people of the teams
 * they manage for a Head or Manager, nobody else for the others.
 */
export function visibleTeams(actor: Actor): readonly string[] | null {
  const scope = readScope(actor.role, 'people');
  if (scope === 'company') return null;
  return scope === 'own-teams' ? [...actor.managedTeams] : [];
}

/** Whether a viewer may see Admins' figures, in team views too: only one who sees everyone (an Admin). */
export const seesAdmins = (actor: Actor) => seesCompany(actor.role, 'people');
