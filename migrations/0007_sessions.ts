import { type Kysely, sql } from 'kysely';

/**
 * Sessions that ended before they expired (projections/identity/sessions.ts),
 * which every request checks its session against; and failed sign-ins per
 * e-mail, which slow down guessing one account's password from many addresses
 * (api/identity/sign-in-failures.ts). The second is not a read model: it is
 * shared by every API process and never rebuilt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ended_sessions (
      session_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      ended_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE sign_in_failures (
      email text PRIMARY KEY,
      failures integer NOT NULL,
      last_failed_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sign_in_failures`.execute(db);
  await sql`DROP TABLE ended_sessions`.execute(db);
}
