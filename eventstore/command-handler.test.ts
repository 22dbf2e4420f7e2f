import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Decider, DomainEvent } from '../domain/shared/decider.ts';
import { conflict } from '../domain/shared/errors.ts';
import { createTestDatabase, type TestDatabase } from '../tests/support/test-database.ts';
import { handleCommand } from './command-handler.ts';

type CounterEvent = DomainEvent<'Incremented', { by: number }>;
type CounterCommand = { type: 'Increment'; by: number; limit: number };

const counter: Decider<CounterCommand, CounterEvent, { total: number }, unknown> = {
  initialState: { total: 0 },
  evolve: (state, event) => ({ total: state.total + event.data.by }),
  decide: (command, state) => {
    if (state.total + command.by > command.limit) throw conflict('Limit reached');
    return [{ type: 'Incremented', data: { by: command.by } }];
  },
};

describe('command handler', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

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
});
