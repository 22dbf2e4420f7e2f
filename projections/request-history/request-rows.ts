import { type Actor, commandReach } from '../../domain/members/authorization.ts';
import type { RequestStatus } from '../../domain/shared/request-schema.ts';
import type { RequestProcessingColumns } from '../database.ts';

/** The columns leave_requests and regularization_requests share. */
type RequestRow = RequestProcessingColumns & { user_id: string };

/** A request's status, whom it was sent to and its processing, as its view shows them (requestProgressView). */
export const progressOf = (row: RequestRow) => ({
  status: row.status as RequestStatus,
  assignee: { userId: row.assignee_id, name: row.assignee_name },
  requestedAt: row.requested_at.toISOString(),
  processedBy: row.processed_by_name,
  processedAt: row.processed_at?.toISOString() ?? null,
  processComment: row.process_comment,
});

/**
 * What a processor's list adds to a request (toProcessView): its requester,
 * and whether the viewer may approve or decline it now: one who decides any
 * request (the 'company' reach of approving; leave and regularization share
 * it), or the person it was sent to.
 */
export const toProcessOf = (row: RequestRow & { requester_name: string; requester_email: string }, actor: Actor) => ({
  requester: { userId: row.user_id, name: row.requester_name, email: row.requester_email },
  mayProcess: row.status === 'Pending' && (commandReach(actor.role, 'ApproveLeave') === 'company' || row.assignee_id === actor.userId),
});
