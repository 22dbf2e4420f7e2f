import type { Kysely } from 'kysely';
import type pg from 'pg';
import pino from 'pino';
import { type Config, configFromEnv } from '../api/config.ts';
import { openDatabase } from '../api/server.ts';
import { openEventStore } from '../eventstore/open.ts';
import type { EventStore } from '../eventstore/types.ts';
import { migrateToLatest } from '../migrations/index.ts';
import { createDatabase, createPool, type Database } from '../projections/database.ts';

/**
 * For the operator's commands: the database of a running `npm start` with the
 * same DATA_DIR (or DATABASE_URL's, or an embedded one started for the
 * command), migrated, with its event store; all closed again after `work`.
 */
export async function withOperatorDatabase(
  connections: number,
  work: (opened: { config: Config; db: Kysely<Database>; pool: pg.Pool; store: EventStore; log: pino.Logger }) => Promise<void>,
): Promise<void> {
  const config = configFromEnv();
  const log = pino({ level: 'warn' });
  const { url, embedded } = await openDatabase(config, log);
  const pool = createPool(url, connections);
  const db = createDatabase(pool);
  const store = await openEventStore(config, pool);
  try {
    await migrateToLatest(db);
    await work({ config, db, pool, store, log });
  } finally {
    await store.close();
    await db.destroy();
    await embedded?.stop();
  }
}
