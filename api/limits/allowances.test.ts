import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../domain/shared/errors.ts';
import { useTestDatabase } from '../../tests/support/test-database.ts';
import { allowanceKey, allowances, type Limit } from './allowances.ts';

const database = useTestDatabase();
const fourAnHour: Limit = { name: 'test-four-an-hour', capacity: 4, perSeconds: 3_600, message: 'At most 4 an hour.' };

/** Allowances on a clock the test moves. */
function onClock(start: string) {
  let at = new Date(start);
  const limits = allowances(database.db, () => at);
  return { limits, advance: (seconds: number) => (at = new Date(at.getTime() + seconds * 1_000)) };
}

async function refusalOf(promise: Promise<void>): Promise<RateLimitedError> {
  const error = await promise.then(() => null, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(RateLimitedError);
  return error as RateLimitedError;
}

describe('allowances', () => {
  it('allows the capacity at once, then one more as each share of the period passes', async () => {
    const { limits, advance } = onClock('2026-11-01T10:00:00Z');
    for (let i = 0; i < 4; i++) await limits.take(fourAnHour, 'a');
    const refused = await refusalOf(limits.take(fourAnHour, 'a'));
    expect(refused.message).toBe('At most 4 an hour.');
    expect(refused.retryAfterSeconds).toBe(900);
    advance(899);
    await refusalOf(limits.take(fourAnHour, 'a'));
    advance(1);
    await limits.take(fourAnHour, 'a');
    // Another subject has its own bucket.
    await limits.take(fourAnHour, 'b', 4);
  });

  it('lets no more than the capacity through when requests arrive at once', async () => {
    const { limits } = onClock('2026-11-01T11:00:00Z');
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => limits.take(fourAnHour, 'burst')));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(4);
  });

  it('refuses more than the capacity in one go, and takes nothing when it refuses', async () => {
    const { limits } = onClock('2026-11-01T12:00:00Z');
    await limits.take(fourAnHour, 'c', 3);
    expect((await refusalOf(limits.take(fourAnHour, 'c', 2))).retryAfterSeconds).toBe(900);
    await limits.take(fourAnHour, 'c', 1);
    expect((await refusalOf(limits.take(fourAnHour, 'd', 5))).retryAfterSeconds).toBe(3_600);
  });

  it('gives back what was not used, and forgets full buckets', async () => {
    const { limits, advance } = onClock('2026-11-01T13:00:00Z');
    await limits.take(fourAnHour, 'e', 4);
    await limits.giveBack(fourAnHour, 'e', 2);
    await limits.take(fourAnHour, 'e', 2);
    await refusalOf(limits.take(fourAnHour, 'e'));
    advance(3_599);
    await limits.forgetFull();
    expect(await database.db.selectFrom('allowances').select('key').where('key', '=', allowanceKey({ name: 'test-four-an-hour' }, 'e')).executeTakeFirst()).toBeDefined();
    advance(1);
    await limits.forgetFull();
    expect(await database.db.selectFrom('allowances').select('key').where('key', '=', allowanceKey({ name: 'test-four-an-hour' }, 'e')).executeTakeFirst()).toBeUndefined();
  });
});
