import type { Actor } from '../members/authorization.ts';
import { mayOpenPage } from '../members/page-access.ts';

export const dashboardMessages = {
  /** The same for someone who does not exist and someone the viewer may not see. */
  personNotFound: 'User not found or not authorized',
  teamNotFound: 'Team not found',
} as const;

/**
 * Who may see what on the dashboards (core §2, §6): the team dashboard is for
 * those who may open its page (page-access.ts), Admins for the whole company
 * and Heads and Managers for the teams they manage; everyone sees their own
 * individual dashboard, and those who see teams see their people's.
 */
export const seesTeamDashboards = (role: Actor['role']) => mayOpenPage(role, '/dashboard-team');


/**
 * Who a team view counts and lists (team attendance, the team dashboard's
 * untracked people, the performance and application dashboards' rows, a
 * team's exports): everyone on the team who tracks time, so Clients never;
 * Admins (on every team) only for a viewer who may see them. The access
 * levels left out.
 */
export const leftOutOfTeamViews = (viewerSeesAdmins: boolean): string[] => (viewerSeesAdmins ? ['Client'] : ['Admin', 'Client']);

/** The people a viewer may see besides themselves: everyone (null), or those of these teams. */
export function visibleTeams(actor: Actor): readonly string[] | null {
  if (actor.role === 'Admin') return null;
  return seesTeamDashboards(actor.role) ? [...actor.managedTeams] : [];
}

/** Whether a viewer may see Admins' figures, in team views too: only one who sees everyone (an Admin). */
export const seesAdmins = (actor: Actor) => visibleTeams(actor) === null;
