import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePositions,
  type EventStore,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedVersionError,
} from './types.ts';

export interface ContractSubject {
  store: EventStore;
  close(): Promise<void>;
}

const newEvent = (type: string, data: unknown = {}): NewEvent => ({
  eventId: randomUUID(),
  type,
  data,
  metadata: { correlationId: randomUUID(), userId: 'user-1' },
});

const stream = (name: string) => `${name}-${randomUUID()}`;

/** Reads the whole log after `from` in pages, as a projection would. */
async function readAllAfter(store: EventStore, from: LogPosition | null, pageSize = 100): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let cursor = from;
  for (;;) {
    const page = await store.readAll(cursor, pageSize);
    if (page.length === 0) return events;
    events.push(...page);
    cursor = page[page.length - 1].position;
  }
}

/** The behaviour every EventStore implementation must show. */
export function eventStoreContract(name: string, open: () => Promise<ContractSubject>) {
  describe(`${name} event store contract`, () => {
    let subject: ContractSubject;
    let store: EventStore;

    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    });
    afterAll(() => subject?.close());

    it('appends to a new stream and reads it back in order with its envelope', async () => {
      const id = stream('account');
      const first = newEvent('AccountRegistered', { email: 'a@example.com' });
      const second = newEvent('EmailVerified');
      const result = await store.append(id, [first, second], 'no_stream');
      expect(result.version).toBe(2);

      const events = await store.readStream(id);
      expect(events.map((e) => [e.type, e.version, e.eventId])).toEqual([
        ['AccountRegistered', 1, first.eventId],
        ['EmailVerified', 2, second.eventId],
      ]);
      expect(events[0].data).toEqual({ email: 'a@example.com' });
      expect(events[0].metadata).toMatchObject({ userId: 'user-1', correlationId: first.metadata.correlationId });
      expect(Date.parse(events[0].recordedAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(comparePositions(events[1].position, result.position)).toBe(0);
      expect(comparePositions(events[0].position, events[1].position)).toBe(-1);
    });

    it('reads an unknown stream as empty', async () => {
      expect(await store.readStream(stream('missing'))).toEqual([]);
    });

    it("refuses 'no_stream' on an existing stream", async () => {
      const id = stream('reservation');
      await store.append(id, [newEvent('EmailReserved')], 'no_stream');
      await expect(store.append(id, [newEvent('EmailReserved')], 'no_stream')).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
    });

    it('appends at the exact expected version and refuses a stale or future one', async () => {
      const id = stream('tracker');
      await store.append(id, [newEvent('A'), newEvent('B')], 'no_stream');
      expect((await store.append(id, [newEvent('C')], 2)).version).toBe(3);

      const stale = store.append(id, [newEvent('D')], 2);
      await expect(stale).rejects.toMatchObject({ name: 'WrongExpectedVersionError', actual: 3 });
      await expect(store.append(id, [newEvent('D')], 7)).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
    });

    it('reads a stream from a version on', async () => {
      const id = stream('from');
      await store.append(id, [newEvent('A'), newEvent('B'), newEvent('C')], 'no_stream');
      expect((await store.readStream(id, 2)).map((e) => [e.type, e.version])).toEqual([['B', 2], ['C', 3]]);
      expect(await store.readStream(id, 4)).toEqual([]);
      expect(await store.readStream(stream('missing'), 3)).toEqual([]);
    });

    it("appends with 'any' whatever the version", async () => {
      const id = stream('any');
      await store.append(id, [newEvent('A')], 'any');
      expect((await store.append(id, [newEvent('B')], 'any')).version).toBe(2);
    });

    it('lets exactly one of two concurrent writers at the same version win', async () => {
      const id = stream('race');
      await store.append(id, [newEvent('A')], 'no_stream');
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () => store.append(id, [newEvent('B')], 1)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) {
        if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WrongExpectedVersionError);
      }
    });

    it('treats a repeated append of the same event ids as done, writing nothing twice', async () => {
      const id = stream('idempotent');
      const events = [newEvent('A'), newEvent('B')];
      const first = await store.append(id, events, 'no_stream');
      const again = await store.append(id, events, 'no_stream');
      const againAny = await store.append(id, events, 'any');
      expect(first.repeated).toBeUndefined();
      expect(again).toEqual({ ...first, repeated: true });
      expect(againAny).toEqual({ ...first, repeated: true });
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('appends to several streams at once, each at its expected version', async () => {
      const [lock, time] = [stream('lock'), stream('time')];
      await store.append(lock, [newEvent('A')], 'no_stream');
      const results = await store.appendMany([
        { streamId: lock, events: [newEvent('B')], expected: 1 },
        { streamId: time, events: [newEvent('C'), newEvent('D')], expected: 'no_stream' },
      ]);
      const reversed = await store.appendMany([
        { streamId: time, events: [newEvent('E')], expected: 2 },
        { streamId: lock, events: [newEvent('F')], expected: 2 },
      ]);
      expect(comparePositions(reversed[0].position, reversed[1].position)).toBeLessThan(0);
      expect(results.map((r) => r.version)).toEqual([2, 2]);
      expect((await store.readStream(lock)).map((e) => e.type)).toEqual(['A', 'B', 'F']);
      expect((await store.readStream(time)).map((e) => e.type)).toEqual(['C', 'D', 'E']);
      expect((await store.readStream(lock))[1].position).toEqual(results[0].position);
      expect((await store.readStream(time))[1].position).toEqual(results[1].position);
      // In the log in the order given, whatever the streams' names.
      expect(comparePositions(results[0].position, results[1].position)).toBeLessThan(0);
    });

    it('writes no part of a multi-stream append when one part’s version does not hold', async () => {
      const [lock, time] = [stream('lock'), stream('time')];
      await store.append(lock, [newEvent('A'), newEvent('B')], 'no_stream');
      const refused = store.appendMany([
        { streamId: time, events: [newEvent('C')], expected: 'no_stream' },
        { streamId: lock, events: [newEvent('D')], expected: 1 },
      ]);
      await expect(refused).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(refused).rejects.toMatchObject({ streamId: lock, actual: 2 });
      expect(await store.readStream(time)).toEqual([]);
      expect(await store.readStream(lock)).toHaveLength(2);
    });

    it('lets exactly one of two multi-stream appends on a shared stream win', async () => {
      const lock = stream('lock');
      await store.append(lock, [newEvent('A')], 'no_stream');
      const others = Array.from({ length: 6 }, () => stream('time'));
      const results = await Promise.allSettled(
        others.map((other) =>
          store.appendMany([
            { streamId: other, events: [newEvent('B')], expected: 'no_stream' },
            { streamId: lock, events: [newEvent('C')], expected: 1 },
          ]),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const written = await Promise.all(others.map((other) => store.readStream(other)));
      expect(written.filter((events) => events.length > 0)).toHaveLength(1);
      expect(await store.readStream(lock)).toHaveLength(2);
    });

    it('treats a repeated multi-stream append as done, writing nothing twice', async () => {
      const parts = [
        { streamId: stream('lock'), events: [newEvent('A')], expected: 'no_stream' as const },
        { streamId: stream('time'), events: [newEvent('B')], expected: 'no_stream' as const },
      ];
      const first = await store.appendMany(parts);
      const again = await store.appendMany(parts);
      expect(again).toEqual(first.map((result) => ({ ...result, repeated: true })));
      for (const { streamId } of parts) expect(await store.readStream(streamId)).toHaveLength(1);
    });

    it('reads all events in commit order after a cursor, each once', async () => {
      const start = await store.headPosition();
      const ids = [stream('a'), stream('b'), stream('c')];
      for (const id of ids) await store.append(id, [newEvent('X'), newEvent('Y')], 'no_stream');

      const events = (await readAllAfter(store, start, 4)).filter((e) => ids.includes(e.streamId));
      expect(events.map((e) => `${ids.indexOf(e.streamId)}${e.type}`)).toEqual(['0X', '0Y', '1X', '1Y', '2X', '2Y']);
      for (let i = 1; i < events.length; i++) {
        expect(comparePositions(events[i - 1].position, events[i].position)).toBe(-1);
      }
      expect(comparePositions((await store.headPosition())!, events[events.length - 1].position)).toBeGreaterThanOrEqual(0);
    });

    it('wakes subscribers when events are appended', async () => {
      const woken = new Promise<void>((resolve) => {
        const stop = store.onAppended(() => {
          stop();
          resolve();
        });
      });
      await store.append(stream('wake'), [newEvent('A')], 'no_stream');
      await woken;
    });

    it('tells of appends made through this store object', async () => {
      let woken = 0;
      const stop = store.onAppendedHere(() => woken++);
      await store.append(stream('here'), [newEvent('A')], 'no_stream');
      await expect.poll(() => woken).toBe(1);
      stop();
      await store.append(stream('here'), [newEvent('B')], 'no_stream');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(woken).toBe(1);
    });

    it('shows a reader following the log every event of many concurrent writers exactly once', async () => {
      const start = await store.headPosition();
      const writers = 8;
      const perWriter = 40;
      const streams = Array.from({ length: writers }, () => stream('writer'));
      const written = new Set<string>();
      const seen: string[] = [];
      let cursor = start;
      let writing = true;

      const follow = (async () => {
        for (;;) {
          const done = !writing;
          const page = await store.readAll(cursor, 50);
          for (const e of page) if (streams.includes(e.streamId)) seen.push(e.eventId);
          if (page.length > 0) cursor = page[page.length - 1].position;
          else if (done) return;
          else await new Promise((resolve) => setTimeout(resolve, 2));
        }
      })();

      await Promise.all(
        streams.map(async (id) => {
          for (let i = 0; i < perWriter; i++) {
            const event = newEvent('Tick', { i });
            await store.append(id, [event], i === 0 ? 'no_stream' : i);
            written.add(event.eventId);
          }
        }),
      );
      writing = false;
      await follow;

      expect(seen).toHaveLength(writers * perWriter);
      expect(new Set(seen)).toEqual(written);
    });
  });
}
