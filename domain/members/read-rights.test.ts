import { describe, expect, it } from 'vitest';
import { leftOutOfTeamViews, seesAdmins, visibleTeams } from '../dashboards/access.ts';
import { type Actor, mayRun } from './authorization.ts';
import { mayOpenPage } from './page-access.ts';
import { managesAs, managesTeam, READ_RIGHTS, type ReadName, readScope, seesOthers, teamsManagedBy, unseenLevels } from './read-rights.ts';
import { ROLES, type Role } from './roles.ts';

const OWN_TEAM = 'team-own';
const OTHER_TEAM = 'team-other';

const actorAs = (role: Role): Actor => ({
  kind: 'member',
  userId: 'viewer',
  companyId: 'company-1',
  role,
  // Heads and Managers manage their own team; a Member or Client of it manages nothing.
  managedTeams: new Set(role === 'Head' || role === 'Manager' ? [OWN_TEAM] : []),
});

/** Each role's scope, written out by hand: A Admin, H Head, M Manager, m Member, C Client; '-' sees none of it. */
const EXPECTED: Record<ReadName, string> = {
  people: 'A:company H:own-teams M:own-teams m:self C:self',
  requests: 'A:company H:own-teams M:own-teams m:self C:self',
  members: 'A:company H:own-teams M:own-teams m:- C:-',
  teams: 'A:company H:joined-teams M:joined-teams m:joined-teams C:joined-teams',
  teamRosters: 'A:company H:joined-teams M:joined-teams m:- C:-',
  projects: 'A:company H:company M:company m:company C:client-projects',
  tasks: 'A:company H:company M:company m:assigned C:client-projects',
};

const LETTER: Record<Role, string> = { Admin: 'A', Head: 'H', Manager: 'M', Member: 'm', Client: 'C' };

describe('the read-rights matrix', () => {
  it('has an expected row for every read', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(READ_RIGHTS).sort());
  });

  for (const read of Object.keys(READ_RIGHTS) as ReadName[]) {
    it(`${read}: every role's scope`, () => {
      expect(ROLES.map((role) => `${LETTER[role]}:${readScope(role, read) ?? '-'}`).join(' ')).toBe(EXPECTED[read]);
    });
  }
});

describe('who sees whom, resolved from the table', () => {
  it('gives Admins the whole company, Heads and Managers the teams they manage, the others themselves alone', () => {
    const seen = Object.fromEntries(ROLES.map((role) => [role, visibleTeams(actorAs(role))]));
    expect(seen).toEqual({ Admin: null, Head: [OWN_TEAM], Manager: [OWN_TEAM], Member: [], Client: [] });
  });

  it('shows a picker of other people only to those who see others: never to Members or Clients', () => {
    expect(ROLES.filter((role) => seesOthers(role, 'people'))).toEqual(['Admin', 'Head', 'Manager']);
  });

  it('lets those who may edit members read the Members tab, and nobody else', () => {
    expect(ROLES.filter((role) => readScope(role, 'members'))).toEqual(ROLES.filter((role) => mayRun(role, 'EditMember')));
  });

  it('agrees with the page table: those who see others are those who open the team pages', () => {
    for (const role of ROLES) expect(seesOthers(role, 'people'), role).toBe(mayOpenPage(role, '/dashboard-team'));
  });

  it('leaves Clients out of every list of people, and Admins out of the lists of those who do not see the whole company', () => {
    expect(unseenLevels(true)).toEqual(['Client']);
    expect(unseenLevels(false)).toEqual(['Admin', 'Client']);
    expect(ROLES.filter((role) => seesAdmins(actorAs(role)))).toEqual(['Admin']);
    expect(leftOutOfTeamViews(seesAdmins(actorAs('Manager')))).toEqual(['Admin', 'Client']);
  });
});

describe('managing a team: one rule', () => {
  it('counts Admin, Head and Manager team roles as managing, not Member', () => {
    expect(['Admin', 'Head', 'Manager', 'Member'].filter(managesAs)).toEqual(['Admin', 'Head', 'Manager']);
    const roles: [string, string][] = [
      [OWN_TEAM, 'Manager'],
      ['team-b', 'Member'],
      ['team-c', 'Head'],
    ];
    expect([...teamsManagedBy(roles)]).toEqual([OWN_TEAM, 'team-c']);
  });

  it('lets an Admin manage every team, Heads and Managers the teams they manage, nobody else any', () => {
    const manages = (role: Role) => [OWN_TEAM, OTHER_TEAM].filter((teamId) => managesTeam(actorAs(role), teamId));
    expect(Object.fromEntries(ROLES.map((role) => [role, manages(role)]))).toEqual({
      Admin: [OWN_TEAM, OTHER_TEAM],
      Head: [OWN_TEAM],
      Manager: [OWN_TEAM],
      Member: [],
      Client: [],
    });
  });
});
