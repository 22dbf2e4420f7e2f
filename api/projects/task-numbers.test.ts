import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../domain/members/authorization.ts';
import { accessDenied } from '../../domain/members/roles.ts';
import { taskNumbersStream } from '../../domain/tasks/events.ts';
import type { TakeTaskNumber } from '../../domain/tasks/task.ts';
import { useTestDatabase } from '../../tests/support/test-database.ts';
import { createTaskNumberAllocator } from './task-numbers.ts';

const database = useTestDatabase();
afterEach(() => vi.restoreAllMocks());

const projectId = '00000000-0000-4000-8000-0000000000b1';
const actorIn = (companyId: string, role: Actor['role'] = 'Manager'): Actor => ({
  kind: 'member',
  userId: '00000000-0000-4000-8000-000000000001',
  companyId,
  role,
  managedTeams: new Set(),
});
const take = (companyId: string, actor = actorIn(companyId)): TakeTaskNumber => ({ type: 'TakeTaskNumber', companyId, prefix: 'WA', projectId, actor });
const metadata = (commandId?: string) => ({ correlationId: randomUUID(), ...(commandId ? { commandId } : {}) });
const storedNumbers = async (companyId: string) =>
  (await database.store.readStream(taskNumbersStream(companyId, 'WA'))).map((event) => (event.data as { number: number }).number);

describe('task number allocator', () => {
  it('takes the numbers of requests that arrive together in one append: distinct, in order, none refused', async () => {
    const companyId = randomUUID();
    const numbers = createTaskNumberAllocator(database.store);
    const append = vi.spyOn(database.store, 'append');
    const taken = await Promise.all(Array.from({ length: 30 }, (_, i) => numbers.take(take(companyId), metadata(`create-${i}`))));
    expect([...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(await storedNumbers(companyId)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // The first request goes at once; those that came while it was written go together.
    expect(append.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it('gives a repeated command the number it took, in this process or after a restart', async () => {
    const companyId = randomUUID();
    const numbers = createTaskNumberAllocator(database.store);
    const [first, twin] = await Promise.all([numbers.take(take(companyId), metadata('double-click')), numbers.take(take(companyId), metadata('double-click'))]);
    expect([first, twin]).toEqual([1, 1]);
    expect(await numbers.take(take(companyId), metadata('other'))).toBe(2);
    expect(await numbers.take(take(companyId), metadata('double-click'))).toBe(1);
    expect(await createTaskNumberAllocator(database.store).take(take(companyId), metadata('double-click'))).toBe(1);
    expect(await storedNumbers(companyId)).toEqual([1, 2]);
  });

  it('gives a command repeated long after (its outcome no longer kept) its number, alone or beside new ones', async () => {
    const companyId = randomUUID();
    const numbers = createTaskNumberAllocator(database.store);
    for (let i = 1; i <= 70; i++) expect(await numbers.take(take(companyId), metadata(`create-${i}`))).toBe(i);
    expect(await numbers.take(take(companyId), metadata('create-1'))).toBe(1);
    const together = await Promise.all([
      numbers.take(take(companyId), metadata('create-71')),
      numbers.take(take(companyId), metadata('create-2')),
      numbers.take(take(companyId), metadata('create-72')),
    ]);
    expect(together).toEqual([71, 2, 72]);
    expect(await storedNumbers(companyId)).toEqual(Array.from({ length: 72 }, (_, i) => i + 1));
  });

  it('never hands out a number twice when two processes take numbers of one stream', async () => {
    const companyId = randomUUID();
    const [here, there] = [createTaskNumberAllocator(database.store), createTaskNumberAllocator(database.store)];
    const taken = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? here : there).take(take(companyId), metadata())));
    expect(new Set(taken).size).toBe(40);
    expect((await storedNumbers(companyId)).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('refuses a request without the right, and takes the others of its group', async () => {
    const companyId = randomUUID();
    const numbers = createTaskNumberAllocator(database.store);
    const results = await Promise.allSettled([
      numbers.take(take(companyId), metadata()),
      numbers.take(take(companyId, actorIn(companyId, 'Member')), metadata()),
      numbers.take(take(companyId, actorIn(randomUUID(), 'Admin')), metadata()),
      numbers.take(take(companyId), metadata()),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([1, accessDenied, accessDenied, 2]);
    expect(await storedNumbers(companyId)).toEqual([1, 2]);
  });
});
