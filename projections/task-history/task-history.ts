import type { TaskEvent } from '../../domain/tasks/events.ts';
import { decidedAt } from '../../eventstore/decided-at.ts';
import type { Projection, Scope } from '../projection.ts';
import { companyItemChanged } from '../../domain/shared/scope.ts';

/**
 * A task's events as its history: what changed, from what to what, who and
 * when, in the log's order (a comment's events are on its own stream, so the
 * task stream's version no longer orders them all). Rebuilding replays the
 * same events into the same rows.
 */
export const taskHistoryProjection: Projection = {
  name: 'task-history',
  tables: ['task_history'],
  handles: ['TaskCreated', 'TaskFieldChanged', 'TaskDeleted', 'TaskCommentAdded', 'TaskCommentDeleted'],

  async apply(trx, events) {
    const scopes = new Map<string, Scope>();
    const rows = events.map((recorded) => {
      const event = { type: recorded.type, data: recorded.data } as TaskEvent;
      const { companyId, taskId, by } = event.data;
      scopes.set(`${companyId}:${taskId}`, companyItemChanged(companyId, 'task-history', taskId));
      const base = {
        company_id: companyId,
        task_id: taskId,
        event_id: recorded.eventId,
        version: recorded.version,
        commit_position: String(recorded.position.commit),
        prepare_position: String(recorded.position.prepare),
        changed_by_user_id: by.userId,
        changed_by_name: by.name,
        changed_at: new Date(decidedAt(recorded)),
        field: null as string | null,
        previous_value: null as string | null,
        new_value: null as string | null,
        comment_text: null as string | null,
      };
      switch (event.type) {
        case 'TaskCreated':
          return { ...base, change_type: 'created', new_value: event.data.title };
        case 'TaskFieldChanged':
          return { ...base, change_type: 'updated', field: event.data.field, previous_value: event.data.from, new_value: event.data.to };
        case 'TaskDeleted':
          return { ...base, change_type: 'deleted' };
        case 'TaskCommentAdded':
          return { ...base, change_type: 'comment_added', comment_text: event.data.text };
        case 'TaskCommentDeleted':
          return { ...base, change_type: 'comment_deleted' };
      }
    });
    if (rows.length > 0) await trx.insertInto('task_history').values(rows).onConflict((oc) => oc.doNothing()).execute();
    return [...scopes.values()];
  },
};
