import { type Kysely, sql } from 'kysely';

/** Read model of user accounts (projections/identity). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE accounts (
      user_id uuid PRIMARY KEY,
      email text NOT NULL,
      full_name text NOT NULL,
      email_verified boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX accounts_email_idx ON accounts (email)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE accounts`.execute(db);
}
