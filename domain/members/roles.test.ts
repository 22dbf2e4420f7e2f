import { describe, expect, it } from 'vitest';
import { mayRun } from './authorization.ts';
import {
  accessLevel,
  canManageMember,
  COMPANY_ROLE,
  creatorTeamRole,
  inEveryTeam,
  isRole,
  joinsProjects,
  LEVEL_WITHOUT_ROLES,
  lowestFirst,
  PROJECT_ROLE,
  ROLES,
  takenByTeamCreator,
} from './roles.ts';

describe('roles: access level', () => {
  it('is Admin for an admin, whatever their team roles', () => {
    expect(accessLevel({ isAdmin: true, teamRoles: ['Member'] })).toBe('Admin');
    expect(accessLevel({ isAdmin: true, teamRoles: [], clientProjects: 2 })).toBe('Admin');
  });

  it('is the highest team role otherwise', () => {
    expect(accessLevel({ isAdmin: false, teamRoles: ['Member', 'Head', 'Manager'] })).toBe('Head');
    expect(accessLevel({ isAdmin: false, teamRoles: ['Member', 'Manager', 'Member'] })).toBe('Manager');
    expect(accessLevel({ isAdmin: false, teamRoles: new Map([['t1', 'Member' as const]]).values() })).toBe('Member');
  });

  it('is Client for someone in no team with client projects', () => {
    expect(accessLevel({ isAdmin: false, teamRoles: [], clientProjects: 1 })).toBe('Client');
    expect(accessLevel({ isAdmin: false, teamRoles: ['Member'], clientProjects: 1 })).toBe('Member');
  });

  it('defaults to Member', () => {
    expect(accessLevel({ isAdmin: false, teamRoles: [] })).toBe('Member');
    expect(accessLevel({ isAdmin: false, teamRoles: [], clientProjects: 0 })).toBe('Member');
  });
});

describe('roles: who manages whom', () => {
  it('never lets anyone act on their own row', () => {
    for (const role of ROLES) expect(canManageMember(role, role, true)).toBe(false);
    expect(canManageMember('Admin', 'Member', true)).toBe(false);
  });

  it('lets an Admin act on everyone else', () => {
    for (const target of ROLES) expect(canManageMember('Admin', target, false)).toBe(true);
  });

  it('lets a Head act on all but Admins', () => {
    expect(canManageMember('Head', 'Admin', false)).toBe(false);
    for (const target of ['Head', 'Manager', 'Member', 'Client'] as const) expect(canManageMember('Head', target, false)).toBe(true);
  });

  it('lets a Manager act on all but Heads and Admins', () => {
    expect(canManageMember('Manager', 'Admin', false)).toBe(false);
    expect(canManageMember('Manager', 'Head', false)).toBe(false);
    for (const target of ['Manager', 'Member', 'Client'] as const) expect(canManageMember('Manager', target, false)).toBe(true);
  });

  it('lets a Member or Client act on no one', () => {
    for (const target of ROLES) {
      expect(canManageMember('Member', target, false)).toBe(false);
      expect(canManageMember('Client', target, false)).toBe(false);
    }
  });
});

describe('roles: screens and buttons', () => {
  it('shows team actions and the Members tab to Admin, Head and Manager only', () => {
    expect(ROLES.filter((role) => mayRun(role, 'RenameTeam'))).toEqual(['Admin', 'Head', 'Manager']);
    expect(ROLES.filter((role) => mayRun(role, 'EditMember'))).toEqual(['Admin', 'Head', 'Manager']);
  });

  it('lets only Admin and Head create or delete teams', () => {
    expect(ROLES.filter((role) => mayRun(role, 'CreateTeam'))).toEqual(['Admin', 'Head']);
    expect(ROLES.filter((role) => mayRun(role, 'DeleteTeam'))).toEqual(['Admin', 'Head']);
  });
});

describe('roles: what each is', () => {
  it('knows its own names', () => {
    expect(ROLES.every(isRole)).toBe(true);
    expect(['admin', 'Owner', ''].some(isRole)).toBe(false);
  });

  it('has a Head head the teams they create, and nobody else take a role there', () => {
    expect(ROLES.map(creatorTeamRole)).toEqual([null, 'Head', null, null, null]);
    expect(ROLES.filter(takenByTeamCreator)).toEqual(['Head']);
  });

  it('orders roles from the one nearest the team up', () => {
    expect(lowestFirst(ROLES)).toEqual(['Client', 'Member', 'Manager', 'Head', 'Admin']);
    expect(lowestFirst(['Admin', 'Head', 'Manager'])).toEqual(['Manager', 'Head', 'Admin']);
  });

  it('gives a member with no role the level Member, and an Admin the company-wide role', () => {
    expect(LEVEL_WITHOUT_ROLES).toBe(accessLevel({ isAdmin: false, teamRoles: [] }));
    expect(COMPANY_ROLE).toBe(accessLevel({ isAdmin: true, teamRoles: [] }));
    expect(ROLES.filter(inEveryTeam)).toEqual([COMPANY_ROLE]);
    expect(ROLES.filter(joinsProjects)).toEqual([PROJECT_ROLE]);
  });
});
