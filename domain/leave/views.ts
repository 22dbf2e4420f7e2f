import { type Static, Type } from 'typebox';
import { requestProgressView, toProcessView } from '../shared/request-schema.ts';
import { Day, Id, Text } from '../shared/schema.ts';
import { LEAVE_TYPES, MAX_COMMENT_LENGTH } from './events.ts';

/** What the leave API answers (api/routes/leave.ts) and the web app reads. */
/** A number of leave days: `available` goes below zero when more was taken than allocated. */
const Days = Type.Integer();

export const LeaveRequestView = Type.Object({
  requestId: Id,
  /** The requester's local calendar day. */
  leaveDate: Day,
  type: Type.Enum(LEAVE_TYPES),
  comment: Text(MAX_COMMENT_LENGTH),
  ...requestProgressView,
});
export type LeaveRequestView = Static<typeof LeaveRequestView>;

export const LeaveRequestToProcess = Type.Intersect([LeaveRequestView, Type.Object(toProcessView)]);
export type LeaveRequestToProcess = Static<typeof LeaveRequestToProcess>;

export const PaidLeaveBalanceView = Type.Object({
  year: Type.Integer(),
  /** False when the company has no policy for the year: no paid leave can be asked for. */
  hasPolicy: Type.Boolean(),
  allocated: Days,
  used: Days,
  pending: Days,
  /** Allocated less used less pending: what new requests may take (below zero after a policy cut). */
  available: Days,
});
export type PaidLeaveBalanceView = Static<typeof PaidLeaveBalanceView>;
