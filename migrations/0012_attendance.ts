import { type Kysely, sql } from 'kysely';

/** Read models of attendance (projections/attendance). */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per person and local day with a punch or tracked time (or, later,
  // leave). `pairs` holds the day's punch pairs as they fall on it (a pair over
  // midnight cut there); `punched_ms` sums the closed ones, `open_in` is the
  // in of the day's pair still without an out, `work_ms` the work time once
  // the day is over (domain/attendance/punch-pairs.ts finishedWorkMs).
  await sql`
    CREATE TABLE attendance_days (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      day date NOT NULL,
      time_zone text,
      pairs jsonb NOT NULL,
      punched_ms bigint NOT NULL,
      work_ms bigint NOT NULL,
      open_in timestamptz,
      check_in timestamptz,
      check_out timestamptz,
      tracked_ms bigint NOT NULL,
      idle_ms bigint NOT NULL,
      last_activity_at timestamptz,
      leave_code text,
      PRIMARY KEY (company_id, user_id, day)
    )`.execute(db);
  await sql`CREATE INDEX attendance_days_company_day_idx ON attendance_days (company_id, day)`.execute(db);

  // Each person's punch in not yet punched out, and the last local day it
  // reaches: a timer session running through midnight carries it on.
  await sql`
    CREATE TABLE attendance_open_punches (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      punch_in_at timestamptz NOT NULL,
      time_zone text NOT NULL,
      day date NOT NULL,
      reach_day date NOT NULL,
      PRIMARY KEY (company_id, user_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE attendance_open_punches`.execute(db);
  await sql`DROP TABLE attendance_days`.execute(db);
}
