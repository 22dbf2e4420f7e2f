import type pg from 'pg';
import { checkedEventStore } from './checked-store.ts';
import { createPostgresEventStore } from './postgres.ts';
import type { EventStore } from './types.ts';

/**
 * KurrentDB when a URL for it is configured, else the log in PostgreSQL;
 * either way, only events that match their schema get in. KurrentDB's client
 * (gRPC, a third of a second to load) is loaded only when it is used.
 */
export async function openEventStore(config: { kurrentDbUrl?: string }, pool: pg.Pool): Promise<EventStore> {
  if (!config.kurrentDbUrl) return checkedEventStore(createPostgresEventStore(pool));
  const { createKurrentDbEventStore } = await import('./kurrentdb.ts');
  return checkedEventStore(await createKurrentDbEventStore(config.kurrentDbUrl));
}
