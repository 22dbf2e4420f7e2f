import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../tests/support/test-database.ts';
import { InvalidEventError } from './checked-store.ts';
import { openEventStore } from './open.ts';
import type { EventStore, NewEvent } from './types.ts';

const database = useTestDatabase();
let store: EventStore;
beforeAll(async () => {
  store = await openEventStore({}, database.pool);
});
afterAll(() => store.close());

const companyId = randomUUID();
const by = { userId: randomUUID(), name: 'Ada Lovelace' };

const event = (type: string, data: unknown, metadata: NewEvent['metadata'] = { correlationId: randomUUID(), userId: by.userId }): NewEvent => ({
  eventId: randomUUID(),
  type,
  data,
  metadata,
});
const teamCreated = (name = 'Apollo') => event('TeamCreated', { teamId: randomUUID(), companyId, name, createdBy: by.userId });
const fieldChanged = (field: string) => event('TaskFieldChanged', { taskId: 'WA-1', companyId, by, field, from: 'a', to: 'b' });

const storedEvents = async () => Number((await database.pool.query<{ count: string }>('SELECT count(*) FROM events')).rows[0].count);

/** The append's refusal, after checking that nothing reached the log. */
async function refusal(streamId: string, events: NewEvent[]): Promise<InvalidEventError> {
  const before = await storedEvents();
  const error = await store.append(streamId, events, 'any').then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(await storedEvents()).toBe(before);
  expect(error).toBeInstanceOf(InvalidEventError);
  return error as InvalidEventError;
}

describe('the opened event store checks every event at the door', () => {
  it('stores an event that matches its schema', async () => {
    const streamId = `team-${randomUUID()}`;
    const created = teamCreated();
    await store.append(streamId, [created], 'no_stream');
    expect((await store.readStream(streamId)).map((e) => e.data)).toEqual([created.data]);
  });

  it('refuses a task change of a field tasks do not have, naming the type and the path', async () => {
    const error = await refusal(`task-${companyId}-WA-1`, [fieldChanged('foo')]);
    expect(error).toMatchObject({ eventType: 'TaskFieldChanged', path: '/data/field' });
    expect(error.message).toMatch(/^Refused to store a TaskFieldChanged event: \/data\/field /);
  });

  it('refuses the whole append when one of its events is wrong', async () => {
    const streamId = `team-${randomUUID()}`;
    const error = await refusal(streamId, [teamCreated(), event('TeamRenamed', { teamId: randomUUID(), companyId, name: 'Gemini', colour: 'red' })]);
    expect(error).toMatchObject({ eventType: 'TeamRenamed', path: '/data/colour' });
    expect(error.message).toContain('is not a known property');
    expect(await store.readStream(streamId)).toEqual([]);
  });

  it('refuses an event type without a schema', async () => {
    expect(await refusal(`team-${randomUUID()}`, [event('TeamExploded', {})])).toMatchObject({ eventType: 'TeamExploded', path: '/type' });
  });

  it('refuses NUL characters and unpaired surrogates that PostgreSQL could not store', async () => {
    expect(await refusal(`team-${randomUUID()}`, [teamCreated('Apo\u0000llo')])).toMatchObject({ path: '/data/name' });
    expect(await refusal(`team-${randomUUID()}`, [teamCreated('Apollo \uD83D')])).toMatchObject({ path: '/data/name' });
  });

  it('refuses ill-formed metadata, event ids and stream ids', async () => {
    const inMetadata = { ...teamCreated(), metadata: { correlationId: 'c\u0000' } };
    expect(await refusal(`team-${randomUUID()}`, [inMetadata])).toMatchObject({ path: '/metadata/correlationId' });
    const extraMetadata = { ...teamCreated(), metadata: { correlationId: 'c', role: 'Admin' } as NewEvent['metadata'] };
    expect(await refusal(`team-${randomUUID()}`, [extraMetadata])).toMatchObject({ path: '/metadata/role' });
    expect(await refusal(`team-${randomUUID()}`, [{ ...teamCreated(), eventId: 'not-a-uuid' }])).toMatchObject({ path: '/eventId' });
    expect(await refusal(`email-ada\u0000@example.com`, [teamCreated()])).toMatchObject({ path: 'streamId' });
  });
});
