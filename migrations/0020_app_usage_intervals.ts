import { type Kysely, sql } from 'kysely';

/**
 * The time already counted in app_usage_days, per person: merged intervals,
 * so a replayed or overlapping batch of application usage counts each moment
 * once (projections/app-usage).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE app_usage_intervals (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      start_at timestamptz(3) NOT NULL,
      end_at timestamptz(3) NOT NULL,
      PRIMARY KEY (company_id, user_id, start_at)
    )`.execute(db);
  // A person's intervals are disjoint, so those meeting [a, b) are the ones
  // ending at or after a and starting by b: found from the end, where new
  // usage arrives.
  await sql`CREATE INDEX app_usage_intervals_person_end_idx ON app_usage_intervals (company_id, user_id, end_at)`.execute(db);
  // The sums so far may count a moment twice: the read model is built again from the log on the next start.
  await sql`DELETE FROM app_usage_days`.execute(db);
  await sql`DELETE FROM projection_checkpoints WHERE name = 'app-usage'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE app_usage_intervals`.execute(db);
}
