import { type Kysely, sql } from 'kysely';

/** Read models of application usage and categories (projections/app-usage). */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Time in each application per person, local day (in the session's zone),
  // team and project; idle time apart. Applications are keyed by their
  // trimmed, lower-cased name, shown by the name last seen.
  await sql`
    CREATE TABLE app_usage_days (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      day date NOT NULL,
      team_id uuid NOT NULL,
      project_id uuid NOT NULL,
      app_key text NOT NULL,
      application text NOT NULL,
      active_ms bigint NOT NULL,
      idle_ms bigint NOT NULL,
      PRIMARY KEY (company_id, user_id, day, team_id, project_id, app_key)
    )`.execute(db);
  await sql`CREATE INDEX app_usage_days_company_day_idx ON app_usage_days (company_id, day)`.execute(db);

  // Each application a company's people used, for the categories card.
  await sql`
    CREATE TABLE app_usage_applications (
      company_id uuid NOT NULL,
      app_key text NOT NULL,
      application text NOT NULL,
      PRIMARY KEY (company_id, app_key)
    )`.execute(db);

  // An Admin's category for an application; without a row the default list decides.
  await sql`
    CREATE TABLE app_categories (
      company_id uuid NOT NULL,
      app_key text NOT NULL,
      application text NOT NULL,
      category text NOT NULL,
      updated_at timestamptz NOT NULL,
      updated_by_name text NOT NULL,
      PRIMARY KEY (company_id, app_key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE app_categories`.execute(db);
  await sql`DROP TABLE app_usage_applications`.execute(db);
  await sql`DROP TABLE app_usage_days`.execute(db);
}
