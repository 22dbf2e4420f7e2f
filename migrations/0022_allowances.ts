import { type Kysely, sql } from 'kysely';

/** What people and companies have used of their limits (api/limits): shared by every API process, not a read model. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE allowances (
      key text PRIMARY KEY,
      tokens double precision NOT NULL,
      updated_at timestamptz(3) NOT NULL,
      full_at timestamptz(3) NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX allowances_full_at_idx ON allowances (full_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE allowances`.execute(db);
}
