import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Decider, DomainEvent } from '../domain/shared/decider.ts';
import { conflict } from '../domain/shared/errors.ts';
import { useTestDatabase } from '../tests/support/test-database.ts';
import { handleCommand, loadStream, type StreamState, StreamStateCache } from './command-handler.ts';
import { createPostgresEventStore } from './postgres.ts';
import type { EventMetadata } from './types.ts';

type CounterEvent = DomainEvent<'Incremented', { by: number }>;
type CounterCommand = { type: 'Increment'; by: number; limit: number };
type CounterState = { total: number };
type CounterCache = StreamStateCache<CounterState, CounterEvent>;

const counter: Decider<CounterCommand, CounterEvent, CounterState, unknown> = {
  initialState: { total: 0 },
  evolve: (state, event) => ({ total: state.total + event.data.by }),
  decide: (command, state) => {
    if (state.total + command.by > command.limit) throw conflict('Limit reached');
    return [{ type: 'Incremented', data: { by: command.by } }];
  },
};

const database = useTestDatabase();
afterEach(() => vi.restoreAllMocks());

describe('command handler', () => {
  const increment = (streamId: string, commandId?: string, limit = 1000) =>
    handleCommand(database.store, streamId, counter, { type: 'Increment', by: 1, limit }, {}, {
      correlationId: randomUUID(),
      ...(commandId ? { commandId } : {}),
    });

  it('decides against the folded stream and retries concurrent writes', async () => {
    const streamId = `counter-${randomUUID()}`;
    await Promise.all(Array.from({ length: 4 }, () => increment(streamId)));
    expect(await database.store.readStream(streamId)).toHaveLength(4);
  });

  it('keeps a rule across concurrent commands: never past the limit', async () => {
    const streamId = `counter-${randomUUID()}`;
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => increment(streamId, undefined, 3)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await database.store.readStream(streamId)).toHaveLength(3);
  });

  it('writes a command id once, however often and however concurrently it arrives', async () => {
    const streamId = `counter-${randomUUID()}`;
    const commandId = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => increment(streamId, commandId)));
    const again = await increment(streamId, commandId);
    expect(await database.store.readStream(streamId)).toHaveLength(1);
    expect(new Set([...results, again].map((r) => `${r.position?.commit}.${r.position?.prepare}`)).size).toBe(1);
  });

  it('lets commands on one stream in this process take turns: 20 at once, none collides, each appended once', async () => {
    const streamId = `counter-${randomUUID()}`;
    const append = vi.spyOn(database.store, 'append');
    await Promise.all(Array.from({ length: 20 }, () => increment(streamId, undefined, 20)));
    expect(append).toHaveBeenCalledTimes(20);
    expect((await database.store.readStream(streamId)).map((e) => e.version)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('reads on and decides again when other processes wrote in between: 3 processes × 10 commands at once all succeed', async () => {
    const streamId = `counter-${randomUUID()}`;
    // A store object of its own is a process of its own: its commands take turns only among themselves.
    const processes = Array.from({ length: 3 }, () => createPostgresEventStore(database.pool));
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) =>
          handleCommand(processes[i % 3], streamId, counter, { type: 'Increment', by: 1, limit: 1000 }, {}, { correlationId: randomUUID() }),
        ),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    } finally {
      await Promise.all(processes.map((store) => store.close()));
    }
    expect(await database.store.readStream(streamId)).toHaveLength(30);
  });

  it('stamps each event it appends with when the command was decided: the context’s clock', async () => {
    const streamId = `counter-${randomUUID()}`;
    const now = new Date('2026-03-10T09:00:00Z');
    const twice: typeof counter = { ...counter, decide: (command) => [1, 2].map(() => ({ type: 'Incremented', data: { by: command.by } })) };
    const run = (context: unknown, metadata: EventMetadata) => handleCommand(database.store, streamId, twice, { type: 'Increment', by: 1, limit: 1000 }, context, metadata);

    await run({ now }, { correlationId: randomUUID() });
    await run({ now }, { correlationId: randomUUID(), decidedAt: '2026-01-01T00:00:00.000Z' });
    await run({}, { correlationId: randomUUID() });

    const stamps = (await database.store.readStream(streamId)).map((e) => e.metadata.decidedAt);
    expect(stamps).toEqual([now.toISOString(), now.toISOString(), '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', undefined, undefined]);
  });
});

describe('command handler with a stream state cache', () => {
  const newCache = () => new StreamStateCache<CounterState, CounterEvent>();
  const newStream = () => `counter-${randomUUID()}`;

  /** One command, as one API process (its own cache) would run it. */
  const add = (streamId: string, cache: CounterCache, { by = 1, limit = 1000, commandId }: { by?: number; limit?: number; commandId?: string } = {}) =>
    handleCommand(database.store, streamId, counter, { type: 'Increment', by, limit }, {}, { correlationId: randomUUID(), ...(commandId ? { commandId } : {}) }, cache);

  /** Another writer, past any cache: straight into the store. */
  const appendDirectly = (streamId: string, by: number) =>
    database.store.append(streamId, [{ eventId: randomUUID(), type: 'Incremented', data: { by }, metadata: { correlationId: randomUUID() } }], 'any');

  const storedTotal = async (streamId: string) =>
    (await database.store.readStream(streamId)).reduce((total, e) => total + (e.data as { by: number }).by, 0);

  it('decides a second command on the cached state and appends without reading the stream', async () => {
    const streamId = newStream();
    const cache = newCache();
    const first = await add(streamId, cache);
    const readStream = vi.spyOn(database.store, 'readStream');

    const second = await add(streamId, cache, { by: 2 });

    expect(readStream).not.toHaveBeenCalled();
    expect(second.events).toEqual([{ type: 'Incremented', data: { by: 2 } }]);
    readStream.mockRestore();
    const stored = await database.store.readStream(streamId);
    expect(stored.map((e) => [e.version, e.data])).toEqual([[1, { by: 1 }], [2, { by: 2 }]]);
    expect(first.position).toEqual(stored[0].position);
    expect(second.position).toEqual(stored[1].position);
    expect(cache.get(streamId)).toMatchObject({ version: 2, state: { total: 3 } });
  });

  it('reads on from the cached version when another writer appended, and decides on the stored stream', async () => {
    const streamId = newStream();
    const cache = newCache();
    await add(streamId, cache);
    await appendDirectly(streamId, 5);

    const result = await add(streamId, cache);

    expect(result.events).toEqual([{ type: 'Incremented', data: { by: 1 } }]);
    expect((await database.store.readStream(streamId)).map((e) => e.version)).toEqual([1, 2, 3]);
    expect(cache.get(streamId)).toMatchObject({ version: 3, state: { total: 7 } });
  });

  it('refuses a command allowed on the stale cached state but not on the stored stream', async () => {
    const streamId = newStream();
    const cache = newCache();
    await add(streamId, cache); // cached total: 1
    await appendDirectly(streamId, 2); // stored total: 3

    await expect(add(streamId, cache, { limit: 3 })).rejects.toThrow('Limit reached');

    expect(await database.store.readStream(streamId)).toHaveLength(2);
    expect(cache.get(streamId)).toMatchObject({ version: 2, state: { total: 3 } });
  });

  it('checks a refusal decided on the stale cached state against the stored stream', async () => {
    const streamId = newStream();
    const cache = newCache();
    for (let i = 0; i < 3; i++) await add(streamId, cache, { limit: 3 }); // cached total: 3, at the limit
    await appendDirectly(streamId, -1); // stored total: 2

    const result = await add(streamId, cache, { limit: 3 });

    expect(result.events).toEqual([{ type: 'Incremented', data: { by: 1 } }]);
    expect(await database.store.readStream(streamId)).toHaveLength(5);
    expect(await storedTotal(streamId)).toBe(3);
    await expect(add(streamId, cache, { limit: 3 })).rejects.toThrow('Limit reached');
  });

  it('keeps the limit when two processes with their own caches take turns', async () => {
    const streamId = newStream();
    const processes = [newCache(), newCache()];
    const outcomes: string[] = [];
    for (let i = 0; i < 8; i++) {
      // Each turn the other process's cache has missed the previous write.
      outcomes.push(
        await add(streamId, processes[i % 2], { limit: 5 }).then(
          () => 'written',
          (error: Error) => error.message,
        ),
      );
    }
    expect(outcomes).toEqual([...Array(5).fill('written'), ...Array(3).fill('Limit reached')]);
    expect(await database.store.readStream(streamId)).toHaveLength(5);
    expect(await storedTotal(streamId)).toBe(5);
  });

  it('keeps the limit when two processes with warm, stale caches write concurrently', async () => {
    const streamId = newStream();
    const processes = [newCache(), newCache()];
    await add(streamId, processes[0], { limit: 6 });
    await add(streamId, processes[1], { limit: 6 }); // both caches warm; the first one stale
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => add(streamId, processes[i % 2], { limit: 6 })));

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ message: 'Limit reached' });
    expect(await storedTotal(streamId)).toBe(6);
  });

  it('answers a command id first run by another process with the stored outcome, writing nothing', async () => {
    const streamId = newStream();
    const [here, elsewhere] = [newCache(), newCache()];
    await add(streamId, here); // this process's cache stays at version 1
    const commandId = randomUUID();
    const first = await add(streamId, elsewhere, { commandId, limit: 2 });

    const repeated = await add(streamId, here, { commandId, limit: 2 });

    expect(repeated).toEqual(first);
    expect(await database.store.readStream(streamId)).toHaveLength(2);
    expect(await add(streamId, elsewhere, { commandId, limit: 2 })).toEqual(first);
    expect(await database.store.readStream(streamId)).toHaveLength(2);
  });

  it('answers a repeat older than the outcomes it keeps with the stored position, writing nothing', async () => {
    const streamId = newStream();
    const cache = newCache();
    const commandId = randomUUID();
    const first = await add(streamId, cache, { commandId });
    for (let i = 0; i < 70; i++) await add(streamId, cache);

    const repeated = await add(streamId, cache, { commandId });

    expect(repeated.position).toEqual(first.position);
    expect(await database.store.readStream(streamId)).toHaveLength(71);
  });

  it('answers a repeat decided anew on a stale state into other events with the stored outcome', async () => {
    // Two events on an empty counter, one after that: the stale state decides more events than were stored.
    const uneven: typeof counter = { ...counter, decide: (_command, state) => Array.from({ length: state.total === 0 ? 2 : 1 }, () => ({ type: 'Incremented', data: { by: 1 } })) };
    const streamId = newStream();
    const [here, elsewhere] = [newCache(), newCache()];
    await loadStream(database.store, streamId, uneven, here); // empty, as this process last saw it
    await appendDirectly(streamId, 1);
    const commandId = randomUUID();
    const run = (cache: CounterCache) =>
      handleCommand(database.store, streamId, uneven, { type: 'Increment', by: 1, limit: 1000 }, {}, { correlationId: randomUUID(), commandId }, cache);
    const first = await run(elsewhere);
    expect(first.events).toHaveLength(1);

    expect(await run(here)).toEqual(first);
    expect(await database.store.readStream(streamId)).toHaveLength(2);
  });
});

describe('stream state cache', () => {
  const entry = (version: number): StreamState<CounterState, CounterEvent> => ({ version, state: { total: version }, outcomes: new Map() });

  it('keeps the newer entry when an older one arrives later', () => {
    const cache = new StreamStateCache<CounterState, CounterEvent>();
    cache.set('s', entry(3));
    cache.set('s', entry(2));
    expect(cache.get('s')?.version).toBe(3);
    cache.set('s', entry(4));
    expect(cache.get('s')?.version).toBe(4);
  });

  it('drops the least recently used stream beyond maxStreams', () => {
    const cache = new StreamStateCache<CounterState, CounterEvent>(2);
    cache.set('a', entry(1));
    cache.set('b', entry(1));
    cache.get('a'); // now b is the least recently used
    cache.set('c', entry(1));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();

    cache.set('a', entry(2)); // a write is a use too: c is now the oldest
    cache.set('d', entry(1));
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('a')?.version).toBe(2);
    expect(cache.get('d')).toBeDefined();
  });
});

describe('load stream', () => {
  const append = (streamId: string, by: number, commandId?: string) =>
    database.store.append(
      streamId,
      [{ eventId: randomUUID(), type: 'Incremented', data: { by }, metadata: { correlationId: randomUUID(), ...(commandId ? { commandId } : {}) } }],
      'any',
    );

  it('folds only the events after a known state', async () => {
    const streamId = `counter-${randomUUID()}`;
    await append(streamId, 1);
    await append(streamId, 2);
    await append(streamId, 4);
    // A known state that no fold from the start could give: only event 3 may be added to it.
    const known = { version: 2, state: { total: 100 }, outcomes: new Map() };

    const loaded = await loadStream(database.store, streamId, counter, undefined, known);

    expect(loaded).toMatchObject({ version: 3, state: { total: 104 } });
    expect(await loadStream(database.store, streamId, counter, undefined, loaded)).toBe(loaded);
    expect(await loadStream(database.store, streamId, counter)).toMatchObject({ version: 3, state: { total: 7 } });
  });

  it('reads on from the cached state and keeps what it read, with the outcomes of command ids', async () => {
    const streamId = `counter-${randomUUID()}`;
    const cache = new StreamStateCache<CounterState, CounterEvent>();
    await append(streamId, 1);
    expect(await loadStream(database.store, streamId, counter, cache)).toMatchObject({ version: 1, state: { total: 1 } });
    const commandId = randomUUID();
    const written = await append(streamId, 10, commandId);
    const readStream = vi.spyOn(database.store, 'readStream');

    const loaded = await loadStream(database.store, streamId, counter, cache);

    expect(readStream).toHaveBeenCalledWith(streamId, 2);
    expect(loaded).toMatchObject({ version: 2, state: { total: 11 } });
    expect(loaded.outcomes.get(commandId)).toEqual({ events: [{ type: 'Incremented', data: { by: 10 } }], position: written.position });
    expect(cache.get(streamId)).toBe(loaded);
  });
});

describe('command handler with a guard', () => {
  type LockEvent = DomainEvent<'Noted', { stream: string }> | DomainEvent<'Locked', Record<string, never>>;
  type LockCommand = { type: 'Note'; stream: string } | { type: 'Lock' };
  const lock: Decider<LockCommand, LockEvent, { locked: boolean }, unknown> = {
    initialState: { locked: false },
    evolve: (state, event) => (event.type === 'Locked' ? { locked: true } : state),
    decide: (command, state) => {
      if (state.locked) throw conflict('Locked');
      return command.type === 'Lock' ? [{ type: 'Locked', data: {} }] : [{ type: 'Noted', data: { stream: command.stream } }];
    },
  };
  /** Each increment notes itself on the lock's stream, decided on it as it stands. */
  const guardedBy =
    (lockStream: string, streamId: string) =>
    async (): Promise<{ streamId: string; events: DomainEvent[]; expected: number | 'no_stream' }[]> => {
      const { state, version } = await loadStream(database.store, lockStream, lock);
      return [{ streamId: lockStream, events: lock.decide({ type: 'Note', stream: streamId }, state, {}), expected: version === 0 ? 'no_stream' : version }];
    };
  const metadata = (commandId?: string): EventMetadata => ({ correlationId: randomUUID(), ...(commandId ? { commandId } : {}) });
  const guardedIncrement = (lockStream: string, streamId: string, commandId?: string) =>
    handleCommand(database.store, streamId, counter, { type: 'Increment', by: 1, limit: 1000 }, {}, metadata(commandId), undefined, guardedBy(lockStream, streamId));
  const lockIt = (lockStream: string) => handleCommand(database.store, lockStream, lock, { type: 'Lock' }, {}, metadata());

  it('writes the guard’s events with the command’s, and nothing when the guard refuses', async () => {
    const lockStream = `lock-${randomUUID()}`;
    const streamId = `counter-${randomUUID()}`;
    const { position } = await guardedIncrement(lockStream, streamId);
    const noted = await database.store.readStream(lockStream);
    expect(noted.map((e) => e.type)).toEqual(['Noted']);
    expect((await database.store.readStream(streamId))[0].position.commit).toBe(noted[0].position.commit);
    expect(position).toEqual((await database.store.readStream(streamId))[0].position);

    await lockIt(lockStream);
    await expect(guardedIncrement(lockStream, streamId)).rejects.toThrow('Locked');
    expect(await database.store.readStream(streamId)).toHaveLength(1);
    expect(await database.store.readStream(lockStream)).toHaveLength(2);
  });

  it('writes a guarded command id once, its guard’s events too', async () => {
    const lockStream = `lock-${randomUUID()}`;
    const streamId = `counter-${randomUUID()}`;
    const commandId = randomUUID();
    await Promise.all(Array.from({ length: 5 }, () => guardedIncrement(lockStream, streamId, commandId)));
    expect(await database.store.readStream(streamId)).toHaveLength(1);
    expect(await database.store.readStream(lockStream)).toHaveLength(1);
  });

  it('decides again when the lock comes between the guard’s decision and the write, and then refuses', async () => {
    const lockStream = `lock-${randomUUID()}`;
    const streamId = `counter-${randomUUID()}`;
    const guard = guardedBy(lockStream, streamId);
    let calls = 0;
    const lockingMeanwhile = async () => {
      calls++;
      const parts = await guard();
      // The guard decided on an open lock; an approval lands before the write.
      if (calls === 1) await lockIt(lockStream);
      return parts;
    };
    await expect(
      handleCommand(database.store, streamId, counter, { type: 'Increment', by: 1, limit: 1000 }, {}, metadata(), undefined, lockingMeanwhile),
    ).rejects.toThrow('Locked');
    expect(calls).toBe(2);
    expect(await database.store.readStream(streamId)).toHaveLength(0);
    expect((await database.store.readStream(lockStream)).map((e) => e.type)).toEqual(['Locked']);
  });

  it('lets a lock and the changes it guards meet at once: each change is written before the lock or not at all', async () => {
    const lockStream = `lock-${randomUUID()}`;
    const streams = Array.from({ length: 12 }, () => `counter-${randomUUID()}`);
    const changes = streams.map((streamId) => guardedIncrement(lockStream, streamId));
    const locked = lockIt(lockStream);
    const outcomes = await Promise.allSettled(changes);
    await locked;
    const log = (await database.store.readStream(lockStream)).map((e) => (e.type === 'Noted' ? (e.data as { stream: string }).stream : 'Locked'));
    // Nothing is noted after the lock, and exactly the changes noted before it were written.
    expect(log.at(-1)).toBe('Locked');
    const written = await Promise.all(streams.map(async (streamId) => (await database.store.readStream(streamId)).length));
    streams.forEach((streamId, index) => {
      expect(written[index]).toBe(log.includes(streamId) ? 1 : 0);
      expect(outcomes[index].status).toBe(log.includes(streamId) ? 'fulfilled' : 'rejected');
    });
  });
});
