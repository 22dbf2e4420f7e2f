import type pg from 'pg';
import { createKurrentDbEventStore } from './kurrentdb.ts';
import { createPostgresEventStore } from './postgres.ts';
import type { EventStore } from './types.ts';

/** KurrentDB when a URL for it is configured, else the log in PostgreSQL. */
export async function openEventStore(config: { kurrentDbUrl?: string }, pool: pg.Pool): Promise<EventStore> {
  return config.kurrentDbUrl ? createKurrentDbEventStore(config.kurrentDbUrl) : createPostgresEventStore(pool);
}
