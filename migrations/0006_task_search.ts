import { type Kysely, sql } from 'kysely';

/** Trigram index for the task table's text search (id or title, anywhere in the text). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX tasks_search_idx ON tasks USING gin ((task_id || ' ' || title) gin_trgm_ops) WHERE NOT deleted`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX tasks_search_idx`.execute(db);
}
