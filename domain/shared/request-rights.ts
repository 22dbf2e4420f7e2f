import { type Actor, authorize, type CommandName } from '../members/authorization.ts';
import { accessDenied } from '../members/roles.ts';
import { forbidden } from './errors.ts';

/** The roles a leave or regularization request may be sent to, and who may decide it (management §6). */
export const DECIDING_ROLES = ['Admin', 'Head', 'Manager'] as const;

/** A command on a person's request stream: the company, the requester, and who sends it. */
interface OnRequestStream {
  companyId: string;
  userId: string;
  actor: Actor;
}

/** Requesting, editing and deleting: only the requester, on their own stream. */
export const authorizeOwnRequest = (command: OnRequestStream, name: CommandName) =>
  authorize(command.actor, name, { companyId: command.companyId, member: { userId: command.userId, role: command.actor.role, teamIds: [] } });

/** Approving and declining: the assignee (or an Admin), never the requester. */
export function authorizeProcessing(command: OnRequestStream, name: CommandName, assigneeId: string) {
  authorize(command.actor, name, { companyId: command.companyId, assigneeId });
  if (command.actor.userId === command.userId) throw forbidden(accessDenied);
}
