import { type Kysely, sql } from 'kysely';

/** The read model of screenshots (projections/screenshots). */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per screenshot taken, by the local day (in the session's zone) it
  // was taken on; a deleted one keeps its row, with who deleted it and when.
  await sql`
    CREATE TABLE screenshots (
      screenshot_id uuid PRIMARY KEY,
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      session_id uuid NOT NULL,
      team_id uuid NOT NULL,
      day date NOT NULL,
      taken_at timestamptz NOT NULL,
      time_zone text NOT NULL,
      application text,
      window_title text,
      width integer NOT NULL,
      height integer NOT NULL,
      bytes integer NOT NULL,
      thumbnail_width integer NOT NULL,
      thumbnail_height integer NOT NULL,
      deleted_at timestamptz,
      deleted_by uuid,
      deleted_by_name text
    )`.execute(db);
  await sql`CREATE INDEX screenshots_person_day_idx ON screenshots (company_id, user_id, day, taken_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE screenshots`.execute(db);
}
