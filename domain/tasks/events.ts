import type { ChangedBy } from '../projects/events.ts';
import type { DomainEvent } from '../shared/decider.ts';

export const TASK_STATUSES = ['TO DO', 'IN PROGRESS', 'QA', 'DONE'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_PRIORITIES = ['P1', 'P2', 'P3', 'P4'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** The fields a task page edits; history names them the same way. */
export interface TaskFields {
  title: string;
  /** Rich text (HTML), sanitised before it reaches the domain; shown as Summary. */
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  /** Local date YYYY-MM-DD, or null. */
  eta: string | null;
  assigneeId: string;
  projectId: string;
}
export type TaskField = keyof TaskFields;

interface TaskRef {
  taskId: string;
  companyId: string;
  by: ChangedBy;
}

export type TaskEvent =
  | DomainEvent<'TaskCreated', TaskRef & TaskFields & { number: number }>
  | DomainEvent<'TaskFieldChanged', TaskRef & { field: TaskField; from: string | null; to: string | null }>
  | DomainEvent<'TaskDeleted', TaskRef>
  | DomainEvent<'TaskCommentAdded', TaskRef & { commentId: string; html: string; text: string }>
  | DomainEvent<'TaskCommentDeleted', TaskRef & { commentId: string }>;

export type TaskNumberEvent = DomainEvent<'TaskNumberTaken', { companyId: string; prefix: string; number: number; projectId: string }>;

/** A task's id is readable (e.g. "WA-12") and unique in its company. */
export const taskStream = (companyId: string, taskId: string) => `task-${companyId}-${taskId}`;
/** Hands out running numbers per company and prefix, so two projects sharing a prefix never share an id. */
export const taskNumbersStream = (companyId: string, prefix: string) => `task-numbers-${companyId}-${prefix}`;
