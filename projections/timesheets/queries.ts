import type { Kysely, Selectable } from 'kysely';
import type { RecordedBalanceDay } from '../../domain/timesheets/events.ts';
import { rangeTimesheetStatus } from '../../domain/timesheets/range-status.ts';
import type { TimesheetStatus } from '../../domain/timesheets/timesheet.ts';
import type { Database, TimesheetsTable } from '../database.ts';
import { settingsOf } from '../settings/queries.ts';

/** Local days, both included. */
interface DayRange {
  from: string;
  to: string;
}

/** A person's timesheets of the periods starting in a range, oldest first; a period without one is open. */
export async function timesheetsOf(db: Kysely<Database>, companyId: string, userId: string, { from, to }: DayRange) {
  const rows = await db
    .selectFrom('timesheets')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('period_start', '>=', from)
    .where('period_start', '<=', to)
    .orderBy('period_start')
    .execute();
  return rows.map(sheetOf);
}

function sheetOf(row: Selectable<TimesheetsTable>) {
  return {
    start: row.period_start,
    end: row.period_end,
    status: row.status,
    approver: row.approver_id && row.approver_name ? { userId: row.approver_id, name: row.approver_name } : null,
    note: row.note,
    reason: row.reason,
    totals: row.totals,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by_name,
  };
}

/** A person's timesheet of the period starting on that day, as the read model holds it; undefined while it is open. */
export async function timesheetOf(db: Kysely<Database>, companyId: string, userId: string, start: string) {
  const [sheet] = await timesheetsOf(db, companyId, userId, { from: start, to: start });
  return sheet;
}

/**
 * A person's time over a period by project and task, in minutes per local
 * day: the time log's rows' shown minutes (their shares of each day's
 * minutes), so a day's cells add up to the day's tracked time on every page.
 */
export async function timeByTask(db: Kysely<Database>, companyId: string, userId: string, { from, to }: DayRange) {
  const rows = await db
    .selectFrom('timelog_entries')
    .select((eb) => ['project_id', 'task_id', 'day', eb.fn.max('project_name').as('project_name'), eb.fn.max('task_name').as('task_name'), eb.fn.sum<string>('tracked_minutes').as('minutes')])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['project_id', 'task_id', 'day'])
    .execute();
  return rows.map((row) => ({ projectId: row.project_id, projectName: row.project_name, taskId: row.task_id, taskName: row.task_name, day: row.day, minutes: Number(row.minutes) }));
}

/** The timesheets of many people for the period starting on that day, by person; a person without one is open. */
export async function timesheetsOfPeriod(db: Kysely<Database>, companyId: string, userIds: readonly string[], start: string) {
  if (!userIds.length) return new Map<string, ReturnType<typeof sheetOf>>();
  const rows = await db
    .selectFrom('timesheets')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', 'in', userIds)
    .where('period_start', '=', start)
    .execute();
  return new Map(rows.map((row) => [row.user_id, sheetOf(row)]));
}

/** A person's approved (locked) periods that reach into a range of days, oldest first. */
export async function lockedPeriods(db: Kysely<Database>, companyId: string, userId: string, { from, to }: DayRange) {
  return db
    .selectFrom('timesheets')
    .select(['period_start as start', 'period_end as end'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('status', '=', 'Approved')
    .where('period_start', '<=', to)
    .where('period_end', '>=', from)
    .orderBy('period_start')
    .execute();
}

/** Many people's timesheet statuses of the periods that reach into a range of days: by person, by period start. */
export async function timesheetStatusesOf(db: Kysely<Database>, companyId: string, userIds: readonly string[], { from, to }: DayRange) {
  const statuses = new Map<string, Map<string, TimesheetsTable['status']>>();
  if (!userIds.length) return statuses;
  const rows = await db
    .selectFrom('timesheets')
    .select(['user_id', 'period_start', 'status'])
    .where('company_id', '=', companyId)
    .where('user_id', 'in', userIds)
    .where('period_start', '<=', to)
    .where('period_end', '>=', from)
    .execute();
  for (const row of rows) {
    const own = statuses.get(row.user_id) ?? new Map();
    own.set(row.period_start, row.status);
    statuses.set(row.user_id, own);
  }
  return statuses;
}

/**
 * What each person's timesheets say of a range, for the rows of a dashboard
 * (rangeTimesheetStatus): null while none of its periods has ended.
 * `today`: the company's.
 */
export async function rangeStatusesOf(db: Kysely<Database>, companyId: string, userIds: readonly string[], range: DayRange, today: string): Promise<Map<string, TimesheetStatus | null>> {
  const [{ timesheetPeriods: schedule }, statuses] = await Promise.all([settingsOf(db, companyId), timesheetStatusesOf(db, companyId, userIds, range)]);
  return new Map(userIds.map((userId) => [userId, rangeTimesheetStatus(schedule, range, today, statuses.get(userId) ?? new Map())]));
}

/** The timesheets of a company's period that were ever submitted: whose, how they stand, and whom they were sent to. */
export async function submittedInPeriod(db: Kysely<Database>, companyId: string, start: string) {
  const rows = await db.selectFrom('timesheets').select(['user_id', 'status', 'approver_id']).where('company_id', '=', companyId).where('period_start', '=', start).execute();
  return rows.map((row) => ({ userId: row.user_id, status: row.status, approverId: row.approver_id }));
}

/** Each person's days of approved periods as approved (TimesheetBalanceRecorded): day → target and worked minutes. */
export async function approvedWorkingTime(db: Kysely<Database>, companyId: string, userIds: readonly string[], range: { from: string; to: string }): Promise<Map<string, Map<string, RecordedBalanceDay>>> {
  const rows = await db
    .selectFrom('timesheets')
    .select(['user_id', 'working_time'])
    .where('company_id', '=', companyId)
    .where('user_id', 'in', userIds)
    .where('status', '=', 'Approved')
    .where('working_time', 'is not', null)
    .where('period_end', '>=', range.from)
    .where('period_start', '<=', range.to)
    .execute();
  const byPerson = new Map<string, Map<string, RecordedBalanceDay>>();
  for (const row of rows) {
    const days = byPerson.get(row.user_id) ?? new Map<string, RecordedBalanceDay>();
    for (const day of row.working_time ?? []) days.set(day.day, day);
    byPerson.set(row.user_id, days);
  }
  return byPerson;
}
