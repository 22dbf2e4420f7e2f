import type { ChangedBy } from '../projects/events.ts';
import type { Decider } from '../shared/decider.ts';
import { invalid, notFound } from '../shared/errors.ts';
import {
  TASK_PRIORITIES,
  TASK_STATUSES,
  type TaskEvent,
  type TaskField,
  type TaskFields,
  type TaskNumberEvent,
} from './events.ts';

export const taskMessages = {
  required: 'Required',
  selectPriority: 'Please select priority',
  selectStatus: 'Please select status',
  selectAssignee: 'Please select an assignee',
  fieldRequired: (field: string) => `${field} is required`,
  commentEmpty: 'Comment cannot be empty!',
  notFound: 'Task not found',
  commentNotFound: 'Comment not found',
  badEta: 'ETA must be a date',
  notAssignable: 'The assignee must be a member of one of the company’s teams',
} as const;

export type TaskState =
  | { status: 'none' }
  | { status: 'active' | 'deleted'; taskId: string; companyId: string; fields: TaskFields; comments: Map<string, { userId: string; deleted: boolean }> };

export interface TaskContext {
  /** Is this user a live member of one of the company's teams? */
  isAssignable: (userId: string) => boolean;
  /** Is this a live project of the task's company? */
  isProject: (projectId: string) => boolean;
}

export type TaskCommand =
  | ({ type: 'CreateTask'; taskId: string; companyId: string; number: number; by: ChangedBy } & TaskFields)
  | { type: 'EditTask'; changes: Partial<TaskFields>; by: ChangedBy }
  | { type: 'DeleteTask'; by: ChangedBy }
  | { type: 'AddComment'; commentId: string; html: string; text: string; by: ChangedBy }
  | { type: 'DeleteComment'; commentId: string; by: ChangedBy };

const ETA = /^\d{4}-\d{2}-\d{2}$/;

/** The task page checks title, description, assignee, status, priority, in that order (management §5). */
const PAGE_ORDER: [TaskField, string][] = [
  ['title', 'Title'],
  ['description', 'Description'],
  ['assigneeId', 'Assignee'],
  ['status', 'Status'],
  ['priority', 'Priority'],
];

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

function checkValues(fields: Partial<TaskFields>, context: TaskContext) {
  if (fields.status !== undefined && !TASK_STATUSES.includes(fields.status)) throw invalid(taskMessages.selectStatus);
  if (fields.priority !== undefined && !TASK_PRIORITIES.includes(fields.priority)) throw invalid(taskMessages.selectPriority);
  if (fields.eta !== undefined && fields.eta !== null && !ETA.test(fields.eta)) throw invalid(taskMessages.badEta);
  if (fields.assigneeId !== undefined && !context.isAssignable(fields.assigneeId)) throw invalid(taskMessages.notAssignable);
  if (fields.projectId !== undefined && !context.isProject(fields.projectId)) throw notFound('Project not found');
}

export const task: Decider<TaskCommand, TaskEvent, TaskState, TaskContext> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    if (event.type === 'TaskCreated') {
      const { taskId, companyId, title, description, status, priority, eta, assigneeId, projectId } = event.data;
      return { status: 'active', taskId, companyId, fields: { title, description, status, priority, eta, assigneeId, projectId }, comments: new Map() };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'TaskFieldChanged':
        return { ...state, fields: { ...state.fields, [event.data.field]: event.data.to } };
      case 'TaskDeleted':
        return { ...state, status: 'deleted' };
      case 'TaskCommentAdded':
        return { ...state, comments: new Map(state.comments).set(event.data.commentId, { userId: event.data.by.userId, deleted: false }) };
      case 'TaskCommentDeleted': {
        const comment = state.comments.get(event.data.commentId);
        return comment ? { ...state, comments: new Map(state.comments).set(event.data.commentId, { ...comment, deleted: true }) } : state;
      }
    }
  },

  decide(command, state, context) {
    if (command.type === 'CreateTask') {
      if (state.status !== 'none') return [];
      // The create form's messages (management §5).
      if (isBlank(command.title)) throw invalid(taskMessages.required);
      if (isBlank(command.description)) throw invalid(taskMessages.required);
      if (!command.priority) throw invalid(taskMessages.selectPriority);
      if (!command.status) throw invalid(taskMessages.selectStatus);
      if (!command.assigneeId) throw invalid(taskMessages.selectAssignee);
      checkValues(command, context);
      const { type: _type, ...data } = command;
      return [{ type: 'TaskCreated', data: { ...data, title: command.title.trim(), eta: command.eta ?? null } }];
    }
    if (state.status !== 'active') throw notFound(taskMessages.notFound);
    const ref = { taskId: state.taskId, companyId: state.companyId, by: command.by };

    switch (command.type) {
      case 'EditTask': {
        const next = { ...state.fields, ...command.changes };
        for (const [field, label] of PAGE_ORDER) if (isBlank(next[field])) throw invalid(taskMessages.fieldRequired(label));
        const changed = (Object.keys(command.changes) as TaskField[]).filter((field) => command.changes[field] !== undefined && next[field] !== state.fields[field]);
        checkValues(Object.fromEntries(changed.map((f) => [f, next[f]])), context);
        return changed.map((field) => ({
          type: 'TaskFieldChanged',
          data: { ...ref, field, from: state.fields[field] ?? null, to: (field === 'title' ? String(next[field]).trim() : next[field]) ?? null },
        }));
      }
      case 'DeleteTask':
        return [{ type: 'TaskDeleted', data: ref }];
      case 'AddComment':
        if (!command.text.trim()) throw invalid(taskMessages.commentEmpty);
        return [{ type: 'TaskCommentAdded', data: { ...ref, commentId: command.commentId, html: command.html, text: command.text.trim() } }];
      case 'DeleteComment': {
        const comment = state.comments.get(command.commentId);
        if (!comment || comment.deleted) throw notFound(taskMessages.commentNotFound);
        return [{ type: 'TaskCommentDeleted', data: { ...ref, commentId: command.commentId } }];
      }
    }
  },
};

export type TaskNumbersState = { last: number };

/** The next running number for a company and prefix; retried writes never share one. */
export const taskNumbers: Decider<{ type: 'TakeTaskNumber'; companyId: string; prefix: string; projectId: string }, TaskNumberEvent, TaskNumbersState, unknown> = {
  initialState: { last: 0 },
  evolve: (_state, event) => ({ last: event.data.number }),
  decide: (command, state) => [
    { type: 'TaskNumberTaken', data: { companyId: command.companyId, prefix: command.prefix, projectId: command.projectId, number: state.last + 1 } },
  ],
};

export const taskIdOf = (prefix: string, number: number) => `${prefix}-${number}`;
