import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createPostgresEventStore } from '../../eventstore/postgres.ts';
import type { EventStore, RecordedEvent } from '../../eventstore/types.ts';
import { createDatabase, createPool, type Database } from '../../projections/database.ts';

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  db: Kysely<Database>;
  store: EventStore;
  close(): Promise<void>;
}

/**
 * A new database on the run's PostgreSQL, already migrated: a copy of the
 * run's template (global-setup.ts), which is much quicker than migrating.
 */
export async function createMigratedDatabase(prefix: string): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: workerPostgresUrl() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
  } finally {
    await client.end();
  }
  const url = new URL(workerPostgresUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** This worker's PostgreSQL server (global-setup.ts): no other file runs on it meanwhile. */
function workerPostgresUrl(): string {
  const urls = inject('postgresUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
}

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = await createMigratedDatabase('test');
  const pool = createPool(url, 20);
  const db = createDatabase(pool);
  const store = createPostgresEventStore(pool);
  return {
    url,
    pool,
    db,
    store,
    async close() {
      await store.close();
      await db.destroy();
    },
  };
}

/**
 * A fresh database for the tests of the file (or describe block) that calls
 * this: filled in before they run, closed after them.
 */
export function useTestDatabase(): TestDatabase {
  const database = {} as TestDatabase;
  beforeAll(async () => {
    Object.assign(database, await createTestDatabase());
  });
  afterAll(() => database.close());
  return database;
}

/**
 * Every event in the database's log, once all appends are visible. The store
 * hides events behind any transaction still open on the server (a reader must
 * never skip one that commits later), and that may be another database's.
 */
export async function readAllSettled(database: TestDatabase, limit = 100_000): Promise<RecordedEvent[]> {
  for (;;) {
    const [events, { rows }] = await Promise.all([database.store.readAll(null, limit), database.pool.query<{ count: string }>('SELECT count(*) FROM events')]);
    if (events.length >= Math.min(Number(rows[0].count), limit)) return events;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
