import { type Kysely, sql, type Transaction } from 'kysely';
import type { EventStore, LogPosition } from '../eventstore/types.ts';
import type { Database } from './database.ts';
import { resolveAllSetAside } from './failures.ts';
import type { Projection } from './projection.ts';
import { applySettingAside, lockCheckpoint, recordSetAside, saveCheckpoint, type SetAsideEvent } from './runner.ts';

export interface RebuildProgress {
  events: number;
  /** Events the projection could not apply: set aside as the runner does. */
  setAside: number;
}

/**
 * Replays the whole log into fresh copies of a projection's tables (in a
 * schema of their own, so queries keep reading the live tables), then swaps
 * them in. The swap holds the checkpoint lock, applies the last events and
 * replaces the tables in one transaction: readers see the old tables or the
 * new ones, never a half-built state. An event the projection cannot apply is
 * set aside, and the swap records these as the only ones the new tables lack.
 */
export async function rebuildProjection(
  db: Kysely<Database>,
  store: EventStore,
  projection: Projection,
  onProgress: (progress: RebuildProgress) => void = () => undefined,
  batchSize = 2000,
): Promise<RebuildProgress> {
  const schema = `rebuild_${projection.name.replace(/\W/g, '_')}`;
  await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db);
  await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(db);
  for (const table of projection.tables) {
    await sql`CREATE TABLE ${sql.id(schema, table)} (LIKE ${sql.id('public', table)} INCLUDING ALL)`.execute(db);
  }

  const progress: RebuildProgress = { events: 0, setAside: 0 };
  let cursor: LogPosition | null = null;
  const setAside: SetAsideEvent[] = [];

  // Applies one batch into the fresh tables; returns how many events it read.
  const applyBatch = async (trx: Transaction<Database>) => {
    await sql`SET LOCAL search_path TO ${sql.id(schema)}, public`.execute(trx);
    await sql`SET LOCAL synchronous_commit = off`.execute(trx);
    const events = await store.readAll(cursor, batchSize);
    setAside.push(...(await applySettingAside(trx, projection, events)).setAside);
    if (events.length > 0) cursor = events[events.length - 1].position;
    progress.events += events.length;
    progress.setAside = setAside.length;
    onProgress(progress);
    return events.length;
  };

  try {
    while ((await db.transaction().execute(applyBatch)) === batchSize);

    await db.transaction().execute(async (trx) => {
      await lockCheckpoint(trx, projection.name);
      while ((await applyBatch(trx)) > 0);
      await sql`SET LOCAL search_path TO public`.execute(trx);
      for (const table of projection.tables) {
        await sql`DROP TABLE ${sql.id('public', table)}`.execute(trx);
        await sql`ALTER TABLE ${sql.id(schema, table)} SET SCHEMA public`.execute(trx);
      }
      await saveCheckpoint(trx, projection.name, cursor);
      await resolveAllSetAside(trx, projection.name);
      await recordSetAside(trx, projection.name, setAside);
    });
  } finally {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db);
  }
  return progress;
}
