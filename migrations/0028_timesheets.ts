import { type Kysely, sql } from 'kysely';

/** Each person's timesheet per period, as its stream leaves it (projections/timesheets): no row, an open one. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE timesheets (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      period_start date NOT NULL,
      period_end date NOT NULL,
      status text NOT NULL,
      approver_id uuid,
      approver_name text,
      note text NOT NULL,
      reason text,
      totals jsonb,
      updated_at timestamptz NOT NULL,
      updated_by_name text NOT NULL,
      PRIMARY KEY (company_id, user_id, period_start)
    )`.execute(db);
  await sql`CREATE INDEX timesheets_by_period_idx ON timesheets (company_id, period_start, status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE timesheets`.execute(db);
}
