/**
 * The signed-in user's own queries a change can name: the profile (with its
 * company list and invite count), the company list, the invites to their
 * address, their API tokens, and their timer in one company (key: the company).
 */
export type OwnFamily = 'profile' | 'companies' | 'invites' | 'tokens' | 'timer';

/**
 * A company's queries a change can name: its details (with the caller's role
 * and teams), the members tab, the teams, the task assignees, the projects
 * page, the tasks table, one task's page (key: the task id), its history
 * (key: the task id), the tasks the timer offers in one project (key: the
 * project id), the dashboards, and the rest by their pages' names (timesheets:
 * the people's timesheets of each period). Without a key, every item of the family.
 */
export type CompanyFamily = 'details' | 'members' | 'teams' | 'assignees' | 'projects' | 'tasks' | 'task' | 'task-history' | 'my-tasks' | 'dashboards' | 'attendance' | 'leave' | 'regularization' | 'settings' | 'activity' | 'app-usage' | 'screenshots' | 'timesheets' | 'working-time';

/**
 * The families of queries browsers show, one closed list for the server and
 * the web (web/src/shared/live/changedQueries.ts says where each lives in
 * the query keys): a change names one, so a browser refetches only the
 * queries that show what changed.
 */
export type QueryFamily = OwnFamily | CompanyFamily;

/**
 * A change and who is told of it. `kind` and `id` are the audience: the
 * browsers of a user, of an e-mail address (its invites), or following a
 * company. `family` and `key` name what changed; without a family, anything
 * of the audience's may have (the wider change). Told to a user, a company
 * family's key is the company: the user's own view of it changed (their role
 * in its details).
 */
export interface Scope {
  kind: 'user' | 'email' | 'company';
  id: string;
  family?: QueryFamily;
  key?: string;
}

/** A company's changes to these families, each every item of it. */
export const companyChanges = (companyId: string, ...families: CompanyFamily[]): Scope[] => families.map((family) => ({ kind: 'company', id: companyId, family }));

/** One item of a company's family. */
export const companyItemChanged = (companyId: string, family: CompanyFamily, key: string): Scope => ({ kind: 'company', id: companyId, family, key });

/** A user's own view changed: their profile and company list, and with a company, their role and teams in it. */
export const ownRoleChanged = (userId: string, companyId?: string): Scope[] => [
  { kind: 'user', id: userId, family: 'profile' },
  { kind: 'user', id: userId, family: 'companies' },
  ...(companyId ? [{ kind: 'user' as const, id: userId, family: 'details' as const, key: companyId }] : []),
];

/**
 * Beyond this many changes of one audience in a batch, the audience is told
 * once that anything of its may have changed: its browsers would refetch
 * most of what they show anyway, and the notifications stay few.
 */
export const CHANGES_PER_AUDIENCE = 50;

/**
 * What a batch tells: each change once, none that a wider one of the batch
 * covers, and for an audience with more than `limit` changes one wider
 * change instead (never a silent cut). Other audiences keep their exact ones.
 */
export function scopesToTell(scopes: readonly Scope[], limit = CHANGES_PER_AUDIENCE): Scope[] {
  const what = (family?: QueryFamily, key?: string) => `${family ?? ''}:${key ?? ''}`;
  const audiences = new Map<string, Map<string, Scope>>();
  for (const scope of scopes) {
    const audience = `${scope.kind}:${scope.id}`;
    if (!audiences.has(audience)) audiences.set(audience, new Map());
    audiences.get(audience)!.set(what(scope.family, scope.key), scope);
  }
  return [...audiences.values()].flatMap((changes) => {
    const { kind, id } = changes.values().next().value!;
    if (changes.has(what())) return [{ kind, id }];
    const told = [...changes.values()].filter((scope) => scope.key === undefined || !changes.has(what(scope.family)));
    return told.length > limit ? [{ kind, id }] : told;
  });
}
