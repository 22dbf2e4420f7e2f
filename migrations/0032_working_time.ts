import { type Kysely, sql } from 'kysely';

/** Read models of working time (projections/working-time). */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per company that changed a working-time rule; a company without one has the defaults.
  await sql`
    CREATE TABLE working_time_rules (
      company_id uuid PRIMARY KEY,
      working_days smallint[] NOT NULL,
      daily_target_minutes integer,
      holiday_region text,
      carry_over_cap_minutes integer,
      overtime_expiry_months integer,
      idle_counts boolean NOT NULL
    )`.execute(db);

  // The holidays a company gives besides the public ones.
  await sql`
    CREATE TABLE company_holidays (
      company_id uuid NOT NULL,
      day date NOT NULL,
      name text NOT NULL,
      PRIMARY KEY (company_id, day)
    )`.execute(db);

  // Each person's contracts, by their first day; until null: open-ended.
  await sql`
    CREATE TABLE working_time_contracts (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      from_day date NOT NULL,
      until_day date,
      weekday_minutes integer[] NOT NULL,
      PRIMARY KEY (company_id, user_id, from_day)
    )`.execute(db);

  // A person's own holiday region, where it differs from the company's.
  await sql`
    CREATE TABLE working_time_regions (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      region text NOT NULL,
      PRIMARY KEY (company_id, user_id)
    )`.execute(db);

  // Corrections and payouts, by their version in the person's stream: the order they were recorded in.
  await sql`
    CREATE TABLE working_time_entries (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      version integer NOT NULL,
      day date NOT NULL,
      kind text NOT NULL,
      minutes integer NOT NULL,
      reason text NOT NULL,
      by_name text NOT NULL,
      at timestamptz NOT NULL,
      PRIMARY KEY (company_id, user_id, version)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE working_time_entries`.execute(db);
  await sql`DROP TABLE working_time_regions`.execute(db);
  await sql`DROP TABLE working_time_contracts`.execute(db);
  await sql`DROP TABLE company_holidays`.execute(db);
  await sql`DROP TABLE working_time_rules`.execute(db);
}
