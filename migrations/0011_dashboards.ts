import { type Kysely, sql } from 'kysely';

/** Read models of the dashboards (projections/dashboards). */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Each member's hourly rate from the moment it took effect; 0: no rate.
  await sql`
    CREATE TABLE member_rates (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      effective_at timestamptz NOT NULL,
      rate_cents integer NOT NULL,
      PRIMARY KEY (company_id, user_id, effective_at)
    )`.execute(db);

  // Tracked time per person, local day (in the person's zone when tracking),
  // team, project, task and the rate in force: the dashboards read only this.
  await sql`
    CREATE TABLE daily_rollups (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      day date NOT NULL,
      team_id uuid NOT NULL,
      project_id uuid NOT NULL,
      project_name text NOT NULL,
      task_id text NOT NULL,
      rate_cents integer NOT NULL,
      tracked_ms bigint NOT NULL,
      idle_ms bigint NOT NULL,
      manual_ms bigint NOT NULL,
      entries integer NOT NULL,
      first_start timestamptz NOT NULL,
      last_end timestamptz NOT NULL,
      PRIMARY KEY (company_id, user_id, day, team_id, project_id, task_id, rate_cents)
    )`.execute(db);
  await sql`CREATE INDEX daily_rollups_company_day_idx ON daily_rollups (company_id, day)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE daily_rollups`.execute(db);
  await sql`DROP TABLE member_rates`.execute(db);
}
