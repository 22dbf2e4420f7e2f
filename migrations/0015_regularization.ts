import { type Kysely, sql } from 'kysely';

/** Read model of regularization requests (projections/regularization). */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Each regularization request not deleted, as it stands now: the time asked
  // for (typed, and the instants it covers), what it goes to, whom it waits
  // for, and how it was processed.
  await sql`
    CREATE TABLE regularization_requests (
      company_id uuid NOT NULL,
      request_id uuid NOT NULL,
      user_id uuid NOT NULL,
      team_id uuid NOT NULL,
      date date NOT NULL,
      start_minute integer NOT NULL,
      duration_minutes integer NOT NULL,
      time_zone text NOT NULL,
      start_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL,
      project_id uuid NOT NULL,
      project_name text NOT NULL,
      task_id text NOT NULL,
      task_name text NOT NULL,
      task_details text NOT NULL,
      assignee_id uuid NOT NULL,
      assignee_name text NOT NULL,
      status text NOT NULL,
      requested_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      processed_by_name text,
      processed_at timestamptz,
      process_comment text,
      PRIMARY KEY (company_id, request_id)
    )`.execute(db);
  await sql`CREATE INDEX regularization_requests_user_idx ON regularization_requests (company_id, user_id, date DESC)`.execute(db);
  await sql`CREATE INDEX regularization_requests_assignee_idx ON regularization_requests (company_id, assignee_id)`.execute(db);
  // The sweep that moves requests whose assignee left looks only at pending ones.
  await sql`CREATE INDEX regularization_requests_pending_idx ON regularization_requests (company_id) WHERE status = 'Pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE regularization_requests`.execute(db);
}
