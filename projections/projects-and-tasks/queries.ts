import { type Kysely, sql } from 'kysely';
import type { Database } from '../database.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Live projects of a company (or only the given ones) with their live tasks, for the projects page. */
export async function projectsWithTasks(db: Kysely<Database>, companyId: string, onlyProjectIds?: string[]) {
  if (onlyProjectIds && onlyProjectIds.length === 0) return [];
  let query = db.selectFrom('projects').select(['project_id', 'name', 'prefix']).where('company_id', '=', companyId).where('deleted', '=', false);
  if (onlyProjectIds) query = query.where('project_id', 'in', onlyProjectIds);
  const projects = await query.orderBy('name').execute();
  if (projects.length === 0) return [];
  const tasks = await db
    .selectFrom('tasks as t')
    .leftJoin('company_members as m', (join) => join.onRef('m.company_id', '=', 't.company_id').onRef('m.user_id', '=', 't.assignee_id'))
    .select(['t.task_id', 't.project_id', 't.title', 't.status', 't.priority', 't.eta', 't.assignee_id', 'm.name as assignee_name'])
    .where('t.company_id', '=', companyId)
    .where('t.deleted', '=', false)
    .where('t.project_id', 'in', projects.map((p) => p.project_id))
    .orderBy('t.number')
    .execute();
  return projects.map((p) => ({
    projectId: p.project_id,
    name: p.name,
    prefix: p.prefix,
    tasks: tasks.filter((t) => t.project_id === p.project_id).map(taskSummary),
  }));
}

const taskSummary = (t: { task_id: string; title: string; status: string; priority: string; eta: string | null; assignee_id: string; assignee_name: string | null }) => ({
  taskId: t.task_id,
  title: t.title,
  status: t.status,
  priority: t.priority,
  eta: t.eta,
  assignee: { userId: t.assignee_id, name: t.assignee_name ?? '' },
});

export const TASK_SORTS = ['taskId', 'title', 'status', 'priority', 'eta', 'assignee', 'updatedAt'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

export interface TaskFilter {
  projectIds: string[];
  assigneeId?: string;
  status?: string;
  priority?: string;
  search?: string;
  sort: TaskSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** One page of the /manage-tasks table. */
export async function listTasks(db: Kysely<Database>, companyId: string, filter: TaskFilter) {
  if (filter.projectIds.length === 0) return { tasks: [], total: 0 };
  let filtered = db.selectFrom('tasks as t').where('t.company_id', '=', companyId).where('t.deleted', '=', false).where('t.project_id', 'in', filter.projectIds);
  if (filter.assigneeId) filtered = filtered.where('t.assignee_id', '=', filter.assigneeId);
  if (filter.status) filtered = filtered.where('t.status', '=', filter.status);
  if (filter.priority) filtered = filtered.where('t.priority', '=', filter.priority);
  if (filter.search?.trim()) {
    // Matches the trigram index tasks_search_idx.
    filtered = filtered.where(sql<boolean>`(t.task_id || ' ' || t.title) ILIKE ${`%${escapeLike(filter.search.trim())}%`}`);
  }
  const sortColumn = {
    taskId: sql`t.number`,
    title: sql`lower(t.title)`,
    status: sql`t.status`,
    priority: sql`t.priority`,
    eta: sql`t.eta`,
    assignee: sql`lower(m.name)`,
    updatedAt: sql`t.updated_at`,
  }[filter.sort];
  const direction = filter.order === 'desc' ? sql`DESC NULLS LAST` : sql`ASC NULLS LAST`;
  const [counted, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    filtered
      .innerJoin('projects as p', 'p.project_id', 't.project_id')
      .leftJoin('company_members as m', (join) => join.onRef('m.company_id', '=', 't.company_id').onRef('m.user_id', '=', 't.assignee_id'))
      .select(['t.task_id', 't.title', 't.status', 't.priority', 't.eta', 't.assignee_id', 'm.name as assignee_name', 'p.name as project_name', 't.project_id', 't.updated_at'])
      .orderBy(sql`${sortColumn} ${direction}`)
      .orderBy('t.task_id')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
  ]);
  return {
    total: Number(counted.total),
    tasks: rows.map((r) => ({ ...taskSummary(r), projectId: r.project_id, projectName: r.project_name, updatedAt: r.updated_at.toISOString() })),
  };
}

/** One task with its live comments, for the task page. */
export async function findTask(db: Kysely<Database>, companyId: string, taskId: string) {
  const row = await db
    .selectFrom('tasks as t')
    .innerJoin('projects as p', 'p.project_id', 't.project_id')
    .leftJoin('company_members as m', (join) => join.onRef('m.company_id', '=', 't.company_id').onRef('m.user_id', '=', 't.assignee_id'))
    .selectAll('t')
    .select(['p.name as project_name', 'm.name as assignee_name'])
    .where('t.company_id', '=', companyId)
    .where('t.task_id', '=', taskId)
    .where('t.deleted', '=', false)
    .executeTakeFirst();
  if (!row) return null;
  const comments = await db
    .selectFrom('task_comments')
    .select(['comment_id', 'user_id', 'user_name', 'html', 'created_at'])
    .where('company_id', '=', companyId)
    .where('task_id', '=', taskId)
    .where('deleted', '=', false)
    // In the log's order; rows written before positions were kept came before all others.
    .orderBy('commit_position', (ob) => ob.asc().nullsFirst())
    .orderBy('prepare_position', (ob) => ob.asc().nullsFirst())
    .orderBy('created_at')
    .execute();
  return {
    ...taskSummary(row),
    description: row.description,
    projectId: row.project_id,
    projectName: row.project_name,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    comments: comments.map((c) => ({ commentId: c.comment_id, userId: c.user_id, userName: c.user_name, html: c.html, createdAt: c.created_at.toISOString() })),
  };
}

/** The tasks the timer offers: one project's, assigned to the user, not DONE. */
export function tasksForTimer(db: Kysely<Database>, companyId: string, projectId: string, userId: string) {
  return db
    .selectFrom('tasks')
    .select(['task_id as taskId', 'title', 'status'])
    .where('company_id', '=', companyId)
    .where('project_id', '=', projectId)
    .where('assignee_id', '=', userId)
    .where('status', '!=', 'DONE')
    .where('deleted', '=', false)
    .orderBy('number')
    .execute();
}

/** Was this task ever created in the company (a deleted task still has its history)? */
export async function taskWasCreated(db: Kysely<Database>, companyId: string, taskId: string): Promise<boolean> {
  const row = await db.selectFrom('tasks').select('task_id').where('company_id', '=', companyId).where('task_id', '=', taskId).executeTakeFirst();
  return row !== undefined;
}

/** A page of a task's history, newest first. */
export async function taskHistory(db: Kysely<Database>, companyId: string, taskId: string, limit: number, offset: number) {
  const base = db.selectFrom('task_history').where('company_id', '=', companyId).where('task_id', '=', taskId);
  const [{ total }] = await base.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  // Newest first in the log's order; rows written before positions were kept are older than all others, in their stream's order.
  const rows = await base
    .selectAll()
    .orderBy('commit_position', (ob) => ob.desc().nullsLast())
    .orderBy('prepare_position', (ob) => ob.desc().nullsLast())
    .orderBy('version', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const totalCount = Number(total);
  return {
    history: rows.map((r) => ({
      id: r.event_id,
      changeType: r.change_type,
      field: r.field,
      previousValues: r.previous_value,
      newValues: r.new_value,
      changedBy: { userId: r.changed_by_user_id, userName: r.changed_by_name },
      timestamp: r.changed_at.toISOString(),
      commentText: r.comment_text,
    })),
    hasMore: offset + rows.length < totalCount,
    nextOffset: offset + rows.length,
    totalCount,
  };
}
