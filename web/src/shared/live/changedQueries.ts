import type { CompanyFamily, OwnFamily } from '../../../../domain/shared/scope.ts';
import type { LiveScope } from './LiveMessage';

/** Query keys starting with `queryKey` (only that key when `exact`), as TanStack Query matches a filter. */
interface QueryKeyMatch {
  queryKey: readonly string[];
  exact?: boolean;
}

/**
 * Query-key convention of the whole web app, and where each family of
 * changes the server names lives in it:
 *   ['me']                                  the profile (exactly that key)
 *   ['me', 'companies' | 'invites' | 'tokens', ...]
 *   ['me', 'timer', companyId]              the user's own timer and punch in a company
 *   ['company', companyId, family, ...]     one company's data
 *   ['company', companyId, 'task', taskId]  a task page (exactly), its history under it
 */
const ownQueries: Record<OwnFamily, (key?: string) => QueryKeyMatch> = {
  profile: () => ({ queryKey: ['me'], exact: true }),
  companies: () => ({ queryKey: ['me', 'companies'] }),
  invites: () => ({ queryKey: ['me', 'invites'] }),
  tokens: () => ({ queryKey: ['me', 'tokens'] }),
  timer: (companyId) => ({ queryKey: ['me', 'timer', ...optional(companyId)] }),
};

/** Where in ['company', companyId, ...] a family lives; without a key, every item of it. */
const companyQueries: Record<CompanyFamily, (key?: string) => QueryKeyMatch> = {
  details: () => ({ queryKey: ['details'] }),
  members: () => ({ queryKey: ['members'] }),
  teams: () => ({ queryKey: ['teams'] }),
  assignees: () => ({ queryKey: ['assignees'] }),
  projects: () => ({ queryKey: ['projects'] }),
  tasks: () => ({ queryKey: ['tasks'] }),
  // Its history is another read model's, told by the family 'task-history'.
  task: (taskId) => (taskId ? { queryKey: ['task', taskId], exact: true } : { queryKey: ['task'] }),
  'task-history': (taskId) => ({ queryKey: ['task', ...(taskId ? [taskId, 'history'] : [])] }),
  'my-tasks': (projectId) => ({ queryKey: ['my-tasks', ...optional(projectId)] }),
  dashboards: () => ({ queryKey: ['dashboards'] }),
  attendance: () => ({ queryKey: ['attendance'] }),
  leave: () => ({ queryKey: ['leave'] }),
  regularization: () => ({ queryKey: ['regularization'] }),
  timesheets: () => ({ queryKey: ['timesheets'] }),
  'working-time': () => ({ queryKey: ['working-time'] }),
  settings: () => ({ queryKey: ['settings'] }),
  activity: () => ({ queryKey: ['activity'] }),
  'app-usage': () => ({ queryKey: ['app-usage'] }),
  // Key: the person whose screenshots changed.
  screenshots: (userId) => ({ queryKey: ['screenshots', ...optional(userId)] }),
};

const optional = (part: string | undefined) => (part === undefined ? [] : [part]);
const isOwnFamily = (family: string | undefined): family is OwnFamily => family !== undefined && Object.hasOwn(ownQueries, family);
const isCompanyFamily = (family: string | undefined): family is CompanyFamily => family !== undefined && Object.hasOwn(companyQueries, family);

/**
 * The queries one change makes stale. A change without a family, or with
 * one this app does not know (a newer server), errs on the safe side: all of
 * its audience's queries, the company's or the user's own. Told to a user, a
 * company family's key is the company (their own view of it changed). The
 * server only tells a browser of its own user and e-mail address, so their
 * ids are not needed here.
 */
function changedBy(scope: LiveScope): QueryKeyMatch {
  if (scope.kind === 'company') {
    if (!isCompanyFamily(scope.family)) return { queryKey: ['company', scope.id] };
    const { queryKey, exact } = companyQueries[scope.family](scope.key);
    return { queryKey: ['company', scope.id, ...queryKey], exact };
  }
  if (isOwnFamily(scope.family)) return ownQueries[scope.family](scope.key);
  if (isCompanyFamily(scope.family) && scope.key !== undefined) {
    return { queryKey: ['company', scope.key, ...companyQueries[scope.family]().queryKey] };
  }
  return { queryKey: ['me'] };
}

/**
 * Whether a query shows something a 'changed' message names. Invalidating
 * the queries it accepts refetches only those a browser displays (TanStack
 * Query refetches active queries; the others are only marked stale).
 */
export function changedQueries(scopes: readonly LiveScope[]): (queryKey: readonly unknown[]) => boolean {
  const changes = scopes.map(changedBy);
  return (queryKey) =>
    changes.some((change) => (!change.exact || queryKey.length === change.queryKey.length) && change.queryKey.every((part, index) => queryKey[index] === part));
}
