import { type Kysely, sql } from 'kysely';

/** Read models of the company's settings (projections/settings). */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per company that has changed a setting; a company without one
  // works with the defaults (projections/settings/queries.ts).
  await sql`
    CREATE TABLE company_settings (
      company_id uuid PRIMARY KEY,
      daily_threshold_minutes integer NOT NULL,
      screenshots_enabled boolean NOT NULL,
      updated_at timestamptz NOT NULL,
      updated_by uuid NOT NULL
    )`.execute(db);

  // The paid leave allocation of each company and year; no row: no policy.
  await sql`
    CREATE TABLE leave_policies (
      company_id uuid NOT NULL,
      year integer NOT NULL,
      paid_leave_days integer NOT NULL,
      updated_at timestamptz NOT NULL,
      updated_by uuid NOT NULL,
      updated_by_name text NOT NULL,
      PRIMARY KEY (company_id, year)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE leave_policies`.execute(db);
  await sql`DROP TABLE company_settings`.execute(db);
}
