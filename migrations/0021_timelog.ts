import { type Kysely, sql } from 'kysely';

/**
 * The time log as one read model (projections/timelog): time-log pieces with
 * their exact and shown figures, rates, and the idle beats of running
 * sessions. It replaces the time log of projections/time-tracking and the
 * rollups of the former dashboards read model, so those are dropped and the
 * time log is built again from the log on the next start (no checkpoint: a replay).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE timelog_entries`.execute(db);
  await sql`DROP TABLE daily_totals`.execute(db);
  await sql`DROP TABLE daily_rollups`.execute(db);
  await sql`DELETE FROM member_rates`.execute(db);
  await sql`DELETE FROM projection_checkpoints WHERE name IN ('dashboards', 'timelog')`.execute(db);
  await sql`DELETE FROM projection_failures WHERE projection = 'dashboards'`.execute(db);

  // One piece of a session (or of approved manual time): its part of one
  // local day at one rate. Exact milliseconds, and the minutes and cents it
  // shows: its share of its day's (domain/accounting/day-account.ts).
  await sql`
    CREATE TABLE timelog_entries (
      session_id uuid NOT NULL,
      split_index integer NOT NULL,
      rate_part integer NOT NULL,
      total_splits integer NOT NULL,
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      team_id uuid NOT NULL,
      day date NOT NULL,
      start_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL,
      tracked_ms bigint NOT NULL,
      idle_ms bigint NOT NULL,
      tracked_minutes integer NOT NULL,
      idle_minutes integer NOT NULL,
      rate_cents integer NOT NULL,
      earnings_cents bigint NOT NULL,
      project_id uuid NOT NULL,
      project_name text NOT NULL,
      task_id text NOT NULL,
      task_name text NOT NULL,
      task_details text NOT NULL,
      time_zone text NOT NULL,
      source text NOT NULL,
      abandoned boolean NOT NULL,
      -- A person's days together: the pieces of a day are read and written side by side.
      PRIMARY KEY (company_id, user_id, day, session_id, split_index, rate_part)
    )`.execute(db);
  // The dashboards sum a company's days.
  await sql`CREATE INDEX timelog_entries_company_day_idx ON timelog_entries (company_id, day)`.execute(db);

  // The idle beats of each running session, until it ends.
  await sql`
    CREATE TABLE timelog_running (
      session_id uuid PRIMARY KEY,
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      idle_beats jsonb NOT NULL
    )`.execute(db);

  // Attendance asks only whether a day was worked; its time comes from the time log.
  await sql`ALTER TABLE attendance_days ADD COLUMN tracked boolean NOT NULL DEFAULT false`.execute(db);
  await sql`UPDATE attendance_days SET tracked = tracked_ms > 0`.execute(db);
  await sql`ALTER TABLE attendance_days DROP COLUMN tracked_ms, DROP COLUMN idle_ms`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('The time log read model cannot be taken back: rebuild from the log instead.');
}
