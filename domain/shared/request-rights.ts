import { type Actor, authorize, type CommandName } from '../members/authorization.ts';
import { MANAGING_TEAM_ROLES } from '../members/read-rights.ts';
import { accessDenied } from '../members/roles.ts';
import { forbidden } from './errors.ts';

/** The roles a leave or regularization request may be sent to, and who may decide it (management §6): those who manage a team. */
export const DECIDING_ROLES = MANAGING_TEAM_ROLES;

/** A command on a person's request stream: the company, the requester, and who sends it. */
interface OnRequestStream {
  companyId: string;
  userId: string;
  actor: Actor;
}

/** Requesting, editing and deleting: only the requester, on their own stream. */
export const authorizeOwnRequest = (command: OnRequestStream, name: CommandName) =>
  authorize(command.actor, name, { companyId: command.companyId, member: { userId: command.userId, role: command.actor.role, teamIds: [] } });

/**
 * Approving and declining: any Admin, or the assignee while they are a Head or
 * Manager of a team the request is decided in (a leave's requester's teams, a
 * regularization's own team); never the requester. The actor and the teams
 * are as their streams hold them at the moment of deciding, not as a read
 * model last saw them: someone who lost the right cannot use it until the
 * reassignment sweep moves the request on.
 */
export function authorizeProcessing(command: OnRequestStream, name: CommandName, request: { assigneeId: string; teams: readonly string[] }) {
  authorize(command.actor, name, { companyId: command.companyId, assigneeId: request.assigneeId, teams: request.teams });
  if (command.actor.userId === command.userId) throw forbidden(accessDenied);
}
