import { type Kysely, sql } from 'kysely';

/**
 * Comments and task history in the log's order (projections/projects-and-tasks,
 * projections/task-history). Each comment has a stream of its own now, so the
 * version in the task's stream no longer orders a task's history, nor does the
 * decision time order comments posted at once. Rows written before have no
 * position and come before every row that has one, in their old order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['task_comments', 'task_history']) {
    await sql`ALTER TABLE ${sql.id(table)} ADD COLUMN commit_position bigint, ADD COLUMN prepare_position bigint`.execute(db);
  }
  await sql`DROP INDEX task_comments_task_idx`.execute(db);
  await sql`CREATE INDEX task_comments_task_idx ON task_comments (company_id, task_id, commit_position NULLS FIRST, prepare_position NULLS FIRST, created_at)`.execute(db);
  await sql`DROP INDEX task_history_order_idx`.execute(db);
  await sql`CREATE INDEX task_history_order_idx ON task_history (company_id, task_id, commit_position DESC NULLS LAST, prepare_position DESC NULLS LAST, version DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX task_history_order_idx`.execute(db);
  await sql`CREATE INDEX task_history_order_idx ON task_history (company_id, task_id, version DESC)`.execute(db);
  await sql`DROP INDEX task_comments_task_idx`.execute(db);
  await sql`CREATE INDEX task_comments_task_idx ON task_comments (company_id, task_id, created_at)`.execute(db);
  for (const table of ['task_comments', 'task_history']) {
    await sql`ALTER TABLE ${sql.id(table)} DROP COLUMN commit_position, DROP COLUMN prepare_position`.execute(db);
  }
}
