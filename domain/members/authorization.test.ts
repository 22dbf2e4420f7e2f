import { describe, expect, it } from 'vitest';
import { type Actor, COMMAND_RIGHTS, type CommandName, isAllowed, type Target } from './authorization.ts';
import { ROLES, type Role } from './roles.ts';

const COMPANY = 'company-1';
const OWN_TEAM = 'team-own';
const OTHER_TEAM = 'team-other';
const ACTOR_ID = 'actor';

const actorAs = (role: Role): Actor => ({
  kind: 'member',
  userId: ACTOR_ID,
  companyId: COMPANY,
  role,
  // Heads and Managers manage their own team; a Member or Client of it manages nothing.
  managedTeams: new Set(role === 'Head' || role === 'Manager' ? [OWN_TEAM] : []),
});

type Place = 'own team' | 'other team' | 'other company';

/** The target each command names, placed in the actor's team, another team, or another company. */
function targetOf(command: CommandName, place: Place): Target {
  const companyId = place === 'other company' ? 'company-2' : COMPANY;
  const team = place === 'other team' ? OTHER_TEAM : OWN_TEAM;
  const colleague = { userId: 'colleague', role: 'Member' as Role, teamIds: [team] };
  switch (command) {
    case 'RenameTeam':
    case 'DeleteTeam':
      return { companyId, team };
    case 'GrantTeamRole':
      return { companyId, team, member: colleague };
    case 'RevokeTeamRole':
    case 'EditMember':
    case 'RemoveMember':
    case 'RequestMonitoring':
    case 'SetContract':
    case 'RemoveContract':
    case 'SetPersonHolidayRegion':
    case 'CorrectBalance':
    case 'PayOutOvertime':
      return { companyId, member: colleague };
    case 'SendInvite':
      return { companyId, team, grants: 'Member' };
    case 'AddComment':
      return { companyId, assigneeId: 'colleague' };
    // A request sent to the actor by someone of the team.
    case 'ApproveLeave':
    case 'DeclineLeave':
    case 'ApproveRegularization':
    case 'DeclineRegularization':
    case 'ApproveTimesheet':
    case 'RejectTimesheet':
      return { companyId, assigneeId: ACTOR_ID, teams: [team] };
    case 'StartTimer':
    case 'StopTimer':
    case 'CancelTimer':
    case 'Heartbeat':
    case 'PunchIn':
    case 'PunchOut':
    case 'RequestLeave':
    case 'EditLeaveRequest':
    case 'DeleteLeaveRequest':
    case 'SubmitRegularization':
    case 'EditRegularization':
    case 'DeleteRegularization':
    case 'SubmitTimesheet':
    case 'TakeScreenshot':
    case 'DeleteScreenshot':
    case 'RecordAppUsage':
      return { companyId, member: { userId: ACTOR_ID, role: 'Member', teamIds: [team] } };
    default:
      return { companyId };
  }
}

/**
 * The expected matrix, written out independently of the table it checks:
 * for each command, who may run it in their own team and in another team
 * (A Admin, H Head, M Manager, m Member, C Client). Nobody acts in another company.
 */
const EXPECTED: Record<CommandName, { 'own team': string; 'other team': string }> = {
  CreateTeam: { 'own team': 'A H', 'other team': 'A H' },
  RenameTeam: { 'own team': 'A H M', 'other team': 'A' },
  DeleteTeam: { 'own team': 'A H', 'other team': 'A' },
  GrantTeamRole: { 'own team': 'A H M', 'other team': 'A' },
  RevokeTeamRole: { 'own team': 'A', 'other team': 'A' },
  EditMember: { 'own team': 'A H M', 'other team': 'A' },
  RemoveMember: { 'own team': 'A H M', 'other team': 'A' },
  GrantAdmin: { 'own team': 'A', 'other team': 'A' },
  GrantClientProject: { 'own team': 'A', 'other team': 'A' },
  SendInvite: { 'own team': 'A H M', 'other team': 'A' },
  CreateProject: { 'own team': 'A H M', 'other team': 'A H M' },
  RenameProject: { 'own team': 'A H M', 'other team': 'A H M' },
  DeleteProject: { 'own team': 'A H M', 'other team': 'A H M' },
  CreateTask: { 'own team': 'A H M', 'other team': 'A H M' },
  EditTask: { 'own team': 'A H M', 'other team': 'A H M' },
  DeleteTask: { 'own team': 'A H M', 'other team': 'A H M' },
  AddComment: { 'own team': 'A H M', 'other team': 'A H M' },
  DeleteComment: { 'own team': 'A H M', 'other team': 'A H M' },
  StartTimer: { 'own team': 'A H M m', 'other team': 'A H M m' },
  StopTimer: { 'own team': 'A H M m', 'other team': 'A H M m' },
  CancelTimer: { 'own team': 'A H M m', 'other team': 'A H M m' },
  Heartbeat: { 'own team': 'A H M m', 'other team': 'A H M m' },
  PunchIn: { 'own team': 'A H M m', 'other team': 'A H M m' },
  PunchOut: { 'own team': 'A H M m', 'other team': 'A H M m' },
  RequestLeave: { 'own team': 'A H M m', 'other team': 'A H M m' },
  EditLeaveRequest: { 'own team': 'A H M m', 'other team': 'A H M m' },
  DeleteLeaveRequest: { 'own team': 'A H M m', 'other team': 'A H M m' },
  ApproveLeave: { 'own team': 'A H M', 'other team': 'A' },
  DeclineLeave: { 'own team': 'A H M', 'other team': 'A' },
  SubmitRegularization: { 'own team': 'A H M m', 'other team': 'A H M m' },
  EditRegularization: { 'own team': 'A H M m', 'other team': 'A H M m' },
  DeleteRegularization: { 'own team': 'A H M m', 'other team': 'A H M m' },
  ApproveRegularization: { 'own team': 'A H M', 'other team': 'A' },
  DeclineRegularization: { 'own team': 'A H M', 'other team': 'A' },
  SubmitTimesheet: { 'own team': 'A H M m', 'other team': 'A H M m' },
  ApproveTimesheet: { 'own team': 'A H M', 'other team': 'A' },
  RejectTimesheet: { 'own team': 'A H M', 'other team': 'A' },
  ReopenTimesheet: { 'own team': 'A', 'other team': 'A' },
  SetDailyThreshold: { 'own team': 'A H M', 'other team': 'A H M' },
  SetScreenshots: { 'own team': 'A H M', 'other team': 'A H M' },
  SetScreenshotRetention: { 'own team': 'A', 'other team': 'A' },
  SetLeavePolicy: { 'own team': 'A', 'other team': 'A' },
  SetTimesheetPeriod: { 'own team': 'A', 'other team': 'A' },
  SetTimesheetReminders: { 'own team': 'A', 'other team': 'A' },
  StartCheckout: { 'own team': 'A', 'other team': 'A' },
  TakeScreenshot: { 'own team': 'A H M m', 'other team': 'A H M m' },
  DeleteScreenshot: { 'own team': 'A H M m', 'other team': 'A H M m' },
  RecordAppUsage: { 'own team': 'A H M m', 'other team': 'A H M m' },
  SetAppCategory: { 'own team': 'A', 'other team': 'A' },
  RequestMonitoring: { 'own team': 'A H M', 'other team': 'A' },
  SetWorkingDays: { 'own team': 'A', 'other team': 'A' },
  SetDailyTarget: { 'own team': 'A', 'other team': 'A' },
  SetHolidayRegion: { 'own team': 'A', 'other team': 'A' },
  AddCompanyHoliday: { 'own team': 'A', 'other team': 'A' },
  RemoveCompanyHoliday: { 'own team': 'A', 'other team': 'A' },
  SetBalanceRules: { 'own team': 'A', 'other team': 'A' },
  SetContract: { 'own team': 'A H', 'other team': 'A' },
  RemoveContract: { 'own team': 'A H', 'other team': 'A' },
  SetPersonHolidayRegion: { 'own team': 'A H', 'other team': 'A' },
  CorrectBalance: { 'own team': 'A', 'other team': 'A' },
  PayOutOvertime: { 'own team': 'A', 'other team': 'A' },
};

const LETTER: Record<Role, string> = { Admin: 'A', Head: 'H', Manager: 'M', Member: 'm', Client: 'C' };

describe('the authorization matrix', () => {
  it('has an expected row for every command', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(COMMAND_RIGHTS).sort());
  });

  for (const command of Object.keys(COMMAND_RIGHTS) as CommandName[]) {
    it(`${command}: every role, in its own team, another team and another company`, () => {
      for (const place of ['own team', 'other team', 'other company'] as const) {
        const allowed = ROLES.filter((role) => isAllowed(actorAs(role), command, targetOf(command, place)))
          .map((role) => LETTER[role])
          .join(' ');
        expect(allowed, `${command} in ${place}`).toBe(place === 'other company' ? '' : EXPECTED[command][place]);
      }
    });
  }
});

describe('rules beside the matrix', () => {
  const inOwnTeam = (role: Role, userId = 'colleague') => ({ userId, role, teamIds: [OWN_TEAM] });

  it('nobody edits or removes themselves', () => {
    for (const role of ROLES) {
      expect(isAllowed(actorAs(role), 'EditMember', { companyId: COMPANY, member: inOwnTeam('Member', ACTOR_ID) })).toBe(false);
      expect(isAllowed(actorAs(role), 'RemoveMember', { companyId: COMPANY, member: inOwnTeam('Member', ACTOR_ID) })).toBe(false);
    }
  });

  it('a Head cannot act on an Admin; a Manager cannot act on a Head or an Admin', () => {
    expect(isAllowed(actorAs('Head'), 'EditMember', { companyId: COMPANY, member: inOwnTeam('Admin') })).toBe(false);
    expect(isAllowed(actorAs('Head'), 'EditMember', { companyId: COMPANY, member: inOwnTeam('Head') })).toBe(true);
    expect(isAllowed(actorAs('Manager'), 'RemoveMember', { companyId: COMPANY, member: inOwnTeam('Head') })).toBe(false);
    expect(isAllowed(actorAs('Manager'), 'GrantTeamRole', { companyId: COMPANY, team: OWN_TEAM, member: inOwnTeam('Head') })).toBe(false);
    expect(isAllowed(actorAs('Manager'), 'RemoveMember', { companyId: COMPANY, member: inOwnTeam('Manager') })).toBe(true);
  });

  it('hands out only roles at or below the actor’s own; Client and Admin invites are for Admins', () => {
    const invite = (role: Role, grants: Role) => isAllowed(actorAs(role), 'SendInvite', { companyId: COMPANY, team: OWN_TEAM, grants });
    expect(['Admin', 'Head', 'Manager', 'Member', 'Client'].filter((grants) => invite('Admin', grants as Role))).toEqual(['Admin', 'Head', 'Manager', 'Member', 'Client']);
    expect(['Admin', 'Head', 'Manager', 'Member', 'Client'].filter((grants) => invite('Head', grants as Role))).toEqual(['Head', 'Manager', 'Member']);
    expect(['Admin', 'Head', 'Manager', 'Member', 'Client'].filter((grants) => invite('Manager', grants as Role))).toEqual(['Manager', 'Member']);
  });

  it('a member reached through one managed team is enough; a team the actor does not manage is not', () => {
    const spanning = { userId: 'colleague', role: 'Member' as Role, teamIds: [OTHER_TEAM, OWN_TEAM] };
    expect(isAllowed(actorAs('Manager'), 'EditMember', { companyId: COMPANY, member: spanning })).toBe(true);
    expect(isAllowed(actorAs('Manager'), 'GrantTeamRole', { companyId: COMPANY, team: OTHER_TEAM, member: spanning })).toBe(false);
  });

  it('a Member comments only on a task assigned to them; managers on any task', () => {
    const onTaskOf = (assigneeId: string) => ROLES.filter((role) => isAllowed(actorAs(role), 'AddComment', { companyId: COMPANY, assigneeId })).map((role) => LETTER[role]).join(' ');
    expect(onTaskOf(ACTOR_ID)).toBe('A H M m');
    expect(onTaskOf('colleague')).toBe('A H M');
    expect(isAllowed(actorAs('Member'), 'AddComment', { companyId: COMPANY })).toBe(false);
  });

  it('a tracker is its owner’s alone', () => {
    expect(isAllowed(actorAs('Admin'), 'StartTimer', { companyId: COMPANY, member: inOwnTeam('Member') })).toBe(false);
  });

  it('a leave request is answered by the Head or Manager it was sent to while they manage a team of it, or by any Admin', () => {
    const answering = (assigneeId: string, teams = [OWN_TEAM]) =>
      ROLES.filter((role) => isAllowed(actorAs(role), 'ApproveLeave', { companyId: COMPANY, assigneeId, teams })).map((role) => LETTER[role]).join(' ');
    expect(answering(ACTOR_ID)).toBe('A H M');
    expect(answering(ACTOR_ID, [OTHER_TEAM, OWN_TEAM])).toBe('A H M');
    expect(answering(ACTOR_ID, [OTHER_TEAM])).toBe('A');
    expect(answering(ACTOR_ID, [])).toBe('A');
    expect(answering('colleague')).toBe('A');
    expect(isAllowed(actorAs('Admin'), 'RequestLeave', { companyId: COMPANY, member: inOwnTeam('Member') })).toBe(false);
  });
});
