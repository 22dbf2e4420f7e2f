import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Decider, DomainEvent } from '../domain/shared/decider.ts';
import { conflict } from '../domain/shared/errors.ts';
import { useTestDatabase } from '../tests/support/test-database.ts';
import { handleCommands, StreamStateCache, type Submission } from './command-handler.ts';

type CounterEvent = DomainEvent<'Incremented', { by: number; total: number }>;
type CounterCommand = { type: 'Increment'; by: number; limit: number };
type CounterState = { total: number };

const counter: Decider<CounterCommand, CounterEvent, CounterState, unknown> = {
  initialState: { total: 0 },
  evolve: (state, event) => ({ total: event.data.total }),
  decide: (command, state) => {
    if (state.total + command.by > command.limit) throw conflict('Limit reached');
    return [{ type: 'Incremented', data: { by: command.by, total: state.total + command.by } }];
  },
};

const database = useTestDatabase();
afterEach(() => vi.restoreAllMocks());

const increment = (by: number, commandId: string, limit = 1000): Submission<CounterCommand> => ({
  command: { type: 'Increment', by, limit },
  metadata: { correlationId: randomUUID(), commandId },
});

describe('handleCommands: several commands on one stream at once', () => {
  it('decides each on what the ones before it left, writes them in one append with their own metadata, and answers each', async () => {
    const streamId = `counter-${randomUUID()}`;
    const append = vi.spyOn(database.store, 'append');
    const outcomes = await handleCommands(
      database.store,
      streamId,
      counter,
      [increment(2, 'a', 5), increment(4, 'over', 5), increment(3, 'b', 5), increment(2, 'a', 5)],
      {},
      new StreamStateCache(),
    );

    expect(append).toHaveBeenCalledTimes(1);
    const totals = outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.events.map((event) => event.data.total) : (outcome.reason as Error).message));
    // 'over' would pass 5 after 'a'; the repeated 'a' is answered with its first outcome.
    expect(totals).toEqual([[2], 'Limit reached', [5], [2]]);
    const stored = await database.store.readStream(streamId);
    expect(stored.map((event) => [event.metadata.commandId, (event.data as CounterEvent['data']).total])).toEqual([
      ['a', 2],
      ['b', 5],
    ]);
  });

  it('answers a group repeated, even long after, with what was written, and writes nothing twice', async () => {
    const streamId = `counter-${randomUUID()}`;
    const first = await handleCommands(database.store, streamId, counter, [increment(1, 'x'), increment(1, 'y')], {});
    // A process of its own with no state kept: it finds the outcomes in the stream.
    const again = await handleCommands(database.store, streamId, counter, [increment(1, 'y'), increment(1, 'z')], {}, new StreamStateCache());
    expect(again[0]).toEqual(first[1]);
    expect(again[1].status === 'fulfilled' && again[1].value.events[0].data.total).toBe(3);
    expect((await database.store.readStream(streamId)).map((event) => event.metadata.commandId)).toEqual(['x', 'y', 'z']);
  });
});
