import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../../projections/database.ts';
import type { ErrorLog } from '../../projections/runner.ts';
import type { Mailer } from './mailer.ts';
import { MAIL_QUEUED_CHANNEL, type MailDetails, writeMail } from './outbox.ts';

/** Mails claimed at once by one sender. */
const BATCH = 10;
/**
 * How long a claimed mail is this sender's: longer than an attempt can take
 * (the mailer's timeouts). A sender that died meanwhile leaves it to be
 * claimed again when the lease runs out.
 */
const LEASE_MS = 120_000;
/** Queued mails are heard of at once; this finds retries that fell due, and covers a lost listening connection. */
const POLL_MS = 2_000;
export const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 10 * 60_000;
/** A mail not delivered after this long is given up (and logged): its link would have expired meanwhile. */
const GIVE_UP_AFTER_MS = 3 * 86_400_000;

export interface MailSender {
  /** Lets the mails in flight finish, closes the listening connection. */
  stop(): Promise<void>;
}

/** The wait before the next attempt: doubling from RETRY_FIRST_MS up to RETRY_MAX_MS. */
export const retryDelayMs = (attempts: number) => Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1));

/** A refusal the mail server means for good (5xx, e.g. no such mailbox): trying again would not help. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/**
 * Delivers the mails the mail reactor queued (outbox.ts): at least once, and
 * once as long as the mail server answers what it accepted. Any number of
 * processes may run a sender: each claims due mails under a lease
 * (FOR UPDATE SKIP LOCKED), so two never send one mail at the same time. A
 * failed attempt is tried again later, each wait twice the one before.
 */
export async function startMailSender(options: {
  databaseUrl: string;
  db: Kysely<Database>;
  mailer: Mailer;
  linkKey: string;
  publicUrl: string;
  log: ErrorLog;
}): Promise<MailSender> {
  const { db, mailer, log } = options;
  let stopping = false;
  let draining: Promise<void> | null = null;
  let again = false;
  let listener: pg.Client | null = null;

  async function claimDue() {
    const { rows } = await sql<{ event_id: string; recipient: string; link_id: string; details: MailDetails; attempts: number }>`
      UPDATE mail_outbox SET attempts = attempts + 1, lease_until = now() + ${LEASE_MS} * interval '1 millisecond'
      WHERE event_id IN (
        SELECT event_id FROM mail_outbox
        WHERE sent_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
        ORDER BY next_attempt_at, queue_order
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING event_id, recipient, link_id, details, attempts`.execute(db);
    return rows;
  }

  async function deliver(row: Awaited<ReturnType<typeof claimDue>>[number]) {
    try {
      await mailer.send(writeMail({ to: row.recipient, linkId: row.link_id, details: row.details }, options));
    } catch (error) {
      const permanent = isPermanent(error);
      await sql`
        UPDATE mail_outbox
        SET lease_until = NULL, last_error = ${error instanceof Error ? error.message : String(error)},
            next_attempt_at = now() + ${retryDelayMs(row.attempts)} * interval '1 millisecond',
            given_up_at = CASE WHEN ${permanent} OR queued_at < now() - ${GIVE_UP_AFTER_MS} * interval '1 millisecond' THEN now() END
        WHERE event_id = ${row.event_id}`.execute(db);
      log.error({ err: error, eventId: row.event_id, kind: row.details.kind, attempts: row.attempts, permanent }, permanent ? 'mail refused; given up' : 'mail not sent; will try again');
      return;
    }
    await db.updateTable('mail_outbox').set({ sent_at: sql`now()`, lease_until: null, last_error: null }).where('event_id', '=', row.event_id).execute();
  }

  async function drain() {
    do {
      again = false;
      for (let due = await claimDue(); due.length > 0 && !stopping; due = await claimDue()) {
        for (const row of due) await deliver(row);
      }
    } while (again && !stopping);
  }

  const wake = () => {
    if (stopping) return;
    if (draining) {
      again = true;
      return;
    }
    draining = drain()
      .catch((error: unknown) => log.error({ err: error }, 'mail sender failed; will try again'))
      .finally(() => {
        draining = null;
      });
  };

  async function listen() {
    if (listener || stopping) return;
    const client = new pg.Client({ connectionString: options.databaseUrl });
    client.on('notification', wake);
    client.on('error', () => {
      if (listener === client) listener = null;
      void client.end().catch(() => undefined);
    });
    listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${MAIL_QUEUED_CHANNEL}`);
    } catch (error) {
      if (listener === client) listener = null;
      await client.end().catch(() => undefined);
      log.error({ err: error }, 'mail sender cannot listen; polling');
    }
  }

  const poll = setInterval(() => {
    void listen();
    wake();
  }, POLL_MS);
  await listen();
  wake();

  return {
    async stop() {
      stopping = true;
      clearInterval(poll);
      await draining;
      await listener?.end().catch(() => undefined);
      listener = null;
    },
  };
}
