import { type Kysely, sql } from 'kysely';

/**
 * Events a projection could not apply, set aside so that it goes on with the
 * rest (projections/runner.ts). A row is written in the transaction that
 * moves the projection's checkpoint past its event; `resolved_at` is set once
 * a retry (npm run projections:failed) or a rebuild applied it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE projection_failures (
      projection text NOT NULL,
      event_id uuid NOT NULL,
      stream_id text NOT NULL,
      event_type text NOT NULL,
      commit_position xid8 NOT NULL,
      prepare_position bigint NOT NULL,
      error text NOT NULL,
      failed_at timestamptz NOT NULL DEFAULT now(),
      retried_at timestamptz,
      resolved_at timestamptz,
      PRIMARY KEY (projection, event_id)
    )`.execute(db);
  await sql`CREATE INDEX projection_failures_unresolved_idx ON projection_failures (projection) WHERE resolved_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE projection_failures`.execute(db);
}
