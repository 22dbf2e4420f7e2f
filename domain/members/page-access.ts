import { type CommandName, mayRun } from './authorization.ts';
import { ROLES, type Role } from './roles.ts';

export interface PageRule {
  /** Roles in the active company that may open the page. */
  roles: readonly Role[];
  /** Where the other roles are sent instead of seeing 'You do not have access to this page'. */
  otherwise?: '/dashboard-individual';
}

/** The task page, /{project name with dashes}/{task id} (management §2), as the web router names it. */
export const TASK_PAGE = '/$projectName/$taskId';

/** The roles that may run the command somewhere: the page for that work is theirs. */
const workersOf = (command: CommandName): readonly Role[] => ROLES.filter((role) => mayRun(role, command));

/** Those who manage teams; a Head manages like a Manager. */
const TEAM_MANAGERS: readonly Role[] = ['Admin', 'Head', 'Manager'];

/**
 * Who may open which page, by the role in the active company; pages not listed
 * are open to every role. The one table for the web router (its guards and the
 * side menu) and for the API routes that serve a page's data, keyed by the
 * page's route path. Where a page is the tool of a command, its roles are the
 * command's (authorization.ts).
 *
 * Read from spec core §6 ('Route access in one reading', the menu rules) and
 * management §2 and §6. Where the route table is narrower than the menu rules
 * (Leave, Regularization, Profile and Tasks are listed as Manager, Admin, yet
 * Members submit leave and regularization requests), the menu rules win, so
 * no menu item leads to a closed page. Settings is the managers' (management
 * §6). Request processing, team attendance and the team dashboard are work of
 * the managing roles, so Clients (invited to projects, not teams) do not get
 * them.
 */
export const PAGE_ACCESS = {
  // Members and Clients see no 'Team' item; a company switch sends them to their own dashboard.
  '/dashboard-team': { roles: TEAM_MANAGERS, otherwise: '/dashboard-individual' },
  '/team-dashboard': { roles: TEAM_MANAGERS, otherwise: '/dashboard-individual' },
  '/team-attendance': { roles: TEAM_MANAGERS },
  // Management §2: Manager, Admin; a Head manages like a Manager.
  '/v2/time-attendance': { roles: TEAM_MANAGERS },
  '/application-dashboard': { roles: TEAM_MANAGERS },
  '/application-dashboard-internal': { roles: TEAM_MANAGERS },
  '/v2/performance-dashboard': { roles: TEAM_MANAGERS },
  '/requestsregularization': { roles: TEAM_MANAGERS },
  '/requestsleave': { roles: TEAM_MANAGERS },
  '/manage-settings': { roles: TEAM_MANAGERS },
  // One's own timesheet is for those who track time; approving is the request processors' work.
  '/timesheet': { roles: workersOf('SubmitTimesheet') },
  '/timesheets': { roles: workersOf('ApproveTimesheet') },
  // Working time is counted for those who track it.
  '/working-time': { roles: workersOf('StartTimer') },
  // '/v2/activity-log' is every role's: Members and Clients see only their own activity there.
  // Core §6: Members get no Projects menu; Clients are invited to projects.
  '/project': { roles: [...workersOf('CreateProject'), 'Client'] },
  '/add-task': { roles: workersOf('CreateTask') },
  // The task table is the managers' tool (management §2); Members find their tasks in the timer.
  '/manage-tasks': { roles: workersOf('EditTask') },
  // Every role: which tasks a person may read is the task's rule (managers any, its assignee, a Client those of their projects).
  [TASK_PAGE]: { roles: ROLES },
  '/manage-teams/invite': { roles: workersOf('SendInvite') },
  '/invoices': { roles: ['Admin'] },
} as const satisfies Record<string, PageRule>;

/** A page some role may not open. */
export type GuardedPage = keyof typeof PAGE_ACCESS;

/** The rule of a page (its route path), or undefined when every role may open it. */
export function pageRule(page: string): PageRule | undefined {
  return Object.hasOwn(PAGE_ACCESS, page) ? PAGE_ACCESS[page as GuardedPage] : undefined;
}

/** May a member with this role open the page at this route path? */
export function mayOpenPage(role: Role, page: string): boolean {
  const rule = pageRule(page);
  return !rule || rule.roles.includes(role);
}
