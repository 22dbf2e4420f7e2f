import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, useTestDatabase } from '../tests/support/test-database.ts';
import { eventStoreContract } from './contract.ts';
import { type ExpectedVersion, type LogPosition, type NewEvent, type RecordedEvent, WrongExpectedVersionError } from './types.ts';

eventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase();
  return { store: database.store, close: database.close };
});

const database = useTestDatabase();
afterEach(() => vi.restoreAllMocks());

const event = (type = 'Tick'): NewEvent => ({ eventId: randomUUID(), type, data: {}, metadata: { correlationId: 'c' } });

describe('PostgreSQL event store, commit order', () => {
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

describe('PostgreSQL event store, group commit of appends', () => {
  const newStream = (name: string) => `${name}-${randomUUID()}`;

  /** The append statements the store sends, in order: a single append or a batch, and the streams each writes. */
  function watchAppendStatements() {
    const query = vi.spyOn(database.pool, 'query');
    return () =>
      query.mock.calls.flatMap((args) => {
        const { name, values } = args[0] as unknown as { name?: string; values?: unknown[] };
        if (name === 'timeledger_append') return [{ batch: false, streams: [values![0] as string] }];
        if (name === 'timeledger_append_batch') {
          return [{ batch: true, streams: (JSON.parse(values![0] as string) as { stream_id: string }[]).map((a) => a.stream_id) }];
        }
        return [];
      });
  }

  /** Every event after `from`, paging as a projection does. */
  async function readAllAfter(from: LogPosition | null) {
    const events: RecordedEvent[] = [];
    for (let cursor = from; ; ) {
      const page = await database.store.readAll(cursor, 64);
      if (page.length === 0) return events;
      events.push(...page);
      cursor = page[page.length - 1].position;
    }
  }

  const key = (p: LogPosition) => `${p.commit}.${p.prepare}`;

  it('writes 200 concurrent appends to distinct streams together, each once', async () => {
    const start = await database.store.headPosition();
    const streams = Array.from({ length: 200 }, () => newStream('burst'));
    const events = streams.map(() => event());
    const statements = watchAppendStatements();

    const results = await Promise.all(streams.map((id, i) => database.store.append(id, [events[i]], 'no_stream')));

    // The first goes at once; those that arrive while it is written go together.
    const sent = statements();
    expect(sent.length).toBeLessThan(10);
    expect(sent.flatMap((s) => s.streams).sort()).toEqual([...streams].sort());
    expect(sent.some((s) => s.batch && s.streams.length > 100)).toBe(true);
    expect(results.every((r) => r.version === 1 && r.repeated === undefined)).toBe(true);
    expect(new Set(results.map((r) => key(r.position))).size).toBe(200);
    for (const [i, id] of streams.entries()) {
      const stored = await database.store.readStream(id);
      expect(stored.map((e) => [e.eventId, e.version])).toEqual([[events[i].eventId, 1]]);
      expect(stored[0].position).toEqual(results[i].position);
    }
    await vi.waitFor(async () => {
      const read = (await readAllAfter(start)).filter((e) => streams.includes(e.streamId));
      expect(read.map((e) => e.eventId).sort()).toEqual(events.map((e) => e.eventId).sort());
    });
  });

  it('answers a batched append of several events with the version and position of its last event', async () => {
    const streams = Array.from({ length: 6 }, () => newStream('several'));
    const results = await Promise.all(streams.map((id, i) => database.store.append(id, Array.from({ length: i + 1 }, () => event()), 'no_stream')));
    for (const [i, id] of streams.entries()) {
      const stored = await database.store.readStream(id);
      expect(stored.map((e) => e.version)).toEqual(Array.from({ length: i + 1 }, (_, v) => v + 1));
      expect(results[i]).toEqual({ version: i + 1, position: stored[i].position });
    }
  });

  it("lets exactly one of several appends at one expected version win per stream, while the burst's other streams are written", async () => {
    const contested = Array.from({ length: 3 }, () => newStream('contested'));
    for (const id of contested) await database.store.append(id, [event('First')], 'no_stream');
    const free = Array.from({ length: 12 }, () => newStream('free'));
    const statements = watchAppendStatements();

    const issue = (id: string, expected: ExpectedVersion) => {
      const e = event('Second');
      return { id, eventId: e.eventId, append: database.store.append(id, [e], expected) };
    };
    const burst = [
      ...free.slice(0, 4).map((id) => issue(id, 'no_stream')),
      ...contested.flatMap((id) => [1, 2, 3, 4].map(() => issue(id, 1))),
      ...free.slice(4).map((id) => issue(id, 'no_stream')),
    ];
    const settled = await Promise.allSettled(burst.map((b) => b.append));
    const outcomes = burst.map((b, i) => ({ ...b, result: settled[i] }));

    expect(statements().some((s) => s.batch && s.streams.some((id) => contested.includes(id)))).toBe(true);
    for (const id of contested) {
      const mine = outcomes.filter((o) => o.id === id);
      const winners = mine.filter((o) => o.result.status === 'fulfilled');
      expect(winners).toHaveLength(1);
      const [winner] = winners;
      expect(winner.result).toMatchObject({ status: 'fulfilled', value: { version: 2 } });
      for (const { result } of mine.filter((o) => o !== winner)) {
        const reason = (result as PromiseRejectedResult).reason;
        expect(reason).toBeInstanceOf(WrongExpectedVersionError);
        expect(reason).toMatchObject({ streamId: id, expected: 1, actual: 2 });
      }
      expect((await database.store.readStream(id)).map((e) => e.eventId)).toEqual([expect.any(String), winner.eventId]);
    }
    for (const o of outcomes.filter((o) => free.includes(o.id))) expect(o.result).toMatchObject({ status: 'fulfilled', value: { version: 1 } });
  });

  it('answers a repeated append within a burst with the original result, and still writes the others', async () => {
    const repeatedStream = newStream('repeated');
    const original = [event('A'), event('B')];
    const first = await database.store.append(repeatedStream, original, 'no_stream');
    const others = Array.from({ length: 6 }, () => newStream('other'));
    const statements = watchAppendStatements();

    const [lead, ...rest] = others.map((id) => database.store.append(id, [event()], 'no_stream'));
    // Its event ids collide inside the batch statement, so the batch goes one by one.
    const repeated = database.store.append(repeatedStream, original, 'any');
    const results = await Promise.all([lead, ...rest]);

    expect(await repeated).toEqual({ ...first, repeated: true });
    expect(results.map((r) => r.version)).toEqual(others.map(() => 1));
    for (const id of others) expect(await database.store.readStream(id)).toHaveLength(1);
    expect((await database.store.readStream(repeatedStream)).map((e) => e.eventId)).toEqual(original.map((e) => e.eventId));
    // The repeat went in a batch; the batch failed on its event ids, and each of its appends went again on its own.
    const sent = statements();
    const failedBatch = sent.findIndex((s) => s.batch && s.streams.includes(repeatedStream));
    expect(failedBatch).toBeGreaterThanOrEqual(0);
    expect(sent[failedBatch].streams.length).toBeGreaterThan(1);
    const retriedAlone = sent.slice(failedBatch + 1).filter((s) => !s.batch).flatMap((s) => s.streams);
    expect(retriedAlone.sort()).toEqual([...sent[failedBatch].streams].sort());
  });

  it('answers a repeated append at its original expected version within a burst with the original result', async () => {
    const repeatedStream = newStream('repeated');
    const original = [event('A')];
    const first = await database.store.append(repeatedStream, original, 'no_stream');
    const others = Array.from({ length: 4 }, () => newStream('other'));

    const appends = others.map((id) => database.store.append(id, [event()], 'no_stream'));
    const repeated = database.store.append(repeatedStream, original, 'no_stream');

    expect(await repeated).toEqual({ ...first, repeated: true });
    expect((await Promise.all(appends)).map((r) => r.version)).toEqual([1, 1, 1, 1]);
    expect(await database.store.readStream(repeatedStream)).toHaveLength(1);
  });

  it("writes two appends to one stream issued at once with 'any' in issue order", async () => {
    const id = newStream('ordered');
    const [first, second] = [event('First'), event('Second')];
    const results = await Promise.all([database.store.append(id, [first], 'any'), database.store.append(id, [second], 'any')]);
    expect(results.map((r) => r.version)).toEqual([1, 2]);
    expect((await database.store.readStream(id)).map((e) => e.eventId)).toEqual([first.eventId, second.eventId]);
  });

  it("keeps issue order per stream when several appends to it wait among other streams' appends", async () => {
    const [x, y, z] = [newStream('x'), newStream('y'), newStream('z')];
    const issued = { [x]: [] as string[], [y]: [] as string[], [z]: [] as string[] };
    const appends: Promise<unknown>[] = [];
    for (const id of [z, x, y, x, x, y, z, x, y, z]) {
      const e = event();
      issued[id].push(e.eventId);
      appends.push(database.store.append(id, [e], 'any'));
    }
    await Promise.all(appends);
    for (const id of [x, y, z]) expect((await database.store.readStream(id)).map((e) => e.eventId)).toEqual(issued[id]);
  });
});
