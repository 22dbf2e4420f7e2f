import { type Static, Type } from 'typebox';
import { ChangedBy, TaskPrefix } from '../projects/events.ts';
import type { DomainEvent } from '../shared/decider.ts';
import { Closed, Day, Id, Name, Nullable, RichText } from '../shared/schema.ts';
import { TASK_PRIORITIES, TASK_STATUSES } from './choices.ts';
import { TASK_ID_MAX_LENGTH, TASK_ID_PATTERN } from './task-id.ts';


/** A task's readable id: its project's prefix and a running number, e.g. "WA-12". */
export const TaskId = Type.String({ pattern: TASK_ID_PATTERN, maxLength: TASK_ID_MAX_LENGTH });
const TaskNumber = Type.Integer({ minimum: 1 });

const taskFields = {
  title: Name,
  /** Rich text (HTML), sanitised before it reaches the domain; shown as Summary. */
  description: RichText,
  status: Type.Enum(TASK_STATUSES),
  priority: Type.Enum(TASK_PRIORITIES),
  /** Local date YYYY-MM-DD, or null. */
  eta: Nullable(Day),
  assigneeId: Id,
  projectId: Id,
};
/** The fields a task page edits; history names them the same way. */
export const TaskFields = Closed(taskFields);
export type TaskFields = Static<typeof TaskFields>;
export type TaskField = keyof TaskFields;

const taskRef = { taskId: TaskId, companyId: Id, by: ChangedBy };

export const TaskCreated = Closed({ ...taskRef, ...taskFields, number: TaskNumber });
export const TaskFieldChanged = Closed({ ...taskRef, field: Type.KeyOf(TaskFields), from: Nullable(RichText), to: Nullable(RichText) });
export const TaskDeleted = Closed(taskRef);
export const TaskCommentAdded = Closed({ ...taskRef, commentId: Id, html: RichText, text: RichText });
export const TaskCommentDeleted = Closed({ ...taskRef, commentId: Id });
export const TaskNumberTaken = Closed({ companyId: Id, prefix: TaskPrefix, number: TaskNumber, projectId: Id });

/** A comment's events, on the comment's own stream; before comments had streams of their own, on the task's. */
export type TaskCommentEvent = DomainEvent<'TaskCommentAdded', Static<typeof TaskCommentAdded>> | DomainEvent<'TaskCommentDeleted', Static<typeof TaskCommentDeleted>>;

export type TaskEvent =
  | DomainEvent<'TaskCreated', Static<typeof TaskCreated>>
  | DomainEvent<'TaskFieldChanged', Static<typeof TaskFieldChanged>>
  | DomainEvent<'TaskDeleted', Static<typeof TaskDeleted>>
  | TaskCommentEvent;

export type TaskNumberEvent = DomainEvent<'TaskNumberTaken', Static<typeof TaskNumberTaken>>;

export const taskEventSchemas = { TaskCreated, TaskFieldChanged, TaskDeleted, TaskCommentAdded, TaskCommentDeleted, TaskNumberTaken };

/** A task's id is readable (e.g. "WA-12") and unique in its company. */
export const taskStream = (companyId: string, taskId: string) => `task-${companyId}-${taskId}`;
/**
 * One comment's stream, so that comments never contend with each other or
 * with the task's edits. Named by its task too: a comment id sent with
 * another task's id names an empty stream.
 */
export const taskCommentStream = (companyId: string, taskId: string, commentId: string) => `task-comment-${companyId}-${taskId}-${commentId}`;
/** Hands out running numbers per company and prefix, so two projects sharing a prefix never share an id. */
export const taskNumbersStream = (companyId: string, prefix: string) => `task-numbers-${companyId}-${prefix}`;
