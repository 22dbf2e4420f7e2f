import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { accountStream } from '../domain/identity/events.ts';
import { createPostgresEventStore } from '../eventstore/postgres.ts';
import { migrateToLatest } from '../migrations/index.ts';
import { type TestDatabase, useTestDatabase } from '../tests/support/test-database.ts';
import { createDatabase, createPool } from './database.ts';
import type { ReadModelChange } from './runner.ts';
import { startProjectionThread } from './thread.ts';

const log = pino({ level: 'silent' });

async function register(database: TestDatabase, fullName: string) {
  const userId = randomUUID();
  const data = { userId, email: `${userId}@example.com`, fullName, passwordHash: 'h', verification: { tokenHash: 't', expiresAt: '2030-01-01T00:00:00Z' } };
  const { position } = await database.store.append(
    accountStream(userId),
    [{ eventId: randomUUID(), type: 'AccountRegistered', data, metadata: { correlationId: 'test' } }],
    'no_stream',
  );
  return position;
}

/** The "nice" value of each thread of this process (Linux). */
async function threadNicenesses(): Promise<number[]> {
  const threads = await readdir('/proc/self/task');
  const stats = await Promise.all(threads.map((tid) => readFile(`/proc/self/task/${tid}/stat`, 'utf8').catch(() => null)));
  // Fields after the command name's closing parenthesis start at the third; niceness is the 19th.
  return stats.flatMap((stat) => (stat ? [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])] : []));
}

const names = async (database: TestDatabase) =>
  (await database.db.selectFrom('accounts').select('full_name').orderBy('full_name').execute()).map((row) => row.full_name);

describe('projection thread', () => {
  const database = useTestDatabase();

  it('is caught up when it starts, hears of appends made here, runs at a background priority, and stores its cursors when stopped', async () => {
    await register(database, 'Before the start');
    const changes: ReadModelChange[] = [];
    const thread = await startProjectionThread({ databaseUrl: database.url, store: database.store, log, onProgress: (change) => changes.push(change) });
    try {
      expect(await names(database)).toEqual(['Before the start']);

      const position = await register(database, 'After the start');
      await expect.poll(() => changes.some((change) => change.projection === 'accounts' && change.applied && change.position === `${position.commit}.${position.prepare}`)).toBe(true);
      expect(await names(database)).toEqual(['After the start', 'Before the start']);
      if (process.platform === 'linux') expect(await threadNicenesses()).toContain(10);
    } finally {
      await thread.stop();
    }
    const checkpoints = await database.db.selectFrom('projection_checkpoints').select(['name', 'commit_position']).execute();
    const head = await database.store.headPosition();
    expect(checkpoints.length).toBeGreaterThan(1);
    for (const checkpoint of checkpoints) expect(checkpoint.commit_position).toBe(String(head!.commit));
  });

  it('is started again when it dies, and goes on projecting', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'timeledger-thread-'));
    process.env.PROJECTION_THREAD_DIED = path.join(folder, 'died');
    const messages: string[] = [];
    const thread = await startProjectionThread({
      databaseUrl: database.url,
      store: database.store,
      log: { ...log, error: (_: unknown, message: string) => messages.push(message) } as unknown as pino.Logger,
      onProgress: () => undefined,
      entry: new URL('../tests/support/thread-entry-dying-once.ts', import.meta.url).href,
    });
    try {
      // A new thread loads and compiles the projections' modules afresh: seconds on a busy machine.
      await expect.poll(() => messages, { timeout: 20_000 }).toContain('projection thread exited; starting it again');
      await register(database, 'After the restart');
      await expect.poll(() => names(database), { timeout: 20_000 }).toContain('After the restart');
    } finally {
      await thread.stop();
      delete process.env.PROJECTION_THREAD_DIED;
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('does not hold up the start when its database cannot be reached, and is started again until it can be', async () => {
    const name = `later_${randomUUID().replace(/-/g, '')}`;
    const url = new URL(database.url);
    url.pathname = `/${name}`;
    const messages: string[] = [];
    const thread = await startProjectionThread({
      databaseUrl: url.toString(),
      store: database.store,
      log: { ...log, error: (_: unknown, message: string) => messages.push(message) } as unknown as pino.Logger,
      onProgress: () => undefined,
    });
    const pool = createPool(url.toString(), 2);
    const later = { db: createDatabase(pool), store: createPostgresEventStore(pool) } as TestDatabase;
    try {
      expect(messages).toContain('projection thread did not start; starting it again');
      await database.pool.query(`CREATE DATABASE ${name}`);
      await migrateToLatest(later.db);
      await register(later, 'Once reachable');
      await expect.poll(() => names(later), { timeout: 15_000 }).toEqual(['Once reachable']);
    } finally {
      await thread.stop();
      await later.store.close();
      await later.db.destroy();
    }
  });
});
