import { forbidden } from '../shared/errors.ts';
import { accessDenied, canManageMember, type Role } from './roles.ts';

/**
 * Who may run which command over whom: written once here, used by the routes
 * (to refuse early) and by every decider (to refuse for sure).
 *
 * - 'company': anywhere in the actor's company;
 * - 'own-teams': only in teams the actor manages (as Head or Manager), and only
 *   on people who share such a team with them;
 * - 'self': only on the actor's own data (their tracker);
 * - 'assigned': only on what is assigned to them (a task they work on);
 * - 'assigned-in-own-teams': only on what is assigned to them in a team they
 *   manage now (a request sent to them, while they manage a team it is
 *   decided in).
 * A role missing from a row may not run that command at all.
 */
export type Reach = 'company' | 'own-teams' | 'self' | 'assigned' | 'assigned-in-own-teams';

const MANAGERS = { Admin: 'company', Head: 'company', Manager: 'company' } as const;
const TRACKERS = { Admin: 'self', Head: 'self', Manager: 'self', Member: 'self' } as const;
const PEOPLE = { Admin: 'company', Head: 'own-teams', Manager: 'own-teams' } as const;
/** Requests (leave, regularization) are answered by the person asked while they manage a team of the request, or by any Admin. */
const PROCESSORS = { Admin: 'company', Head: 'assigned-in-own-teams', Manager: 'assigned-in-own-teams' } as const;

export const COMMAND_RIGHTS = {
  CreateTeam: { Admin: 'company', Head: 'company' },
  RenameTeam: PEOPLE,
  DeleteTeam: { Admin: 'company', Head: 'own-teams' },
  GrantTeamRole: PEOPLE,
  RevokeTeamRole: { Admin: 'company' },
  EditMember: PEOPLE,
  RemoveMember: PEOPLE,
  GrantAdmin: { Admin: 'company' },
  GrantClientProject: { Admin: 'company' },
  SendInvite: PEOPLE,
  CreateProject: MANAGERS,
  RenameProject: MANAGERS,
  DeleteProject: MANAGERS,
  CreateTask: MANAGERS,
  EditTask: MANAGERS,
  DeleteTask: MANAGERS,
  // The person a task is assigned to talks about it too; editing it stays with the managers.
  AddComment: { ...MANAGERS, Member: 'assigned' },
  DeleteComment: MANAGERS,
  StartTimer: TRACKERS,
  StopTimer: TRACKERS,
  CancelTimer: TRACKERS,
  Heartbeat: TRACKERS,
  PunchIn: TRACKERS,
  PunchOut: TRACKERS,
  // Leave: each person asks for their own; the assignee (or an Admin) answers.
  RequestLeave: TRACKERS,
  EditLeaveRequest: TRACKERS,
  DeleteLeaveRequest: TRACKERS,
  ApproveLeave: PROCESSORS,
  DeclineLeave: PROCESSORS,
  // Regularization: each person asks for their own manual time; the assignee (or an Admin) answers.
  SubmitRegularization: TRACKERS,
  EditRegularization: TRACKERS,
  DeleteRegularization: TRACKERS,
  ApproveRegularization: PROCESSORS,
  DeclineRegularization: PROCESSORS,
  // Timesheets: each person submits their own; the approver they asked (or an Admin) answers; only an Admin reopens an approved one.
  SubmitTimesheet: TRACKERS,
  ApproveTimesheet: PROCESSORS,
  RejectTimesheet: PROCESSORS,
  ReopenTimesheet: { Admin: 'company' },
  SetDailyThreshold: MANAGERS,
  SetScreenshots: MANAGERS,
  // How long screenshots are kept, and so how much the company stores, is an Admin's choice.
  SetScreenshotRetention: { Admin: 'company' },
  SetLeavePolicy: { Admin: 'company' },
  // How timesheet periods are cut is an Admin's choice.
  SetTimesheetPeriod: { Admin: 'company' },
  // So is when the company's people and approvers are reminded of their timesheets.
  SetTimesheetReminders: { Admin: 'company' },
  // Billing: only Admins choose a plan and pay for it.
  StartCheckout: { Admin: 'company' },
  // The desktop agent reports what it sees of its own person's work; only that person deletes their screenshots.
  TakeScreenshot: TRACKERS,
  DeleteScreenshot: TRACKERS,
  RecordAppUsage: TRACKERS,
  // Which applications count as productive is the company's choice.
  SetAppCategory: { Admin: 'company' },
  // Asking someone to run the desktop agent: those who manage them.
  RequestMonitoring: PEOPLE,
  // Working time: the company's rules, holidays and balance rules are an Admin's choice.
  SetWorkingDays: { Admin: 'company' },
  SetDailyTarget: { Admin: 'company' },
  SetHolidayRegion: { Admin: 'company' },
  AddCompanyHoliday: { Admin: 'company' },
  RemoveCompanyHoliday: { Admin: 'company' },
  SetBalanceRules: { Admin: 'company' },
  // A person's contract and holiday region: an Admin, or a Head of one of their teams.
  SetContract: { Admin: 'company', Head: 'own-teams' },
  RemoveContract: { Admin: 'company', Head: 'own-teams' },
  SetPersonHolidayRegion: { Admin: 'company', Head: 'own-teams' },
  // What changes a balance by hand (a correction, a payout) is an Admin's, with a reason.
  CorrectBalance: { Admin: 'company' },
  PayOutOvertime: { Admin: 'company' },
} as const satisfies Record<string, Partial<Record<Role, Reach>>>;

export type CommandName = keyof typeof COMMAND_RIGHTS;

/** A signed-in member acting in one company, as the API found them (never from a request body). */
export interface Actor {
  kind: 'member';
  userId: string;
  companyId: string;
  /** Their access level: Admin, else their highest team role, else Client or Member. */
  role: Role;
  /** Teams they manage as Head or Manager (Admins manage every team by their role). */
  managedTeams: ReadonlySet<string>;
}

/**
 * What a command acts on. `member` is the person it changes (with their access
 * level and teams); `team` the team it names; `grants` the role it hands out;
 * `assigneeId` the person the task or request it names is assigned to;
 * `teams` the teams a request is decided in (see domain/shared/request-rights.ts).
 */
export interface Target {
  companyId: string;
  team?: string | null;
  member?: { userId: string; role: Role; teamIds: Iterable<string> };
  grants?: Role;
  assigneeId?: string;
  teams?: Iterable<string>;
}

/** The roles each role may hand out, by invitation or by adding someone to a team. */
const GRANTABLE: Record<Role, readonly Role[]> = {
  Admin: ['Admin', 'Head', 'Manager', 'Member', 'Client'],
  Head: ['Head', 'Manager', 'Member'],
  Manager: ['Manager', 'Member'],
  Member: [],
  Client: [],
};

/** How far this role may run the command; undefined when it may not run it at all. */
export const commandReach = (role: Role, command: CommandName): Reach | undefined => (COMMAND_RIGHTS[command] as Partial<Record<Role, Reach>>)[role];

/** Can the actor run this command on this target? */
export function isAllowed(actor: Actor, command: CommandName, target: Target): boolean {
  if (actor.companyId !== target.companyId) return false;
  const reach = commandReach(actor.role, command);
  if (!reach) return false;
  if (target.grants && !GRANTABLE[actor.role].includes(target.grants)) return false;
  if (reach === 'self') return target.member?.userId === actor.userId;
  if (reach === 'assigned') return target.assigneeId === actor.userId;
  if (reach === 'assigned-in-own-teams') return target.assigneeId === actor.userId && [...(target.teams ?? [])].some((teamId) => actor.managedTeams.has(teamId));
  const manages = (teamId: string) => reach === 'company' || actor.managedTeams.has(teamId);
  if (target.team && !manages(target.team)) return false;
  if (target.member) {
    const { userId, role, teamIds } = target.member;
    if (!canManageMember(actor.role, role, userId === actor.userId)) return false;
    if (reach === 'own-teams' && ![...teamIds].some(manages)) return false;
  }
  return true;
}

/** Refuses with 'Access denied' unless the actor may run the command on the target. */
export function authorize(actor: Actor, command: CommandName, target: Target): void {
  if (!isAllowed(actor, command, target)) throw forbidden(accessDenied);
}

/** Refuses unless the actor may run this command on the data of `userId`: for 'self' commands, their own. */
export const authorizeOwn = (actor: Actor, command: CommandName, companyId: string, userId: string): void =>
  authorize(actor, command, { companyId, member: { userId, role: actor.role, teamIds: [] } });

/** May this role run the command at all (somewhere)? For menus and buttons. */
export const mayRun = (role: Role, command: CommandName): boolean => role in COMMAND_RIGHTS[command];

/** The roles a member may choose in the invite form. */
export const grantableRoles = (role: Role): readonly Role[] => GRANTABLE[role];

/**
 * What entitles a command that follows from something already decided rather
 * than from a member's choice. Built by the server from stored facts, never
 * from a request.
 * - founder: the person creating a company joins it as its Admin;
 * - team-creator: a Head who creates a team heads it;
 * - invitation: an accepted invite grants exactly what it offered, to its invitee;
 * - operator: the operator's command line and the server's own sweeps;
 * - payment-provider: a Stripe webhook whose signature checked out.
 */
export type Authority =
  | Actor
  | { kind: 'founder'; userId: string; companyId: string }
  | { kind: 'team-creator'; userId: string; companyId: string; teamId: string }
  | { kind: 'invitation'; userId: string; companyId: string; inviteId: string; role: Role; teamId: string | null; projectIds: readonly string[] }
  | { kind: 'operator' }
  | { kind: 'payment-provider' };
