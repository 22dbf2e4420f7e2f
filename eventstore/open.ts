import type pg from 'pg';
import { checkedEventStore } from './checked-store.ts';
import { createKurrentDbEventStore } from './kurrentdb.ts';
import { createPostgresEventStore } from './postgres.ts';
import type { EventStore } from './types.ts';

/** KurrentDB when a URL for it is configured, else the log in PostgreSQL; either way, only events that match their schema get in. */
export async function openEventStore(config: { kurrentDbUrl?: string }, pool: pg.Pool): Promise<EventStore> {
  const store = config.kurrentDbUrl ? await createKurrentDbEventStore(config.kurrentDbUrl) : createPostgresEventStore(pool);
  return checkedEventStore(store);
}
