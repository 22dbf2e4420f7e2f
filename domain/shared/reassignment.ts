import type { Authority } from '../members/authorization.ts';
import { accessDenied } from '../members/roles.ts';
import { forbidden } from './errors.ts';
import type { Person } from './request-schema.ts';

/**
 * The server moving a pending request (leave or regularization) on from an
 * assignee who can no longer decide it: they left the team or the company, or
 * lost the role. Only its own sweep does this.
 */
export interface Reassign {
  companyId: string;
  /** The requester, whose stream holds the request. */
  userId: string;
  requestId: string;
  /** The assignee the sweep found unable to decide it. */
  from: string;
  to: Person;
  authority: Extract<Authority, { kind: 'operator' }>;
}

/**
 * The move a Reassign makes of a request as it stands: none when the request
 * is gone or processed, moved on meanwhile (its assignee is no longer `from`),
 * or would go to its own requester.
 */
export function reassignment(command: Reassign, request: { status: string; assignee: Person } | undefined): { from: Person; to: Person } | null {
  if (command.authority?.kind !== 'operator') throw forbidden(accessDenied);
  if (request?.status !== 'Pending' || request.assignee.userId !== command.from || command.to.userId === command.userId) return null;
  return { from: request.assignee, to: command.to };
}
