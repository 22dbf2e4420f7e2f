import { type Kysely, sql } from 'kysely';

/**
 * What each company stores of screenshots (api/screenshots/storage-quota.ts),
 * kept by the API with atomic updates: not a read model, never rebuilt. And
 * the read models' new columns: where a screenshot's files are, whether it
 * expired, and how long a company keeps screenshots.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE screenshot_storage (
      company_id uuid PRIMARY KEY,
      used_bytes bigint NOT NULL CHECK (used_bytes >= 0)
    )`.execute(db);
  // One row per upload whose files are on disk, reserved before they were
  // written: given back once, by deleting its row, however often it is asked.
  // Recorded once its event is: one left unrecorded is a crashed upload.
  await sql`
    CREATE TABLE screenshot_uploads (
      file text PRIMARY KEY,
      company_id uuid NOT NULL,
      screenshot_id uuid NOT NULL,
      bytes bigint NOT NULL,
      reserved_at timestamptz NOT NULL,
      recorded boolean NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX screenshot_uploads_unrecorded_idx ON screenshot_uploads (reserved_at) WHERE NOT recorded`.execute(db);

  await sql`ALTER TABLE screenshots ADD COLUMN file text`.execute(db);
  await sql`ALTER TABLE screenshots ADD COLUMN expired_after_days integer`.execute(db);
  // Screenshots stored before: their files are named by the screenshot id alone.
  await sql`UPDATE screenshots SET file = 'companies/' || company_id || '/screenshots/' || user_id || '/' || screenshot_id`.execute(db);
  await sql`ALTER TABLE screenshots ALTER COLUMN file SET NOT NULL`.execute(db);
  // The retention sweep's look-up: the oldest kept ones first.
  await sql`CREATE INDEX screenshots_kept_taken_at_idx ON screenshots (taken_at) WHERE deleted_at IS NULL`.execute(db);

  // Their stored image is counted (their thumbnails' sizes were not recorded).
  await sql`
    INSERT INTO screenshot_uploads (file, company_id, screenshot_id, bytes, reserved_at, recorded)
    SELECT file, company_id, screenshot_id, bytes, taken_at, true FROM screenshots WHERE deleted_at IS NULL`.execute(db);
  await sql`
    INSERT INTO screenshot_storage (company_id, used_bytes)
    SELECT company_id, sum(bytes) FROM screenshot_uploads GROUP BY company_id`.execute(db);

  // Null: kept until deleted; a company without a row keeps them for the default.
  await sql`ALTER TABLE company_settings ADD COLUMN screenshot_retention_days integer DEFAULT 90`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE company_settings DROP COLUMN screenshot_retention_days`.execute(db);
  await sql`DROP INDEX screenshots_kept_taken_at_idx`.execute(db);
  await sql`ALTER TABLE screenshots DROP COLUMN expired_after_days`.execute(db);
  await sql`ALTER TABLE screenshots DROP COLUMN file`.execute(db);
  await sql`DROP TABLE screenshot_uploads`.execute(db);
  await sql`DROP TABLE screenshot_storage`.execute(db);
}
