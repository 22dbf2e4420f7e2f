import { type Kysely, sql } from 'kysely';
import type { Database } from '../../projections/database.ts';

/** Failed sign-ins of one e-mail that cost nothing; each one after them waits before its password is checked. */
export const FREE_FAILURES = 5;
/** Failures are forgotten this long after the last one. */
const FAILURE_MEMORY_MINUTES = 15;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 5_000;

/**
 * How long a sign-in waits after this many failures of its e-mail: nothing
 * for the first few, then half a second, doubling up to 5 seconds. A delay
 * and not a lock-out, so that the real user still gets in while someone
 * guesses their password from many addresses.
 */
export function signInDelayMs(failures: number): number {
  return failures < FREE_FAILURES ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES));
}

/**
 * Failed sign-ins per e-mail, in PostgreSQL so that every API process counts
 * them. An attempt counts as a failure from its start (so a burst of guesses
 * sent at once is slowed down too) until it succeeds. Unknown e-mails are
 * counted like known ones: the wait must not tell which exist.
 */
export function signInFailures(db: Kysely<Database>) {
  return {
    /** Counts an attempt; returns the failures before it. */
    async countAttempt(email: string): Promise<number> {
      const { rows } = await sql<{ failures: number }>`
        INSERT INTO sign_in_failures AS f (email, failures, last_failed_at) VALUES (${email}, 1, now())
        ON CONFLICT (email) DO UPDATE SET
          failures = CASE WHEN f.last_failed_at > now() - make_interval(mins => ${FAILURE_MEMORY_MINUTES}) THEN f.failures + 1 ELSE 1 END,
          last_failed_at = now()
        RETURNING failures`.execute(db);
      return rows[0].failures - 1;
    },

    /** Failures past their memory, kept by no one (unknown e-mails are never signed in to forget them). */
    async forgetStale(): Promise<void> {
      await sql`DELETE FROM sign_in_failures WHERE last_failed_at < now() - make_interval(mins => ${FAILURE_MEMORY_MINUTES})`.execute(db);
    },

    /** The right password: the failures are forgotten. */
    async forget(email: string): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('email', '=', email).execute();
    },
  };
}
