import { describe, expect, it } from 'vitest';
import { changedQueries } from './changedQueries';
import type { LiveScope } from './LiveMessage';

const company = 'c1';
/** The query keys of the app (see the *QueryOptions files), as a browser in company c1 may show them. */
const shown = {
  profile: ['me'],
  companies: ['me', 'companies'],
  invites: ['me', 'invites'],
  invite: ['me', 'invites', 'i1'],
  tokens: ['me', 'tokens'],
  timer: ['me', 'timer', company],
  timerElsewhere: ['me', 'timer', 'c2'],
  details: ['company', company, 'details'],
  members: ['company', company, 'members', { accessLevel: null, teamId: null, search: '', page: 1, pageSize: 20 }],
  teams: ['company', company, 'teams'],
  assignees: ['company', company, 'assignees'],
  projects: ['company', company, 'projects'],
  tasks: ['company', company, 'tasks', { projectIds: [], page: 1 }],
  task: ['company', company, 'task', 'WA-1'],
  taskHistory: ['company', company, 'task', 'WA-1', 'history'],
  completeTaskHistory: ['company', company, 'task', 'WA-1', 'history', 'complete'],
  otherTask: ['company', company, 'task', 'WA-2'],
  myTasks: ['company', company, 'my-tasks', 'p1'],
  otherProjectTasks: ['company', company, 'my-tasks', 'p2'],
  dashboard: ['company', company, 'dashboards', 'team', { from: '2026-03-01', to: '2026-03-07' }],
  otherCompany: ['company', 'c2', 'members', {}],
  invitation: ['invitation', 'token'],
  serverTime: ['server-time'],
} satisfies Record<string, readonly unknown[]>;

/** The names of the shown queries the message makes stale. */
const refetched = (...scopes: LiveScope[]) => {
  const changed = changedQueries(scopes);
  return Object.entries(shown)
    .filter(([, queryKey]) => changed(queryKey))
    .map(([name]) => name);
};

describe('changedQueries', () => {
  it('makes a task edit stale on that task page, the tasks table, the projects page and the timer’s tasks of its project only', () => {
    expect(
      refetched(
        { kind: 'company', id: company, family: 'task', key: 'WA-1' },
        { kind: 'company', id: company, family: 'tasks' },
        { kind: 'company', id: company, family: 'projects' },
        { kind: 'company', id: company, family: 'my-tasks', key: 'p1' },
      ),
    ).toEqual(['projects', 'tasks', 'task', 'myTasks']);
  });

  it('keeps a task page and its history apart: each read model tells of its own', () => {
    expect(refetched({ kind: 'company', id: company, family: 'task-history', key: 'WA-1' })).toEqual(['taskHistory', 'completeTaskHistory']);
    expect(refetched({ kind: 'company', id: company, family: 'task' })).toEqual(['task', 'taskHistory', 'completeTaskHistory', 'otherTask']);
  });

  it('makes a timer change stale only in the own timer of that company: a members page does not refetch', () => {
    expect(refetched({ kind: 'user', id: 'u1', family: 'timer', key: company })).toEqual(['timer']);
  });

  it('reaches the dashboards, and nothing else, for a change of tracked time', () => {
    expect(refetched({ kind: 'company', id: company, family: 'dashboards' })).toEqual(['dashboard']);
  });

  it('reads the profile as its own key, not everything under it', () => {
    expect(refetched({ kind: 'email', id: 'a@b.co', family: 'profile' }, { kind: 'email', id: 'a@b.co', family: 'invites' })).toEqual(['profile', 'invites', 'invite']);
  });

  it('takes the key of a company family told to a user as the company: their own role in its details', () => {
    expect(refetched({ kind: 'user', id: 'u1', family: 'details', key: company })).toEqual(['details']);
  });

  it('makes the whole company stale for a change without a family (the wider change of a large batch), and only that company', () => {
    expect(refetched({ kind: 'company', id: company })).toEqual([
      'details',
      'members',
      'teams',
      'assignees',
      'projects',
      'tasks',
      'task',
      'taskHistory',
      'completeTaskHistory',
      'otherTask',
      'myTasks',
      'otherProjectTasks',
      'dashboard',
    ]);
  });

  it('errs on the safe side for a family it does not know: all of the audience’s queries', () => {
    expect(refetched({ kind: 'company', id: 'c2', family: 'payroll', key: 'x' })).toEqual(['otherCompany']);
    expect(refetched({ kind: 'user', id: 'u1', family: 'payroll' })).toEqual(['profile', 'companies', 'invites', 'invite', 'tokens', 'timer', 'timerElsewhere']);
    expect(refetched({ kind: 'user', id: 'u1', family: 'constructor' })).toContain('timerElsewhere');
  });
});
