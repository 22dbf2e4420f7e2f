import type { Transaction } from 'kysely';
import type { ProjectEvent } from '../../domain/projects/events.ts';
import type { TaskEvent } from '../../domain/tasks/events.ts';
import type { Database, TasksTable } from '../database.ts';
import type { Projection, Scope } from '../projection.ts';

type Handled = ProjectEvent | TaskEvent;

const COLUMN_OF: Record<string, keyof TasksTable> = {
  title: 'title',
  description: 'description',
  status: 'status',
  priority: 'priority',
  eta: 'eta',
  assigneeId: 'assignee_id',
  projectId: 'project_id',
};

/** Projects with their tasks and the tasks' comments: the projects page, the task table and the task page. */
export const projectsAndTasksProjection: Projection = {
  name: 'projects-and-tasks',
  tables: ['projects', 'tasks', 'task_comments'],
  handles: ['ProjectCreated', 'ProjectRenamed', 'ProjectDeleted', 'TaskCreated', 'TaskFieldChanged', 'TaskDeleted', 'TaskCommentAdded', 'TaskCommentDeleted'],

  async apply(trx, events) {
    const scopes = new Map<string, Scope>();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as Handled;
      await applyOne(trx, event, new Date(recorded.recordedAt));
      scopes.set(event.data.companyId, { kind: 'company', id: event.data.companyId });
    }
    return [...scopes.values()];
  },
};

async function applyOne(trx: Transaction<Database>, event: Handled, at: Date) {
  switch (event.type) {
    case 'ProjectCreated': {
      const { projectId, companyId, name, prefix } = event.data;
      await trx.insertInto('projects').values({ project_id: projectId, company_id: companyId, name, prefix, deleted: false, created_at: at }).execute();
      return;
    }
    case 'ProjectRenamed':
      await trx.updateTable('projects').set({ name: event.data.name }).where('project_id', '=', event.data.projectId).execute();
      return;
    case 'ProjectDeleted':
      await trx.updateTable('projects').set({ deleted: true }).where('project_id', '=', event.data.projectId).execute();
      return;
    case 'TaskCreated': {
      const d = event.data;
      await trx
        .insertInto('tasks')
        .values({
          company_id: d.companyId,
          task_id: d.taskId,
          number: d.number,
          project_id: d.projectId,
          title: d.title,
          description: d.description,
          status: d.status,
          priority: d.priority,
          eta: d.eta,
          assignee_id: d.assigneeId,
          created_by: d.by.userId,
          deleted: false,
          created_at: at,
          updated_at: at,
        })
        .execute();
      return;
    }
    case 'TaskFieldChanged': {
      const { companyId, taskId, field, to } = event.data;
      await trx
        .updateTable('tasks')
        .set({ [COLUMN_OF[field]]: to, updated_at: at })
        .where('company_id', '=', companyId)
        .where('task_id', '=', taskId)
        .execute();
      return;
    }
    case 'TaskDeleted':
      await trx.updateTable('tasks').set({ deleted: true, updated_at: at }).where('company_id', '=', event.data.companyId).where('task_id', '=', event.data.taskId).execute();
      return;
    case 'TaskCommentAdded': {
      const { commentId, companyId, taskId, by, html } = event.data;
      await trx
        .insertInto('task_comments')
        .values({ comment_id: commentId, company_id: companyId, task_id: taskId, user_id: by.userId, user_name: by.name, html, deleted: false, created_at: at })
        .execute();
      return;
    }
    case 'TaskCommentDeleted':
      await trx.updateTable('task_comments').set({ deleted: true }).where('comment_id', '=', event.data.commentId).execute();
      return;
  }
}
