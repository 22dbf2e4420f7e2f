import { type Kysely, sql } from 'kysely';

/** Read models of leave (projections/leave) and of every request's history (projections/request-history). */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Each leave request not deleted, as it stands now.
  await sql`
    CREATE TABLE leave_requests (
      company_id uuid NOT NULL,
      request_id uuid NOT NULL,
      user_id uuid NOT NULL,
      leave_date date NOT NULL,
      type text NOT NULL,
      comment text NOT NULL,
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
  await sql`CREATE INDEX leave_requests_user_idx ON leave_requests (company_id, user_id, leave_date DESC)`.execute(db);
  await sql`CREATE INDEX leave_requests_assignee_idx ON leave_requests (company_id, assignee_id)`.execute(db);

  // Management §3 'Leave usage': the approved days of each kind, per person and year.
  await sql`
    CREATE TABLE leave_usage (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      year integer NOT NULL,
      used_paid integer NOT NULL,
      used_sick integer NOT NULL,
      used_casual integer NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (company_id, user_id, year)
    )`.execute(db);

  // Every request's events (leave and regularization) as who did what, when.
  // The requester and the person last asked decide who may read it, even
  // after the request itself was deleted.
  await sql`
    CREATE TABLE request_history (
      company_id uuid NOT NULL,
      request_id uuid NOT NULL,
      kind text NOT NULL,
      event_id uuid NOT NULL,
      -- The event's version in the requester's stream: the history's exact order.
      version integer NOT NULL,
      at timestamptz NOT NULL,
      requester_user_id uuid NOT NULL,
      assignee_user_id uuid,
      actor_user_id uuid NOT NULL,
      actor_name text NOT NULL,
      action text NOT NULL,
      comment text,
      changes jsonb NOT NULL,
      PRIMARY KEY (company_id, request_id, event_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE request_history`.execute(db);
  await sql`DROP TABLE leave_usage`.execute(db);
  await sql`DROP TABLE leave_requests`.execute(db);
}
