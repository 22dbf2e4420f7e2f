import type { Role } from './Role';

export interface RouteRule {
  /** Roles in the active company that may open the page. */
  roles: readonly Role[];
  /** Where the other roles are sent instead of seeing 'You do not have access to this page'. */
  otherwise?: '/dashboard-individual';
}

const managers: readonly Role[] = ['Admin', 'Head', 'Manager'];

/**
 * Who may open which page of the main layout, by the role in the active
 * company; pages not listed are open to every role. The side menu shows an
 * item only to the roles that may open its page, so this map is the one rule
 * for both. The server enforces access to the data anyway.
 *
 * Read from spec core §6 ('Route access in one reading', the menu rules) and
 * management §2 and §6. Head manages teams like a Manager, so it goes where
 * Managers go. Where the route table is narrower than the menu rules (Leave,
 * Regularization, Settings, Profile and Tasks are listed as Manager, Admin,
 * yet Members submit leave and regularization requests and read the leave
 * policy), the menu rules win, so no menu item leads to a closed page.
 * Request processing, team attendance and the team dashboard are work of the
 * managing roles, so Clients (invited to projects, not teams) do not get them.
 */
export const routeAccess: Readonly<Record<string, RouteRule>> = {
  // Members and Clients see no 'Team' item; company switch sends them to their own dashboard.
  '/dashboard-team': { roles: managers, otherwise: '/dashboard-individual' },
  '/team-dashboard': { roles: managers, otherwise: '/dashboard-individual' },
  '/team-attendance': { roles: managers },
  '/requestsregularization': { roles: managers },
  '/requestsleave': { roles: managers },
  // Core §6: Members get no Projects menu; Clients are invited to projects.
  '/project': { roles: [...managers, 'Client'] },
  '/add-task': { roles: managers },
  // The task table is the managers' tool (management §2); Members see their tasks in the timer.
  '/manage-tasks': { roles: managers },
  '/manage-teams/invite': { roles: managers },
  '/invoices': { roles: ['Admin'] },
};
