import { type Static, Type } from 'typebox';
import { Day, Email, Id, Instant, NamedPerson, Name, Nullable, Text, TimeZone } from '../shared/schema.ts';
import { TaskId } from '../tasks/events.ts';
import { MAX_COMMENT_LENGTH, MAX_TASK_DETAILS_LENGTH, REGULARIZATION_STATUSES } from './events.ts';

/** What the regularization API answers (api/routes/regularization.ts) and the web app reads. */
const Count = Type.Integer({ minimum: 0 });

export const RegularizationRequestView = Type.Object({
  requestId: Id,
  /** The requester's local calendar day, and the time as typed there. */
  date: Day,
  startMinute: Count,
  durationMinutes: Count,
  timeZone: TimeZone,
  start: Instant,
  end: Instant,
  teamId: Id,
  project: Type.Object({ projectId: Id, name: Name }),
  task: Type.Object({ taskId: TaskId, name: Name }),
  taskDetails: Text(MAX_TASK_DETAILS_LENGTH),
  status: Type.Enum(REGULARIZATION_STATUSES),
  assignee: NamedPerson,
  requestedAt: Instant,
  /** Who approved or declined it, when, and what they said; null while pending. */
  processedBy: Nullable(Name),
  processedAt: Nullable(Instant),
  processComment: Nullable(Text(MAX_COMMENT_LENGTH)),
});
export type RegularizationRequestView = Static<typeof RegularizationRequestView>;

export const RegularizationRequestToProcess = Type.Intersect([
  RegularizationRequestView,
  Type.Object({
    requester: Type.Object({ userId: Id, name: Name, email: Email }),
    /** The viewer may approve or decline it now: it is pending, and they were asked or are an Admin. */
    mayProcess: Type.Boolean(),
  }),
]);
export type RegularizationRequestToProcess = Static<typeof RegularizationRequestToProcess>;

/** One page of a table, and how many rows there are in all. */
export const RegularizationPage = <T extends typeof RegularizationRequestView | typeof RegularizationRequestToProcess>(row: T) =>
  Type.Object({ requests: Type.Array(row), total: Count });
