import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createPostgresEventStore } from '../../eventstore/postgres.ts';
import type { EventStore } from '../../eventstore/types.ts';
import { migrateToLatest } from '../../migrations/index.ts';
import { createDatabase, createPool, type Database } from '../../projections/database.ts';
import { ensureDatabase } from '../../api/database/embedded-postgres.ts';

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  db: Kysely<Database>;
  store: EventStore;
  close(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const url = await ensureDatabase(inject('postgresUrl'), name);
  const pool = createPool(url, 20);
  const db = createDatabase(pool);
  await migrateToLatest(db);
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
