import { type Kysely, sql } from 'kysely';

/**
 * How a company cuts timesheet periods (domain/timesheets/periods.ts), kept
 * by the settings projection; null: weeks from Monday, the default. No event
 * of the kind existed before, so nothing is rebuilt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE company_settings ADD COLUMN timesheet_periods jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE company_settings DROP COLUMN timesheet_periods`.execute(db);
}
