import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { comparePositions, type LogPosition, parsePosition } from '../../eventstore/types.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, signedInUser } from '../../tests/support/users.ts';

const PAST_THE_HEAD = '999999999999.999999999999';

let server: TestServer;
let user: ApiUser;
beforeAll(async () => {
  server = await startTestServer();
  user = await signedInUser(server, 'read-after@example.com', 'Reed After');
});
afterAll(() => server.close());

/** The positions a request was held for, until the read models reach them. */
async function heldFor(path: string, headers: Record<string, string>): Promise<(LogPosition | null)[]> {
  const waitFor = vi.spyOn(server.watcher, 'waitFor');
  try {
    const response = await fetch(`${server.url}${path}`, { headers });
    expect(response.status).toBeLessThan(500);
    return waitFor.mock.calls.map(([target]) => target);
  } finally {
    waitFor.mockRestore();
  }
}

describe('reading after a position (x-read-after)', () => {
  it('holds a signed-in caller’s request until the read models include their write', async () => {
    const renamed = await fetch(`${server.url}/api/me`, {
      method: 'PATCH',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Reed Renamed' }),
    });
    const { position } = await renamed.json();
    expect(await heldFor('/api/me', { cookie: user.cookie, 'x-read-after': position })).toEqual([parsePosition(position)]);
  });

  it('holds nobody who is not signed in', async () => {
    expect(await heldFor('/api/health', { 'x-read-after': PAST_THE_HEAD })).toEqual([]);
    expect(await heldFor('/api/me', { cookie: 'tl_session=forged', 'x-read-after': PAST_THE_HEAD })).toEqual([]);
  });

  it('holds an API token not found yet only until the read models reach the log’s head, never past it', async () => {
    const targets = await heldFor('/api/me', { authorization: 'Bearer not-a-token', 'x-read-after': PAST_THE_HEAD });
    const head = (await server.store.headPosition())!;
    for (const target of targets) expect(target === null || comparePositions(target, head) <= 0).toBe(true);
  });

  it('never waits for a position past the log’s head', async () => {
    const targets = await heldFor('/api/me', { cookie: user.cookie, 'x-read-after': PAST_THE_HEAD });
    const head = (await server.store.headPosition())!;
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(target === null || comparePositions(target, head) <= 0).toBe(true);
  });

  it('ignores a header that is not a position', async () => {
    for (const header of ['soon', '1.2.3', '-1.5', '']) expect(await heldFor('/api/me', { cookie: user.cookie, 'x-read-after': header })).toEqual([]);
  });
});
