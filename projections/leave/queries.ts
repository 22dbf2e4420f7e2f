import { type Kysely, type Selectable, sql } from 'kysely';
import { balanceFrom } from '../../domain/leave/balance.ts';
import { PAID_LEAVE, type LeaveType } from '../../domain/leave/events.ts';
import type { LeaveRequestToProcess, LeaveRequestView, PaidLeaveBalanceView } from '../../domain/leave/views.ts';
import type { Actor } from '../../domain/members/authorization.ts';
import type { Database, LeaveRequestsTable } from '../database.ts';
import { holidaysOfPeople } from '../working-time/queries.ts';
import { progressOf, requestVisibleTo, toProcessOf } from '../request-history/index.ts';

const toView = (row: Selectable<LeaveRequestsTable>): LeaveRequestView => ({
  requestId: row.request_id,
  leaveDate: row.leave_date,
  type: row.type as LeaveType,
  comment: row.comment,
  ...progressOf(row),
});

/** A person's own requests, the latest day first. */
export async function myLeaveRequests(db: Kysely<Database>, companyId: string, userId: string): Promise<LeaveRequestView[]> {
  const rows = await db
    .selectFrom('leave_requests')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .orderBy('leave_date', 'desc')
    .orderBy('requested_at', 'desc')
    .execute();
  return rows.map(toView);
}

/**
 * The requests a viewer processes or follows (/requestsleave): those sent to
 * them, and as an Admin, Head or Manager those they may see (requestVisibleTo),
 * their own left out. Pending ones first, then the latest day first.
 */
export async function leaveRequestsToProcess(db: Kysely<Database>, actor: Actor): Promise<LeaveRequestToProcess[]> {
  const rows = await db
    .selectFrom('leave_requests as r')
    .innerJoin('company_members as m', (join) => join.onRef('m.company_id', '=', 'r.company_id').onRef('m.user_id', '=', 'r.user_id'))
    .selectAll('r')
    .select(['m.name as requester_name', 'm.email as requester_email'])
    .where('r.company_id', '=', actor.companyId)
    .where('r.user_id', '<>', actor.userId)
    .where(requestVisibleTo(actor, 'r.user_id', 'r.assignee_id'))
    .orderBy(sql`r.status = 'Pending'`, 'desc')
    .orderBy('r.leave_date', 'desc')
    .orderBy('r.requested_at', 'desc')
    .execute();
  return rows.map((row) => ({ ...toView(row), ...toProcessOf(row, actor) }));
}

/** Whose stream a request is in, if the viewer may see it; undefined otherwise, as for one that does not exist. */
export async function visibleLeaveRequest(db: Kysely<Database>, actor: Actor, requestId: string) {
  return db
    .selectFrom('leave_requests')
    .select('user_id as requesterId')
    .where('company_id', '=', actor.companyId)
    .where('request_id', '=', requestId)
    .where(requestVisibleTo(actor, 'user_id', 'assignee_id'))
    .executeTakeFirst();
}

/** A company's paid leave days for a year; null without a policy (projections/settings keeps leave_policies). */
async function paidLeaveDays(db: Kysely<Database>, companyId: string, year: number): Promise<number | null> {
  const policy = await db.selectFrom('leave_policies').select('paid_leave_days').where('company_id', '=', companyId).where('year', '=', year).executeTakeFirst();
  return policy?.paid_leave_days ?? null;
}

/** Every year's paid leave days of a company: a policy a year since 2023, a handful of rows. */
export async function leavePolicies(db: Kysely<Database>, companyId: string): Promise<Map<number, number>> {
  const rows = await db.selectFrom('leave_policies').select(['year', 'paid_leave_days']).where('company_id', '=', companyId).execute();
  return new Map(rows.map((row) => [row.year, row.paid_leave_days]));
}

/** A person's paid leave of a year as the request page shows it: allocated, used, pending and what is left. */
export async function paidLeaveBalanceOf(db: Kysely<Database>, companyId: string, userId: string, year: number): Promise<PaidLeaveBalanceView> {
  const [allocated, usage, pending, onHolidays] = await Promise.all([
    paidLeaveDays(db, companyId, year),
    db.selectFrom('leave_usage').select('used_paid').where('company_id', '=', companyId).where('user_id', '=', userId).where('year', '=', year).executeTakeFirst(),
    db
      .selectFrom('leave_requests')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('type', '=', PAID_LEAVE)
      .where('status', '=', 'Pending')
      .where('leave_date', '>=', `${year}-01-01`)
      .where('leave_date', '<=', `${year}-12-31`)
      .executeTakeFirstOrThrow(),
    paidLeaveOnHolidays(db, companyId, userId, year),
  ]);
  return { year, hasPolicy: allocated !== null, ...balanceFrom(allocated ?? 0, (usage?.used_paid ?? 0) - onHolidays.Approved, Number(pending.count) - onHolidays.Pending) };
}

/** A person's paid leave requests of a year that fall on their holidays, approved and pending: they spend no day (domain/leave/balance.ts). */
async function paidLeaveOnHolidays(db: Kysely<Database>, companyId: string, userId: string, year: number): Promise<{ Approved: number; Pending: number }> {
  const holidays = (await holidaysOfPeople(db, companyId, [userId], `${year}-01-01`, `${year}-12-31`)).get(userId)!;
  const counts = { Approved: 0, Pending: 0 };
  if (holidays.length === 0) return counts;
  const rows = await db
    .selectFrom('leave_requests')
    .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('type', '=', PAID_LEAVE)
    .where('status', 'in', ['Approved', 'Pending'])
    .where('leave_date', 'in', holidays.map((holiday) => holiday.day))
    .groupBy('status')
    .execute();
  for (const row of rows) counts[row.status as 'Approved' | 'Pending'] = Number(row.count);
  return counts;
}
