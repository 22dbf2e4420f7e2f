import { type Static, Type } from 'typebox';
import { requestProgressView, toProcessView } from '../shared/request-schema.ts';
import { Count, Day, Id, Instant, Name, Text, TimeZone } from '../shared/schema.ts';
import { TaskId } from '../tasks/events.ts';
import { MAX_TASK_DETAILS_LENGTH } from './events.ts';

/** What the regularization API answers (api/routes/regularization.ts) and the web app reads. */

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
  ...requestProgressView,
});
export type RegularizationRequestView = Static<typeof RegularizationRequestView>;

export const RegularizationRequestToProcess = Type.Intersect([RegularizationRequestView, Type.Object(toProcessView)]);
export type RegularizationRequestToProcess = Static<typeof RegularizationRequestToProcess>;

/** One page of a table, and how many rows there are in all. */
export const RegularizationPage = <T extends typeof RegularizationRequestView | typeof RegularizationRequestToProcess>(row: T) =>
  Type.Object({ requests: Type.Array(row), total: Count });
