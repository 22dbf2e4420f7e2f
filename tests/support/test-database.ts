import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createPostgresEventStore } from '../../eventstore/postgres.ts';
import type { EventStore } from '../../eventstore/types.ts';
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
