import { type Kysely, sql } from 'kysely';

/**
 * Each approved timesheet's working time as approved (projections/timesheets,
 * from TimesheetBalanceRecorded): the balance counts it while the period
 * stays approved. Approvals from before have none and are counted as the
 * rules say now: no event of the kind existed, so nothing is rebuilt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE timesheets ADD COLUMN working_time jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE timesheets DROP COLUMN working_time`.execute(db);
}
