import { type Kysely, sql } from 'kysely';

/** Read models of the timer and punches (projections/time-tracking) and API tokens (projections/api-tokens). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE running_timers (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      session_id uuid NOT NULL,
      team_id uuid NOT NULL,
      project_id uuid NOT NULL,
      project_name text NOT NULL,
      task_id text NOT NULL,
      task_name text NOT NULL,
      task_details text NOT NULL,
      source text NOT NULL,
      time_zone text NOT NULL,
      started_at timestamptz NOT NULL,
      last_heartbeat_at timestamptz NOT NULL,
      PRIMARY KEY (company_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX running_timers_heartbeat_idx ON running_timers (last_heartbeat_at)`.execute(db);

  await sql`
    CREATE TABLE timelog_entries (
      session_id uuid NOT NULL,
      split_index integer NOT NULL,
      total_splits integer NOT NULL,
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      team_id uuid NOT NULL,
      day date NOT NULL,
      start_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL,
      seconds double precision NOT NULL,
      idle_minutes integer NOT NULL,
      project_id uuid NOT NULL,
      project_name text NOT NULL,
      task_id text NOT NULL,
      task_name text NOT NULL,
      task_details text NOT NULL,
      time_zone text NOT NULL,
      source text NOT NULL,
      abandoned boolean NOT NULL,
      PRIMARY KEY (session_id, split_index)
    )`.execute(db);
  await sql`CREATE INDEX timelog_entries_user_day_idx ON timelog_entries (company_id, user_id, day)`.execute(db);
  await sql`CREATE INDEX timelog_entries_team_day_idx ON timelog_entries (company_id, team_id, day)`.execute(db);

  // Per user and local day: what dashboards and attendance read.
  await sql`
    CREATE TABLE daily_totals (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      day date NOT NULL,
      tracked_seconds double precision NOT NULL DEFAULT 0,
      idle_minutes integer NOT NULL DEFAULT 0,
      PRIMARY KEY (company_id, user_id, day)
    )`.execute(db);

  await sql`
    CREATE TABLE punches (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      at timestamptz NOT NULL,
      state text NOT NULL,
      day date NOT NULL,
      time_zone text NOT NULL,
      PRIMARY KEY (company_id, user_id, at)
    )`.execute(db);
  await sql`CREATE INDEX punches_day_idx ON punches (company_id, user_id, day)`.execute(db);

  await sql`
    CREATE TABLE abandoned_sessions (
      session_id uuid PRIMARY KEY,
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      started_at timestamptz NOT NULL,
      ended_at timestamptz NOT NULL,
      last_heartbeat_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX abandoned_sessions_user_idx ON abandoned_sessions (company_id, user_id, ended_at DESC)`.execute(db);

  await sql`
    CREATE TABLE api_tokens (
      token_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      name text NOT NULL,
      token_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX api_tokens_hash_idx ON api_tokens (token_hash)`.execute(db);
  await sql`CREATE INDEX api_tokens_user_idx ON api_tokens (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['api_tokens', 'abandoned_sessions', 'punches', 'daily_totals', 'timelog_entries', 'running_timers']) {
    await sql`DROP TABLE ${sql.id(table)}`.execute(db);
  }
}
