import { type Kysely, type Selectable, sql } from 'kysely';
import type { Actor } from '../../domain/members/authorization.ts';
import type { Span } from '../../domain/regularization/time-span.ts';
import type { RegularizationRequestToProcess, RegularizationRequestView } from '../../domain/regularization/views.ts';
import type { Database, RegularizationRequestsTable } from '../database.ts';
import { progressOf, requestVisibleTo, toProcessOf } from '../request-history/index.ts';

export interface TablePage {
  page: number;
  pageSize: number;
}

const toView = (row: Selectable<RegularizationRequestsTable>): RegularizationRequestView => ({
  requestId: row.request_id,
  date: row.date,
  startMinute: row.start_minute,
  durationMinutes: row.duration_minutes,
  timeZone: row.time_zone,
  start: row.start_at.toISOString(),
  end: row.end_at.toISOString(),
  teamId: row.team_id,
  project: { projectId: row.project_id, name: row.project_name },
  task: { taskId: row.task_id, name: row.task_name },
  taskDetails: row.task_details,
  ...progressOf(row),
});

/** A person's own requests, the latest day and time first, one page of them. */
export async function myRegularizationRequests(db: Kysely<Database>, companyId: string, userId: string, { page, pageSize }: TablePage) {
  const mine = db.selectFrom('regularization_requests').where('company_id', '=', companyId).where('user_id', '=', userId);
  const [rows, { total }] = await Promise.all([
    mine
      .selectAll()
      .orderBy('date', 'desc')
      .orderBy('start_minute', 'desc')
      .orderBy('request_id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    mine.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { requests: rows.map(toView), total: Number(total) };
}

/**
 * The requests a viewer processes or follows (/requestsregularization): those
 * sent to them, and as an Admin, Head or Manager those they may see
 * (requestVisibleTo), their own left out. Declined ones are hidden
 * (management §4). Pending ones first, then the latest day first.
 */
export async function regularizationRequestsToProcess(db: Kysely<Database>, actor: Actor, { page, pageSize }: TablePage) {
  const visible = db
    .selectFrom('regularization_requests as r')
    .where('r.company_id', '=', actor.companyId)
    .where('r.user_id', '<>', actor.userId)
    .where('r.status', '<>', 'Declined')
    .where(requestVisibleTo(actor, 'r.user_id', 'r.assignee_id'));
  const [rows, { total }] = await Promise.all([
    visible
      .innerJoin('company_members as m', (join) => join.onRef('m.company_id', '=', 'r.company_id').onRef('m.user_id', '=', 'r.user_id'))
      .selectAll('r')
      .select(['m.name as requester_name', 'm.email as requester_email'])
      .orderBy(sql`r.status = 'Pending'`, 'desc')
      .orderBy('r.date', 'desc')
      .orderBy('r.start_minute', 'desc')
      .orderBy('r.request_id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    visible.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const requests: RegularizationRequestToProcess[] = rows.map((row) => ({ ...toView(row), ...toProcessOf(row, actor) }));
  return { requests, total: Number(total) };
}

/** Whose stream a request is in, if the viewer may see it; undefined otherwise, as for one that does not exist. */
export async function visibleRegularizationRequest(db: Kysely<Database>, actor: Actor, requestId: string) {
  return db
    .selectFrom('regularization_requests')
    .select('user_id as requesterId')
    .where('company_id', '=', actor.companyId)
    .where('request_id', '=', requestId)
    .where(requestVisibleTo(actor, 'user_id', 'assignee_id'))
    .executeTakeFirst();
}

/** A live project of the company, with its name. */
export async function liveProject(db: Kysely<Database>, companyId: string, projectId: string) {
  return db.selectFrom('projects').select('name').where('company_id', '=', companyId).where('project_id', '=', projectId).where('deleted', '=', false).executeTakeFirst();
}

/** A task of a live project a person may log time on, as the timer offers them: assigned to them and not DONE. */
export async function loggableTask(db: Kysely<Database>, companyId: string, userId: string, projectId: string, taskId: string) {
  return db
    .selectFrom('tasks')
    .select('title as name')
    .where('company_id', '=', companyId)
    .where('project_id', '=', projectId)
    .where('task_id', '=', taskId)
    .where('assignee_id', '=', userId)
    .where('status', '<>', 'DONE')
    .where('deleted', '=', false)
    .executeTakeFirst();
}

/**
 * A person's timer time that meets a span (a local day of theirs), from the
 * time log: not its manual entries, which are their own stream's approved
 * requests. Entries are filed by the local day of the zone they were tracked
 * in, at most a day and some hours from the span's.
 */
export async function timerTimeWithin(db: Kysely<Database>, companyId: string, userId: string, days: { from: string; to: string }, span: Span): Promise<Span[]> {
  const rows = await db
    .selectFrom('timelog_entries')
    .select(['start_at', 'end_at'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('day', '>=', days.from)
    .where('day', '<=', days.to)
    .where('source', '<>', 'manual')
    .where('start_at', '<', new Date(span.end))
    .where('end_at', '>', new Date(span.start))
    .orderBy('start_at')
    .execute();
  return rows.map((row) => ({ start: row.start_at.toISOString(), end: row.end_at.toISOString() }));
}
