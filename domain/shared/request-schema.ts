import { Type } from 'typebox';
import { ChangedBy } from '../projects/events.ts';
import { MAX_COMMENT_LENGTH } from './request-limits.ts';
import type { CompanyFamily } from './scope.ts';
import { Closed, Email, Id, Instant, NamedPerson, Name, Nullable, Text } from './schema.ts';

/** What leave and regularization requests share, in their events and in the views of them. */

/** The kinds of request, each the family of queries its pages show. */
export const REQUEST_KINDS = ['leave', 'regularization'] as const satisfies readonly CompanyFamily[];
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** Management §4: Pending, then Approved or Declined. */
export const REQUEST_STATUSES = ['Pending', 'Approved', 'Declined'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export { MAX_COMMENT_LENGTH };

/** A person as history shows them: their id and their name when it happened. */
export const Person = ChangedBy;
export type Person = ChangedBy;

/** Every event names the requester (`userId`, the stream's owner) and the request... */
const requestId = { companyId: Id, userId: Id, requestId: Id };
/** ...and who acted. */
export const requestRef = { ...requestId, by: Person };

/** Its assignee can no longer decide it: the server moved it on. */
export const RequestReassigned = Closed({ ...requestId, from: Person, to: Person });

/** A view's status, whom the request was sent to, and who approved or declined it, when, and what they said (null while pending). */
export const requestProgressView = {
  status: Type.Enum(REQUEST_STATUSES),
  assignee: NamedPerson,
  requestedAt: Instant,
  processedBy: Nullable(Name),
  processedAt: Nullable(Instant),
  processComment: Nullable(Text(MAX_COMMENT_LENGTH)),
};

/** What a processor's list adds to a request: its requester, and whether the viewer may approve or decline it now (it is pending, and they were asked or are an Admin). */
export const toProcessView = {
  requester: Type.Object({ userId: Id, name: Name, email: Email }),
  mayProcess: Type.Boolean(),
};
