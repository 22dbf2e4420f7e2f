import { type Kysely, sql } from 'kysely';

/**
 * Kept balances (projections/working-time/balances.ts): where each person's
 * account stood at the end of a past day, with that month's figures so far,
 * so a balance today reads the days since rather than every day since they
 * joined; and the last place in the log that changed each person's account
 * (the nil id: everyone's in the company), by which a balance worked out
 * meanwhile is not kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE working_time_snapshots (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      through_day date NOT NULL,
      state jsonb NOT NULL,
      month_target_minutes integer NOT NULL,
      month_worked_minutes integer NOT NULL,
      PRIMARY KEY (company_id, user_id)
    )`.execute(db);
  await sql`
    CREATE TABLE working_time_changes (
      company_id uuid NOT NULL,
      user_id uuid NOT NULL,
      commit_position xid8 NOT NULL,
      prepare_position bigint NOT NULL,
      PRIMARY KEY (company_id, user_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE working_time_changes`.execute(db);
  await sql`DROP TABLE working_time_snapshots`.execute(db);
}
