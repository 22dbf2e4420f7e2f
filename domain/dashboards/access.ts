import type { Actor } from '../members/authorization.ts';

export const dashboardMessages = {
  /** The same for someone who does not exist and someone the viewer may not see. */
  personNotFound: 'User not found or not authorized',
  teamNotFound: 'Team not found',
} as const;

/**
 * Who may see what on the dashboards (core §2, §6), the one rule for the API
 * and the menus: the team dashboard is for Admins (the whole company) and for
 * Heads and Managers (the teams they manage); everyone sees their own
 * individual dashboard, and those who see teams see their people's.
 */
export const seesTeamDashboards = (role: Actor['role']) => role === 'Admin' || role === 'Head' || role === 'Manager';

/** The people a viewer may see besides themselves: everyone (null), or those of these teams. */
export function visibleTeams(actor: Actor): readonly string[] | null {
  if (actor.role === 'Admin') return null;
  return seesTeamDashboards(actor.role) ? [...actor.managedTeams] : [];
}
