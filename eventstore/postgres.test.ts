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

  const event = () => ({ eventId: randomUUID(), type: 'Tick', data: {}, metadata: { correlationId: 'c' } });

  const insert = (client: { query: (sql: string, values: unknown[]) => Promise<unknown> }, streamId: string) =>
    client.query(
      `INSERT INTO events (event_id, stream_id, version, type, data, metadata) VALUES ($1, $2, 1, 'Late', '{}', '{"correlationId":"c"}')`,
      [randomUUID(), streamId],
    );

  it('orders by transaction id as a number, also across a power of ten', async () => {
    const { pool, store } = database;
    const start = await store.headPosition();
    const first = event();
    const second = event();
    const before = await store.append(`digits-${randomUUID()}`, [first], 'no_stream');
    // Burn transaction ids (each written subtransaction takes one) past the next power of ten.
    const digits = String(before.position.commit).length;
    await pool.query(`CREATE TABLE IF NOT EXISTS burn_xids (n int)`);
    await pool.query(`
      DO $$ BEGIN
        WHILE length(pg_snapshot_xmax(pg_current_snapshot())::text) <= ${digits} LOOP
          BEGIN INSERT INTO burn_xids VALUES (1); RAISE EXCEPTION 'next'; EXCEPTION WHEN raise_exception THEN NULL; END;
        END LOOP;
      END $$`);
    const after = await store.append(`digits-${randomUUID()}`, [second], 'no_stream');
    expect(String(after.position.commit).length).toBeGreaterThan(digits);

    expect((await store.readAll(start, 100)).map((e) => e.eventId)).toEqual([first.eventId, second.eventId]);
    expect((await store.readAll(before.position, 10)).map((e) => e.eventId)).toEqual([second.eventId]);
    expect(await store.headPosition()).toEqual(after.position);
  });

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
