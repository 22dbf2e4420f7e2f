import { type Actor, authorize } from '../members/authorization.ts';
import { changedBy, type CommandBy } from '../projects/project.ts';
import type { Decider } from '../shared/decider.ts';
import { invalid, notFound } from '../shared/errors.ts';
import { TASK_PRIORITIES, TASK_STATUSES } from './choices.ts';
import type { TaskEvent, TaskField, TaskFields, TaskNumberEvent } from './events.ts';

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

/** Every field of a task, by name: what a command may set, and nothing else. */
export const TASK_FIELDS = ['title', 'description', 'status', 'priority', 'eta', 'assigneeId', 'projectId'] as const satisfies readonly TaskField[];

export type TaskState =
  | { status: 'none' }
  | { status: 'active' | 'deleted'; taskId: string; companyId: string; fields: TaskFields };

export interface TaskContext {
  /** Is this user a live member of one of the company's teams? */
  isAssignable: (userId: string) => boolean;
  /** Is this a live project of the task's company? */
  isProject: (projectId: string) => boolean;
}

export type TaskCommand =
  | ({ type: 'CreateTask'; taskId: string; companyId: string; number: number; fields: TaskFields } & CommandBy)
  | ({ type: 'EditTask'; changes: Partial<TaskFields> } & CommandBy)
  | ({ type: 'DeleteTask' } & CommandBy);

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

/** The task's fields with the given changes (an absent or undefined change keeps the field). */
function withChanges(fields: TaskFields, changes: Partial<TaskFields>): TaskFields {
  const next = <F extends TaskField>(field: F): TaskFields[F] => (changes[field] === undefined ? fields[field] : (changes[field] as TaskFields[F]));
  return {
    title: next('title').trim(),
    description: next('description'),
    status: next('status'),
    priority: next('priority'),
    eta: next('eta'),
    assigneeId: next('assigneeId'),
    projectId: next('projectId'),
  };
}

export const task: Decider<TaskCommand, TaskEvent, TaskState, TaskContext> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    if (event.type === 'TaskCreated') {
      const { taskId, companyId, title, description, status, priority, eta, assigneeId, projectId } = event.data;
      return { status: 'active', taskId, companyId, fields: { title, description, status, priority, eta, assigneeId, projectId } };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'TaskFieldChanged':
        return { ...state, fields: { ...state.fields, [event.data.field]: event.data.to } };
      case 'TaskDeleted':
        return { ...state, status: 'deleted' };
      // Comments recorded on the task's stream before they had streams of their own: decided by comment.ts.
      case 'TaskCommentAdded':
      case 'TaskCommentDeleted':
        return state;
    }
  },

  decide(command, state, context) {
    if (command.type === 'CreateTask') {
      authorize(command.actor, 'CreateTask', { companyId: state.status === 'none' ? command.companyId : state.companyId });
      if (state.status !== 'none') return [];
      const { fields } = command;
      // The create form's messages (management §5).
      if (isBlank(fields.title)) throw invalid(taskMessages.required);
      if (isBlank(fields.description)) throw invalid(taskMessages.required);
      if (!fields.priority) throw invalid(taskMessages.selectPriority);
      if (!fields.status) throw invalid(taskMessages.selectStatus);
      if (!fields.assigneeId) throw invalid(taskMessages.selectAssignee);
      checkValues(fields, context);
      return [
        {
          type: 'TaskCreated',
          data: {
            taskId: command.taskId,
            companyId: command.companyId,
            by: changedBy(command),
            number: command.number,
            title: fields.title.trim(),
            description: fields.description,
            status: fields.status,
            priority: fields.priority,
            eta: fields.eta ?? null,
            assigneeId: fields.assigneeId,
            projectId: fields.projectId,
          },
        },
      ];
    }
    if (state.status === 'none') throw notFound(taskMessages.notFound);
    authorize(command.actor, command.type, { companyId: state.companyId, assigneeId: state.fields.assigneeId });
    if (state.status !== 'active') throw notFound(taskMessages.notFound);
    const ref = { taskId: state.taskId, companyId: state.companyId, by: changedBy(command) };

    switch (command.type) {
      case 'EditTask': {
        const next = withChanges(state.fields, command.changes);
        for (const [field, label] of PAGE_ORDER) if (isBlank(next[field])) throw invalid(taskMessages.fieldRequired(label));
        const changed = TASK_FIELDS.filter((field) => next[field] !== state.fields[field]);
        checkValues(Object.fromEntries(changed.map((field) => [field, next[field]])), context);
        return changed.map((field) => ({ type: 'TaskFieldChanged', data: { ...ref, field, from: state.fields[field] ?? null, to: next[field] ?? null } }));
      }
      case 'DeleteTask':
        return [{ type: 'TaskDeleted', data: ref }];
    }
  },
};

export type TaskNumbersState = { last: number };

export type TakeTaskNumber = { type: 'TakeTaskNumber'; companyId: string; prefix: string; projectId: string; actor: Actor };

/** The next running number for a company and prefix; retried writes never share one. */
export const taskNumbers: Decider<TakeTaskNumber, TaskNumberEvent, TaskNumbersState, unknown> = {
  initialState: { last: 0 },
  evolve: (_state, event) => ({ last: event.data.number }),
  decide(command, state) {
    authorize(command.actor, 'CreateTask', { companyId: command.companyId });
    return [{ type: 'TaskNumberTaken', data: { companyId: command.companyId, prefix: command.prefix, projectId: command.projectId, number: state.last + 1 } }];
  },
};

export const taskIdOf = (prefix: string, number: number) => `${prefix}-${number}`;
