import { describe, expect, it } from 'vitest';
import { mayRun } from './authorization.ts';
import { mayOpenPage, PAGE_ACCESS, pageRule, TASK_PAGE } from './page-access.ts';
import { ROLES, type Role } from './roles.ts';

const openersOf = (page: string) => ROLES.filter((role) => mayOpenPage(role, page));

describe('page access', () => {
  it('opens a page it does not list to every role', () => {
    for (const page of ['/dashboard-individual', '/profile', '/manage-teams', '/inviteList', '/subscription-suspended']) {
      expect(openersOf(page)).toEqual(ROLES);
      expect(pageRule(page)).toBeUndefined();
    }
  });

  it('keeps the team pages for those who manage teams, and sends the others to their own dashboard (core §6)', () => {
    for (const page of ['/dashboard-team', '/team-dashboard']) {
      expect(openersOf(page)).toEqual(['Admin', 'Head', 'Manager']);
      expect(pageRule(page)?.otherwise).toBe('/dashboard-individual');
    }
    for (const page of ['/team-attendance', '/requestsregularization', '/requestsleave', '/manage-settings']) {
      expect(openersOf(page)).toEqual(['Admin', 'Head', 'Manager']);
      expect(pageRule(page)?.otherwise).toBeUndefined();
    }
  });

  it('gives the pages of a command to the roles that may run it', () => {
    const runners = (command: Parameters<typeof mayRun>[1]) => ROLES.filter((role) => mayRun(role, command));
    expect(openersOf('/add-task')).toEqual(runners('CreateTask'));
    expect(openersOf('/manage-tasks')).toEqual(runners('EditTask'));
    expect(openersOf('/manage-teams/invite')).toEqual(runners('SendInvite'));
    expect(openersOf('/project')).toEqual([...runners('CreateProject'), 'Client']);
  });

  it('opens the task page to every role: the task decides who reads it', () => {
    expect(openersOf(TASK_PAGE)).toEqual(ROLES);
    expect(Object.keys(PAGE_ACCESS)).toContain(TASK_PAGE);
  });

  it('keeps Invoices for Admins', () => {
    expect(openersOf('/invoices')).toEqual(['Admin'] satisfies Role[]);
  });

  it('reads no rule from what an object inherits', () => {
    expect(pageRule('toString')).toBeUndefined();
    expect(mayOpenPage('Member', 'constructor')).toBe(true);
  });
});
