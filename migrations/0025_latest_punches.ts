import { type Kysely, sql } from 'kysely';

/**
 * Each person's latest punch and the last local day it speaks for (a timer
 * session under a punch in that ends on a later day carries it on), kept by
 * the time-tracking projection, so the timer's status is read from the read
 * model rather than the person's tracker stream. The projection fills it
 * from the log on the next start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE latest_punches (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      state text NOT NULL,
      time_zone text NOT NULL,
      last_day date NOT NULL,
      PRIMARY KEY (company_id, user_id)
    )`.execute(db);
  for (const table of ['running_timers', 'punches', 'abandoned_sessions']) await sql`DELETE FROM ${sql.id(table)}`.execute(db);
  await sql`DELETE FROM projection_checkpoints WHERE name = 'time-tracking'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE latest_punches`.execute(db);
}
