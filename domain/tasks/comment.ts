import { authorize } from '../members/authorization.ts';
import { changedBy, type CommandBy } from '../projects/project.ts';
import type { Decider } from '../shared/decider.ts';
import { invalid, notFound } from '../shared/errors.ts';
import type { TaskCommentEvent, TaskEvent } from './events.ts';
import { taskMessages } from './task.ts';

/**
 * A task as its comments need it, folded from the task's own stream (never a
 * read model): whether it exists, who it is assigned to (they may comment),
 * and the comments recorded on that stream before comments had streams of
 * their own. Small, so a process may keep many.
 */
export type CommentedTask =
  | { status: 'none' }
  | { status: 'active' | 'deleted'; taskId: string; companyId: string; assigneeId: string; commentsOnTaskStream: ReadonlyMap<string, { deleted: boolean }> };

export const commentedTask = {
  initialState: { status: 'none' } as CommentedTask,
  evolve(state: CommentedTask, event: TaskEvent): CommentedTask {
    if (event.type === 'TaskCreated') {
      const { taskId, companyId, assigneeId } = event.data;
      return { status: 'active', taskId, companyId, assigneeId, commentsOnTaskStream: new Map() };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'TaskFieldChanged':
        return event.data.field === 'assigneeId' && event.data.to ? { ...state, assigneeId: event.data.to } : state;
      case 'TaskDeleted':
        return { ...state, status: 'deleted' };
      case 'TaskCommentAdded':
      case 'TaskCommentDeleted':
        return { ...state, commentsOnTaskStream: new Map(state.commentsOnTaskStream).set(event.data.commentId, { deleted: event.type === 'TaskCommentDeleted' }) };
    }
  },
};

/**
 * One comment, on a stream of its own (`taskCommentStream`): people commenting
 * at once never contend with each other or with the task's edits, and the
 * log's order is the comments' order.
 */
export type CommentState = { status: 'none' | 'added' | 'deleted' };

export interface CommentContext {
  task: CommentedTask;
}

export type CommentCommand =
  | ({ type: 'AddComment'; commentId: string; html: string; text: string } & CommandBy)
  | ({ type: 'DeleteComment'; commentId: string } & CommandBy);

export const comment: Decider<CommentCommand, TaskCommentEvent, CommentState, CommentContext> = {
  initialState: { status: 'none' },

  evolve: (_state, event) => ({ status: event.type === 'TaskCommentAdded' ? 'added' : 'deleted' }),

  decide(command, state, { task }) {
    if (task.status === 'none') throw notFound(taskMessages.notFound);
    authorize(command.actor, command.type, { companyId: task.companyId, assigneeId: task.assigneeId });
    if (task.status !== 'active') throw notFound(taskMessages.notFound);
    const ref = { taskId: task.taskId, companyId: task.companyId, by: changedBy(command), commentId: command.commentId };

    switch (command.type) {
      case 'AddComment':
        if (state.status !== 'none') return [];
        if (!command.text.trim()) throw invalid(taskMessages.commentEmpty);
        return [{ type: 'TaskCommentAdded', data: { ...ref, html: command.html, text: command.text.trim() } }];
      case 'DeleteComment': {
        const onTaskStream = task.commentsOnTaskStream.get(command.commentId);
        const live = state.status === 'added' || (state.status === 'none' && onTaskStream?.deleted === false);
        if (!live) throw notFound(taskMessages.commentNotFound);
        return [{ type: 'TaskCommentDeleted', data: ref }];
      }
    }
  },
};
