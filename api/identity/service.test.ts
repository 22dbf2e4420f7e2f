import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { EventStore } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import { createIdentityService, identityMessages } from './service.ts';
import { FREE_FAILURES, signInDelayMs } from './sign-in-failures.ts';

const never = () => new Promise<never>(() => undefined);
const silent = { error: () => undefined };

describe('forgot password', () => {
  it('answers before the account is looked up or a link is written, so known and unknown addresses take the same time', () => {
    const looked: string[] = [];
    const store = { readStream: (streamId: string) => (looked.push(streamId), never()) } as unknown as EventStore;
    const identity = createIdentityService({ store, db: {} as Kysely<Database>, linkKey: 'test-key' });
    const metadata = { correlationId: 'test' };
    const answers = [
      identity.requestPasswordReset('known@example.com', metadata, { mail: true, log: silent }),
      identity.requestPasswordReset('unknown@example.com', metadata, { mail: true, log: silent }),
    ];
    expect(answers).toEqual([{ message: identityMessages.resetSent }, { message: identityMessages.resetSent }]);
    expect(looked).toEqual([]);
  });
});

describe('sign-in delay', () => {
  it('costs nothing for the first failures, then doubles from half a second up to five', () => {
    const delays = Array.from({ length: FREE_FAILURES + 7 }, (_, failures) => signInDelayMs(failures));
    expect(delays).toEqual([...Array(FREE_FAILURES).fill(0), 500, 1000, 2000, 4000, 5000, 5000, 5000]);
  });
});
