import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/support/test-database.ts';
import { eventStoreContract } from './contract.ts';

eventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase();
  return { store: database.store, close: database.close };
});

describe('PostgreSQL event store, commit order', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const insert = (client: { query: (sql: string, values: unknown[]) => Promise<unknown> }, streamId: string) =>
    client.query(
      `INSERT INTO events (event_id, stream_id, version, type, data, metadata) VALUES ($1, $2, 1, 'Late', '{}', '{"correlationId":"c"}')`,
      [randomUUID(), streamId],
    );

  it('never skips an event whose transaction committed after a later one', async () => {
    const { pool, store } = database;
    const start = await store.headPosition();
    const early = await pool.connect();
    const late = await pool.connect();
    try {
      await early.query('BEGIN');
      await insert(early, 'first-begun'); // takes the lower position
      await late.query('BEGIN');
      await insert(late, 'second-begun');
      await late.query('COMMIT'); // commits first

      // The later transaction's event waits until the earlier one resolves.
      expect(await store.readAll(start, 10)).toEqual([]);

      await early.query('COMMIT');
      const events = await store.readAll(start, 10);
      expect(events.map((e) => e.streamId)).toEqual(['first-begun', 'second-begun']);
      expect(await store.readAll(events[1].position, 10)).toEqual([]);
    } finally {
      early.release();
      late.release();
    }
  });
});
