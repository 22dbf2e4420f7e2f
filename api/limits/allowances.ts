import { createHash } from 'node:crypto';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { RateLimitedError } from '../../domain/shared/errors.ts';
import type { Database } from '../../projections/database.ts';

/**
 * A limit on what one subject (an account, an address, a company, a person)
 * may use: `capacity` at once, given back evenly over `perSeconds` (a bucket
 * of tokens). So 10 a day allows 10 at once, then one more every 2.4 hours.
 */
export interface Limit {
  /** Names the limit in the stored keys: unique per limit. */
  name: string;
  capacity: number;
  perSeconds: number;
  /** What a refused request answers (429). */
  message: string;
}

export const HOUR_SECONDS = 3_600;
export const DAY_SECONDS = 86_400;

/** A bucket's key: the limit's name and a hash of its subject, so the table holds no address, e-mail or id in the clear. */
export const allowanceKey = (limit: Pick<Limit, 'name'>, subject: string) => `${limit.name}:${createHash('sha256').update(subject).digest('hex')}`;

/**
 * The limits' buckets, in PostgreSQL so that every API process draws from
 * the same one: each take is one atomic statement, so requests sent at once
 * cannot together pass a limit.
 */
export function allowances(db: Kysely<Database>, now: () => Date = () => new Date()) {
  const rate = (limit: Limit) => limit.capacity / limit.perSeconds;
  /** The bucket's tokens at `at`, refilled since it was last drawn from. */
  const filled = (limit: Limit, at: Date): RawBuilder<number> =>
    sql`least(${limit.capacity}::float8, a.tokens + greatest(0, extract(epoch from (${at}::timestamptz - a.updated_at))) * ${rate(limit)}::float8)`;

  async function refusal(limit: Limit, subject: string, amount: number, at: Date): Promise<RateLimitedError> {
    if (amount > limit.capacity) return new RateLimitedError(limit.message, limit.perSeconds);
    const { rows } = await sql<{ tokens: number }>`SELECT ${filled(limit, at)} AS tokens FROM allowances a WHERE key = ${allowanceKey(limit, subject)}`.execute(db);
    const missing = amount - (rows[0]?.tokens ?? limit.capacity);
    return new RateLimitedError(limit.message, Math.max(1, Math.ceil(missing / rate(limit))));
  }

  /** Takes `amount` from the subject's bucket if it holds that much: whether it did (a refusal takes nothing). */
  async function tryTake(limit: Limit, subject: string, amount = 1): Promise<boolean> {
    if (amount > limit.capacity) return false;
    const at = now();
    const left = sql<number>`${filled(limit, at)} - ${amount}::float8`;
    const { rows } = await sql<{ tokens: number }>`
      INSERT INTO allowances AS a (key, tokens, updated_at, full_at)
      VALUES (${allowanceKey(limit, subject)}, ${limit.capacity - amount}::float8, ${at}::timestamptz, ${at}::timestamptz + make_interval(secs => ${amount / rate(limit)}::float8))
      ON CONFLICT (key) DO UPDATE SET
        tokens = ${left},
        updated_at = ${at}::timestamptz,
        full_at = ${at}::timestamptz + make_interval(secs => (${limit.capacity}::float8 - (${left})) / ${rate(limit)}::float8)
      WHERE ${filled(limit, at)} >= ${amount}::float8
      RETURNING tokens`.execute(db);
    return rows.length > 0;
  }

  return {
    tryTake,

    /** Takes `amount` from the subject's bucket, or throws a 429 saying when to try again (taking nothing). */
    async take(limit: Limit, subject: string, amount = 1): Promise<void> {
      if (!(await tryTake(limit, subject, amount))) throw await refusal(limit, subject, amount, now());
    },

    /** Gives back what was taken for something that was then not done (a mail that was not sent). */
    async giveBack(limit: Limit, subject: string, amount = 1): Promise<void> {
      await sql`
        UPDATE allowances a SET
          tokens = least(${limit.capacity}::float8, a.tokens + ${amount}::float8),
          full_at = a.full_at - make_interval(secs => ${amount / rate(limit)}::float8)
        WHERE key = ${allowanceKey(limit, subject)}`.execute(db);
    },

    /** Forgets the buckets that are full again: a missing row is a full bucket. */
    async forgetFull(): Promise<void> {
      await db.deleteFrom('allowances').where('full_at', '<=', now()).execute();
    },
  };
}

export type Allowances = ReturnType<typeof allowances>;
