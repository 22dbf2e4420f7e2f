import { type Kysely, sql } from 'kysely';

/**
 * The append-only log. `transaction_id` orders the global read: a reader only
 * reads below the oldest transaction still in flight, so an event committed
 * late by a concurrent transaction is never skipped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE events (
      global_position bigint GENERATED ALWAYS AS IDENTITY,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      event_id uuid NOT NULL,
      stream_id text NOT NULL,
      version integer NOT NULL,
      type text NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      -- Commit order is the key: the global read walks it.
      PRIMARY KEY (transaction_id, global_position),
      CONSTRAINT events_event_id_key UNIQUE (event_id),
      CONSTRAINT events_stream_version_key UNIQUE (stream_id, version)
    )`.execute(db);
  await sql`
    CREATE TABLE projection_checkpoints (
      name text PRIMARY KEY,
      commit_position xid8 NOT NULL,
      prepare_position bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE projection_checkpoints`.execute(db);
  await sql`DROP TABLE events`.execute(db);
}
