import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { accountStream } from '../../domain/identity/events.ts';
import { accountsProjection } from '../../projections/identity/accounts.ts';
import { ProjectionRunner } from '../../projections/runner.ts';
import { type BenchContext, type BenchResult, result, timed } from './context.ts';

export const CATCH_UP_EVENTS = 200_000;
const RAW_ROWS_PER_STATEMENT = 500;
const TARGET = { minRatio: 0.25, min: 20_000 };
const SECTION = 'projection catch-up';
/**
 * Users are seeded in cohorts: all registrations of a cohort, then its
 * verifications, then its renames. A projection batch then touches as many
 * users as it has events, as in a live log, rather than a third as many.
 */
const COHORT = 1000;

/** Rebuilds the accounts read model from a seeded log, against plain multi-row INSERTs of its rows. */
export async function catchUp(ctx: BenchContext): Promise<BenchResult[]> {
  ctx.log(`catch-up: seeding ${CATCH_UP_EVENTS.toLocaleString('en')} account events`);
  const users = await seedAccountEvents(ctx.pool, CATCH_UP_EVENTS);

  // The log also holds what earlier sections appended; catch-up reads all of it.
  const { rows: count } = await ctx.pool.query<{ n: string }>('SELECT count(*) AS n FROM events');
  const logEvents = Number(count[0].n);

  ctx.log('catch-up: raw multi-row INSERT baseline');
  const raw = await rawAccountsInsertRate(ctx.pool, CATCH_UP_EVENTS);

  const rows: BenchResult[] = [
    result({ section: SECTION, measure: `raw INSERT of accounts rows, ${RAW_ROWS_PER_STATEMENT}/statement`, value: raw, unit: 'rows/s' }),
  ];
  const logger = { error: (object: unknown, message: string) => console.error(message, object) };
  ctx.log(`catch-up: accounts projection, ${logEvents.toLocaleString('en')} events in the log`);
  await ctx.pool.query("DELETE FROM projection_checkpoints WHERE name = 'accounts'");
  await ctx.pool.query('TRUNCATE accounts');
  // The runner as the product runs it, with its default batch size.
  const seconds = await timed(() => new ProjectionRunner(ctx.db, ctx.store, [accountsProjection], logger).catchUp());
  await expectAccounts(ctx.pool, users);
  rows.push(
    result({ section: SECTION, measure: 'accounts projection catch-up', value: logEvents / seconds, unit: 'events/s', baseline: raw, target: TARGET }),
  );
  return rows;
}

/** Writes AccountRegistered, EmailVerified and ProfileRenamed per user, up to `total` events; returns the user count. */
export async function seedAccountEvents(pool: pg.Pool, total: number): Promise<number> {
  const users = Math.ceil(total / 3);
  let written = 0;
  for (let first = 0; first < users; first += COHORT) {
    const cohort = Array.from({ length: Math.min(COHORT, users - first) }, (_, i) => ({ n: first + i, userId: randomUUID() }));
    const events = [
      ...cohort.map(({ n, userId }) => ({ userId, version: 1, type: 'AccountRegistered', data: registered(n, userId) })),
      ...cohort.map(({ userId }) => ({ userId, version: 2, type: 'EmailVerified', data: { userId, verifiedAt: new Date().toISOString() } })),
      ...cohort.map(({ n, userId }) => ({ userId, version: 3, type: 'ProfileRenamed', data: { userId, fullName: `Renamed User ${n}` } })),
    ].slice(0, total - written);
    // One statement per cohort: its events commit together, in this order.
    await pool.query(
      `INSERT INTO events (event_id, stream_id, version, type, data, metadata)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::jsonb[], $6::jsonb[])`,
      [
        events.map(() => randomUUID()),
        events.map((e) => accountStream(e.userId)),
        events.map((e) => e.version),
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data)),
        events.map((e) => JSON.stringify({ correlationId: randomUUID(), userId: e.userId })),
      ],
    );
    written += events.length;
  }
  // As on a long-lived log: hint bits set and statistics current, so the first timed run pays for neither.
  await pool.query('VACUUM ANALYZE events');
  return users;
}

function registered(n: number, userId: string) {
  return {
    userId,
    email: `user${n}@bench.example.com`,
    fullName: `Bench User ${n}`,
    passwordHash: `$argon2id$v=19$m=19456,t=2,p=1$${randomBytes(16).toString('base64')}$${randomBytes(32).toString('base64')}`,
    verification: {
      tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
      expiresAt: new Date(Date.now() + 48 * 3_600_000).toISOString(),
    },
  };
}

/** Rows per second of 500-row INSERTs into a copy of the accounts table (same indexes), one connection. */
async function rawAccountsInsertRate(pool: pg.Pool, total: number): Promise<number> {
  await pool.query('CREATE TABLE bench_raw_accounts (LIKE accounts INCLUDING ALL)');
  const now = new Date();
  const statements = Array.from({ length: Math.ceil(total / RAW_ROWS_PER_STATEMENT) }, (_, s) =>
    Array.from({ length: Math.min(RAW_ROWS_PER_STATEMENT, total - s * RAW_ROWS_PER_STATEMENT) }, (_, i) => {
      const n = s * RAW_ROWS_PER_STATEMENT + i;
      return [randomUUID(), `user${n}@bench.example.com`, `Bench User ${n}`, true, now, now];
    }),
  );
  const client = await pool.connect();
  try {
    const seconds = await timed(async () => {
      for (const rows of statements) {
        const values = rows.map((_, r) => `(${[1, 2, 3, 4, 5, 6].map((c) => `$${r * 6 + c}`).join(', ')})`).join(', ');
        await client.query(
          `INSERT INTO bench_raw_accounts (user_id, email, full_name, email_verified, created_at, updated_at) VALUES ${values}`,
          rows.flat(),
        );
      }
    });
    return total / seconds;
  } finally {
    client.release();
  }
}

async function expectAccounts(pool: pg.Pool, users: number) {
  const { rows } = await pool.query<{ n: string; verified: string }>(
    'SELECT count(*) AS n, count(*) FILTER (WHERE email_verified) AS verified FROM accounts',
  );
  if (Number(rows[0].n) !== users || Number(rows[0].verified) !== users) {
    throw new Error(`accounts projection built ${rows[0].n} accounts (${rows[0].verified} verified), expected ${users}`);
  }
}
