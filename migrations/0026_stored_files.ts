import { type Kysely, sql } from 'kysely';

/**
 * Uploaded files (screenshots, thumbnails, task images) kept in PostgreSQL
 * (api/storage/storage.ts, FILE_STORAGE=postgres), so every API process and
 * the worker read the same files. Written by the API, never rebuilt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE stored_files (
      key text PRIMARY KEY,
      bytes bytea NOT NULL,
      stored_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Already compressed images: no point in PostgreSQL compressing them again.
  await sql`ALTER TABLE stored_files ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE stored_files`.execute(db);
}
