import { type Static, Type } from 'typebox';
import type { DomainEvent } from '../shared/decider.ts';
import { MAX_COMMENT_LENGTH, Person, RequestReassigned, requestRef, type RequestStatus } from '../shared/request-schema.ts';
import { Closed, Day, Id, Instant, Name, Text, TimeZone } from '../shared/schema.ts';
import { TaskId } from '../tasks/events.ts';
import { TimelogEntry } from '../time-tracking/events.ts';
import { MAX_TASK_DETAILS_LENGTH } from './limits.ts';

export { MAX_COMMENT_LENGTH, MAX_TASK_DETAILS_LENGTH, Person };

export type RegularizationStatus = RequestStatus;

const MINUTES_PER_DAY = 24 * 60;

/**
 * What the requester asks for: time on one of their local days (start and
 * duration as they typed them, and the instants these were in their zone),
 * the team, project and task it goes to, and whom they ask.
 */
export const RegularizationFields = Closed({
  date: Day,
  /** Minutes after the day's local midnight. */
  startMinute: Type.Integer({ minimum: 0, maximum: MINUTES_PER_DAY - 1 }),
  durationMinutes: Type.Integer({ minimum: 1, maximum: MINUTES_PER_DAY }),
  timeZone: TimeZone,
  start: Instant,
  end: Instant,
  teamId: Id,
  projectId: Id,
  projectName: Name,
  taskId: TaskId,
  taskName: Name,
  taskDetails: Text(MAX_TASK_DETAILS_LENGTH),
  assignee: Person,
});
export type RegularizationFields = Static<typeof RegularizationFields>;

export const RegularizationRequested = Closed({ ...requestRef, ...RegularizationFields.properties });
export const RegularizationEdited = Closed({ ...requestRef, from: RegularizationFields, to: RegularizationFields });
export const RegularizationDeleted = Closed(requestRef);
/** Carries the time-log entries it writes (one per local day, as the timer splits), so the time read models follow from the event alone. */
export const RegularizationApproved = Closed({
  ...requestRef,
  comment: Text(MAX_COMMENT_LENGTH),
  teamId: Id,
  projectId: Id,
  projectName: Name,
  taskId: TaskId,
  taskName: Name,
  taskDetails: Text(MAX_TASK_DETAILS_LENGTH),
  timeZone: TimeZone,
  entries: Type.Array(TimelogEntry, { maxItems: 3 }),
});
export const RegularizationDeclined = Closed({ ...requestRef, comment: Text(MAX_COMMENT_LENGTH) });
/** Its assignee can no longer decide it (they left the team or the company): the server moved it on. */
export const RegularizationReassigned = RequestReassigned;

export type RegularizationEvent =
  | DomainEvent<'RegularizationRequested', Static<typeof RegularizationRequested>>
  | DomainEvent<'RegularizationEdited', Static<typeof RegularizationEdited>>
  | DomainEvent<'RegularizationDeleted', Static<typeof RegularizationDeleted>>
  | DomainEvent<'RegularizationApproved', Static<typeof RegularizationApproved>>
  | DomainEvent<'RegularizationDeclined', Static<typeof RegularizationDeclined>>
  | DomainEvent<'RegularizationReassigned', Static<typeof RegularizationReassigned>>;

export const REGULARIZATION_EVENT_TYPES = [
  'RegularizationRequested',
  'RegularizationEdited',
  'RegularizationDeleted',
  'RegularizationApproved',
  'RegularizationDeclined',
  'RegularizationReassigned',
] as const satisfies readonly RegularizationEvent['type'][];

export const regularizationEventSchemas = {
  RegularizationRequested,
  RegularizationEdited,
  RegularizationDeleted,
  RegularizationApproved,
  RegularizationDeclined,
  RegularizationReassigned,
};

/**
 * All of one person's regularization requests in a company: "no overlap with
 * their requested time" holds even for two submissions at once (expected
 * version). Processing writes here too.
 */
export const regularizationStream = (companyId: string, userId: string) => `regularization-${companyId}-${userId}`;
