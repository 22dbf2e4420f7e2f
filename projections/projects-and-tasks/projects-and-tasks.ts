import type { Transaction } from 'kysely';
import type { ProjectEvent } from '../../domain/projects/events.ts';
import type { TaskEvent } from '../../domain/tasks/events.ts';
import { decidedAt } from '../../eventstore/decided-at.ts';
import type { LogPosition } from '../../eventstore/types.ts';
import type { Database, TasksTable } from '../database.ts';
import type { Projection, Scope } from '../projection.ts';
import { companyChanges, companyItemChanged } from '../../domain/shared/scope.ts';

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

/** The fields the projects page shows of a task; the tasks table shows them all (and the time of the last change). */
const SUMMARY_FIELDS = new Set(['title', 'status', 'priority', 'eta', 'assigneeId', 'projectId']);
/** The fields that decide whether the timer offers a task, and how. */
const TIMER_FIELDS = new Set(['title', 'status', 'assigneeId', 'projectId']);

/** Projects with their tasks and the tasks' comments: the projects page, the task table and the task page. */
export const projectsAndTasksProjection: Projection = {
  name: 'projects-and-tasks',
  tables: ['projects', 'tasks', 'task_comments'],
  handles: ['ProjectCreated', 'ProjectRenamed', 'ProjectDeleted', 'TaskCreated', 'TaskFieldChanged', 'TaskDeleted', 'TaskCommentAdded', 'TaskCommentDeleted'],

  async apply(trx, events) {
    const scopes: Scope[] = [];
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as Handled;
      scopes.push(...(await applyOne(trx, event, new Date(decidedAt(recorded)), recorded.position)));
    }
    return scopes;
  },
};

async function applyOne(trx: Transaction<Database>, event: Handled, at: Date, position: LogPosition): Promise<Scope[]> {
  const { companyId } = event.data;
  const timerTasksOf = (projectId: string | undefined) => (projectId ? [companyItemChanged(companyId, 'my-tasks', projectId)] : []);
  switch (event.type) {
    case 'ProjectCreated': {
      const { projectId, name, prefix } = event.data;
      await trx.insertInto('projects').values({ project_id: projectId, company_id: companyId, name, prefix, deleted: false, created_at: at }).execute();
      return companyChanges(companyId, 'projects');
    }
    case 'ProjectRenamed':
      await trx.updateTable('projects').set({ name: event.data.name }).where('project_id', '=', event.data.projectId).execute();
      // The tasks table and every task page show their project's name.
      return companyChanges(companyId, 'projects', 'tasks', 'task');
    case 'ProjectDeleted':
      await trx.updateTable('projects').set({ deleted: true }).where('project_id', '=', event.data.projectId).execute();
      return [...companyChanges(companyId, 'projects', 'tasks', 'task'), ...timerTasksOf(event.data.projectId)];
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
      return [...companyChanges(companyId, 'projects', 'tasks'), ...timerTasksOf(d.projectId)];
    }
    case 'TaskFieldChanged': {
      const { taskId, field, from, to } = event.data;
      const row = await trx
        .updateTable('tasks')
        .set({ [COLUMN_OF[field]]: to, updated_at: at })
        .where('company_id', '=', companyId)
        .where('task_id', '=', taskId)
        .returning('project_id')
        .executeTakeFirst();
      return [
        companyItemChanged(companyId, 'task', taskId),
        ...companyChanges(companyId, 'tasks', ...(SUMMARY_FIELDS.has(field) ? (['projects'] as const) : [])),
        ...(TIMER_FIELDS.has(field) ? [...timerTasksOf(row?.project_id), ...(field === 'projectId' ? timerTasksOf(from ?? undefined) : [])] : []),
      ];
    }
    case 'TaskDeleted': {
      const { taskId } = event.data;
      const row = await trx
        .updateTable('tasks')
        .set({ deleted: true, updated_at: at })
        .where('company_id', '=', companyId)
        .where('task_id', '=', taskId)
        .returning('project_id')
        .executeTakeFirst();
      return [companyItemChanged(companyId, 'task', taskId), ...companyChanges(companyId, 'projects', 'tasks'), ...timerTasksOf(row?.project_id)];
    }
    // A comment's events are on its own stream, or, recorded before comments had streams of their own, on its task's: the same either way.
    case 'TaskCommentAdded': {
      const { commentId, taskId, by, html } = event.data;
      await trx
        .insertInto('task_comments')
        .values({
          comment_id: commentId,
          company_id: companyId,
          task_id: taskId,
          user_id: by.userId,
          user_name: by.name,
          html,
          deleted: false,
          created_at: at,
          // Comments are listed in the log's order: posted at once, they may share a decision time.
          commit_position: String(position.commit),
          prepare_position: String(position.prepare),
        })
        .execute();
      return [companyItemChanged(companyId, 'task', taskId)];
    }
    case 'TaskCommentDeleted':
      await trx.updateTable('task_comments').set({ deleted: true }).where('comment_id', '=', event.data.commentId).execute();
      return [companyItemChanged(companyId, 'task', event.data.taskId)];
  }
}
