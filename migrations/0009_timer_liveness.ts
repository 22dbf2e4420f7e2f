import { type Kysely, sql } from 'kysely';

/**
 * When each running session's client last said it was alive
 * (api/time-tracking/abandoned-sessions.ts). Not a read model: the API writes it
 * directly on every heartbeat, so that beats stay off the log, and it is never
 * rebuilt; the abandoned-session sweep reads it and forgets the rows of ended
 * sessions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE timer_liveness (
      session_id uuid PRIMARY KEY,
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      last_beat_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE timer_liveness`.execute(db);
}
