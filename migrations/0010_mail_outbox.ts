import { type Kysely, sql } from 'kysely';

/**
 * The mails the mail reactor took from the log (api/mail/outbox.ts), one per
 * event, and how their delivery stands. Not a read model: it is never
 * rebuilt, or every mail would go again. A row names no secret: the link is
 * derived when the mail is sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mail_outbox (
      event_id uuid PRIMARY KEY,
      -- The order the reactor queued them in, which is the log's: mails due together go in that order.
      queue_order bigint GENERATED ALWAYS AS IDENTITY,
      kind text NOT NULL,
      recipient text NOT NULL,
      link_id uuid NOT NULL,
      details jsonb NOT NULL,
      queued_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      lease_until timestamptz,
      last_error text,
      sent_at timestamptz,
      given_up_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, queue_order) WHERE sent_at IS NULL AND given_up_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE mail_outbox`.execute(db);
}
