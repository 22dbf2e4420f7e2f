import { type Kysely, sql } from 'kysely';

/** Read model of the activity log (projections/activity-log). */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per event worth telling, newest first by its place in the log
  // (which is also the keyset the pages follow).
  await sql`
    CREATE TABLE activity_log (
      company_id uuid NOT NULL,
      event_id uuid NOT NULL,
      commit_position bigint NOT NULL,
      prepare_position bigint NOT NULL,
      at timestamptz NOT NULL,
      kind text NOT NULL,
      actor_user_id uuid,
      actor_name text NOT NULL,
      subject_user_id uuid,
      sentence text NOT NULL,
      PRIMARY KEY (company_id, event_id)
    )`.execute(db);
  await sql`CREATE INDEX activity_log_position_idx ON activity_log (company_id, commit_position DESC, prepare_position DESC)`.execute(db);
  await sql`CREATE INDEX activity_log_subject_idx ON activity_log (company_id, subject_user_id, commit_position DESC, prepare_position DESC)`.execute(db);
  await sql`CREATE INDEX activity_log_actor_idx ON activity_log (company_id, actor_user_id, commit_position DESC, prepare_position DESC)`.execute(db);
  // What later events name only by id, as the log last said it: a person's,
  // team's or project's name, a task's title (and its assignee), a request's day.
  await sql`
    CREATE TABLE activity_log_names (
      company_id uuid NOT NULL,
      kind text NOT NULL,
      id text NOT NULL,
      name text NOT NULL,
      person_id uuid,
      PRIMARY KEY (company_id, kind, id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE activity_log_names`.execute(db);
  await sql`DROP TABLE activity_log`.execute(db);
}
