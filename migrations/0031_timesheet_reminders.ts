import { type Kysely, sql } from 'kysely';

/**
 * How many days after a period ends a company's timesheet reminders go out,
 * kept by the settings projection; null: none. A company's row from before
 * has the default, 2 days: no event of the kind existed, so nothing is rebuilt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE company_settings ADD COLUMN timesheet_reminder_days integer DEFAULT 2`.execute(db);
  // The projection writes every row's value itself from now on.
  await sql`ALTER TABLE company_settings ALTER COLUMN timesheet_reminder_days DROP DEFAULT`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE company_settings DROP COLUMN timesheet_reminder_days`.execute(db);
}
