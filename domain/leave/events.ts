import { type Static, Type } from 'typebox';
import type { LeaveCode } from '../attendance/day-status.ts';
import type { DomainEvent } from '../shared/decider.ts';
import { MAX_COMMENT_LENGTH, Person, RequestReassigned, requestRef, type RequestStatus } from '../shared/request-schema.ts';
import { Closed, Day, Text } from '../shared/schema.ts';
import { LEAVE_TYPES, type LeaveType, PAID_LEAVE } from './choices.ts';

export { LEAVE_TYPES, type LeaveType, MAX_COMMENT_LENGTH, PAID_LEAVE, Person };

/** How an approved leave shows on the attendance calendar (domain/attendance/day-status.ts). */
export const LEAVE_CODES = { 'Paid Leave': 'PL', 'Sick Leave': 'SL', 'Casual Leave': 'CL' } as const satisfies Record<LeaveType, LeaveCode>;

export type LeaveRequestStatus = RequestStatus;

/** What the requester chooses: the day (their local calendar day), the kind, a comment and whom to ask. */
export const LeaveFields = Closed({ leaveDate: Day, type: Type.Enum(LEAVE_TYPES), comment: Text(MAX_COMMENT_LENGTH), assignee: Person });
export type LeaveFields = Static<typeof LeaveFields>;

export const LeaveRequested = Closed({ ...requestRef, ...LeaveFields.properties });
export const LeaveRequestEdited = Closed({ ...requestRef, from: LeaveFields, to: LeaveFields });
export const LeaveRequestDeleted = Closed(requestRef);
/** A processed request keeps its day and kind: attendance and usage follow from the event alone. */
const processed = { ...requestRef, comment: Text(MAX_COMMENT_LENGTH), leaveDate: Day, type: Type.Enum(LEAVE_TYPES) };
export const LeaveApproved = Closed(processed);
export const LeaveDeclined = Closed(processed);
/** Its assignee can no longer decide it (they left the requester's teams or the company): the server moved it on. */
export const LeaveReassigned = RequestReassigned;

export type LeaveEvent =
  | DomainEvent<'LeaveRequested', Static<typeof LeaveRequested>>
  | DomainEvent<'LeaveRequestEdited', Static<typeof LeaveRequestEdited>>
  | DomainEvent<'LeaveRequestDeleted', Static<typeof LeaveRequestDeleted>>
  | DomainEvent<'LeaveApproved', Static<typeof LeaveApproved>>
  | DomainEvent<'LeaveDeclined', Static<typeof LeaveDeclined>>
  | DomainEvent<'LeaveReassigned', Static<typeof LeaveReassigned>>;

export const LEAVE_EVENT_TYPES = [
  'LeaveRequested',
  'LeaveRequestEdited',
  'LeaveRequestDeleted',
  'LeaveApproved',
  'LeaveDeclined',
  'LeaveReassigned',
] as const satisfies readonly LeaveEvent['type'][];

export const leaveEventSchemas = { LeaveRequested, LeaveRequestEdited, LeaveRequestDeleted, LeaveApproved, LeaveDeclined, LeaveReassigned };

/**
 * All of one person's leave requests in a company: "one request per date" and
 * the paid leave balance hold even for two submissions at once (expected
 * version). Processing writes here too.
 */
export const leaveStream = (companyId: string, userId: string) => `leave-${companyId}-${userId}`;
