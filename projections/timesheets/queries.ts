import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';

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
  return rows.map((row) => ({
    start: row.period_start,
    end: row.period_end,
    status: row.status,
    approver: row.approver_id && row.approver_name ? { userId: row.approver_id, name: row.approver_name } : null,
    note: row.note,
    reason: row.reason,
    totals: row.totals,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by_name,
  }));
}

/** The timesheets of a company's period that were ever submitted: whose, how they stand, and whom they were sent to. */
export async function timesheetsOfPeriod(db: Kysely<Database>, companyId: string, start: string) {
  const rows = await db.selectFrom('timesheets').select(['user_id', 'status', 'approver_id']).where('company_id', '=', companyId).where('period_start', '=', start).execute();
  return rows.map((row) => ({ userId: row.user_id, status: row.status, approverId: row.approver_id }));
}
