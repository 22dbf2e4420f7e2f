import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AccountEvent } from '../domain/identity/events.ts';
import { accountStream } from '../domain/identity/events.ts';
import { type TestDatabase, useTestDatabase } from '../tests/support/test-database.ts';
import { accountsProjection } from './identity/accounts.ts';
import type { Projection } from './projection.ts';
import { rebuildProjection } from './rebuild.ts';
import { READ_MODEL_CHANGED_CHANNEL, type ReadModelChange, ProjectionRunner } from './runner.ts';

const silent = { error: () => undefined };

async function registerUsers(database: TestDatabase, count: number) {
  for (let i = 0; i < count; i++) {
    const userId = randomUUID();
    const events: AccountEvent[] = [
      {
        type: 'AccountRegistered',
        data: {
          userId,
          email: `user-${userId}@example.com`,
          fullName: `User ${i}`,
          passwordHash: 'h',
          verification: { tokenHash: 't', expiresAt: '2030-01-01T00:00:00Z' },
        },
      },
      { type: 'EmailVerified', data: { userId, verifiedAt: '2026-01-01T00:00:00Z' } },
      { type: 'ProfileRenamed', data: { userId, fullName: `Renamed ${i}` } },
    ];
    await database.store.append(
      accountStream(userId),
      events.map((e) => ({ eventId: randomUUID(), type: e.type, data: e.data, metadata: { correlationId: 'test' } })),
      'no_stream',
    );
  }
}

const snapshot = (database: TestDatabase) =>
  database.db.selectFrom('accounts').selectAll().orderBy('user_id').execute();

describe('projection runner', () => {
  const database = useTestDatabase();

  it('rolls back a batch that fails midway; a restart ends identical to a fresh rebuild', async () => {
    await registerUsers(database, 100); // 300 events

    let applied = 0;
    const faulty: Projection = {
      ...accountsProjection,
      apply: async (trx, events) => {
        const scopes = await accountsProjection.apply(trx, events);
        applied += events.length;
        // After the second batch wrote its rows; an error of the database, not of an event: nothing is set aside.
        if (applied >= 150) await sql`DO $$ BEGIN RAISE EXCEPTION 'disk full' USING ERRCODE = 'disk_full'; END $$`.execute(trx);
        return scopes;
      },
    };
    const failing = new ProjectionRunner(database.db, database.store, [faulty], silent, { batchSize: 100 });
    expect(await failing.runOnce(faulty)).toBe(100);
    await expect(failing.runOnce(faulty)).rejects.toThrow('disk full');
    // Only the first batch (users 0..33 fully, 34 registered) is visible.
    expect(await database.db.selectFrom('accounts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()).toEqual({ n: '34' });
    expect(await database.db.selectFrom('projection_failures').selectAll().execute()).toEqual([]);

    const restarted = new ProjectionRunner(database.db, database.store, [accountsProjection], silent, { batchSize: 100 });
    await restarted.catchUp();
    const afterRestart = await snapshot(database);
    expect(afterRestart).toHaveLength(100);
    expect(afterRestart.every((row) => row.email_verified && row.full_name.startsWith('Renamed'))).toBe(true);

    const progress = await rebuildProjection(database.db, database.store, accountsProjection, () => undefined, 64);
    expect(progress.events).toBeGreaterThanOrEqual(300);
    expect(await snapshot(database)).toEqual(afterRestart);
  });

  it('rebuilds while the live runner keeps applying new events, losing none', async () => {
    const runner = new ProjectionRunner(database.db, database.store, [accountsProjection], silent, { batchSize: 50 });
    runner.start();
    const writing = registerUsers(database, 60);
    await rebuildProjection(database.db, database.store, accountsProjection, () => undefined, 50);
    await writing;
    await runner.stop();
    await runner.catchUp();

    const live = await snapshot(database);
    expect(live).toHaveLength(160);
    await rebuildProjection(database.db, database.store, accountsProjection);
    expect(await snapshot(database)).toEqual(live);
  });

  it('catches up with one loop per projection: a skipped stretch coming due meanwhile applies nothing twice', async () => {
    for (let i = 0; i < 30; i++) {
      await database.store.append(`noise-${randomUUID()}`, [{ eventId: randomUUID(), type: 'SomethingElse', data: {}, metadata: { correlationId: 'test' } }], 'no_stream');
    }
    const counted: string[] = [];
    for (let i = 0; i < 30; i++) {
      const { position } = await database.store.append(`counted-${randomUUID()}`, [{ eventId: randomUUID(), type: 'Counted', data: {}, metadata: { correlationId: 'test' } }], 'no_stream');
      counted.push(`${position.commit}.${position.prepare}`);
    }
    const applied: string[] = [];
    const slow: Projection = {
      name: 'counting',
      tables: [],
      handles: ['Counted'],
      apply: async (_trx, events) => {
        // Slower than the runner's delay for storing skipped progress.
        await new Promise((resolve) => setTimeout(resolve, 120));
        applied.push(...events.map((e) => `${e.position.commit}.${e.position.prepare}`));
        return [];
      },
    };
    const runner = new ProjectionRunner(database.db, database.store, [slow], silent, { batchSize: 5 });
    await runner.catchUp();
    await runner.stop();

    expect(applied).toEqual(counted);
  });

  it('moves the stored checkpoint only forward while skipping events it does not handle', async () => {
    const runner = new ProjectionRunner(database.db, database.store, [accountsProjection], silent, { batchSize: 20 });
    runner.start();
    const storedCheckpoint = async () => {
      const row = await database.db.selectFrom('projection_checkpoints').selectAll().where('name', '=', 'accounts').executeTakeFirst();
      return row ? `${row.commit_position}.${row.prepare_position}` : null;
    };
    const checkpoints: string[] = [];
    let sampling = true;
    const sampler = (async () => {
      for (; sampling; await new Promise((resolve) => setTimeout(resolve, 5))) {
        const checkpoint = await storedCheckpoint();
        if (checkpoint) checkpoints.push(checkpoint);
      }
    })();
    for (let round = 0; round < 10; round++) {
      // Events of other contexts, which this projection skips, between its own.
      for (let i = 0; i < 15; i++) {
        await database.store.append(`noise-${randomUUID()}`, [{ eventId: randomUUID(), type: 'SomethingElse', data: {}, metadata: { correlationId: 'test' } }], 'no_stream');
      }
      await registerUsers(database, 2);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    await runner.stop();
    sampling = false;
    await sampler;
    checkpoints.push((await storedCheckpoint())!);

    const asPosition = (text: string) => text.split('.').map(BigInt);
    for (let i = 1; i < checkpoints.length; i++) {
      const [c0, p0] = asPosition(checkpoints[i - 1]);
      const [c1, p1] = asPosition(checkpoints[i]);
      expect(c1 > c0 || (c1 === c0 && p1 >= p0)).toBe(true);
    }
    const head = (await database.store.headPosition())!;
    expect(checkpoints.at(-1)).toBe(`${head.commit}.${head.prepare}`);
    expect(await snapshot(database)).toHaveLength(180);
  });

  it('tells the other processes how far it has read past skipped events, without a transaction each time', async () => {
    const listener = await database.pool.connect();
    const heard: ReadModelChange[] = [];
    const payloadBytes: number[] = [];
    listener.on('notification', (message) => {
      heard.push(JSON.parse(message.payload!));
      payloadBytes.push(Buffer.byteLength(message.payload!));
    });
    await listener.query(`LISTEN ${READ_MODEL_CHANGED_CHANNEL}`);
    const runner = new ProjectionRunner(database.db, database.store, [accountsProjection], silent);
    try {
      await runner.catchUp();
      runner.start();
      const storedBefore = await database.db.selectFrom('projection_checkpoints').selectAll().where('name', '=', 'accounts').executeTakeFirstOrThrow();
      let last = null;
      for (let i = 0; i < 5; i++) {
        last = await database.store.append(`noise-${randomUUID()}`, [{ eventId: randomUUID(), type: 'SomethingElse', data: {}, metadata: { correlationId: 'test' } }], 'no_stream');
      }
      const head = `${last!.position.commit}.${last!.position.prepare}`;
      await expect.poll(() => heard.some((change) => change.projection === 'accounts' && change.position === head && !change.applied), { timeout: 3000 }).toBe(true);

      const storedNow = await database.db.selectFrom('projection_checkpoints').selectAll().where('name', '=', 'accounts').executeTakeFirstOrThrow();
      expect(storedNow.updated_at).toEqual(storedBefore.updated_at);
      await runner.stop();
      const storedAtStop = await database.db.selectFrom('projection_checkpoints').selectAll().where('name', '=', 'accounts').executeTakeFirstOrThrow();
      expect(`${storedAtStop.commit_position}.${storedAtStop.prepare_position}`).toBe(head);
    } finally {
      await runner.stop();
      listener.release(true);
    }
  });

  it('tells every scope a batch touched, however many, in notifications small enough for PostgreSQL', async () => {
    const listener = await database.pool.connect();
    const heard: ReadModelChange[] = [];
    const payloadBytes: number[] = [];
    listener.on('notification', (message) => {
      heard.push(JSON.parse(message.payload!));
      payloadBytes.push(Buffer.byteLength(message.payload!));
    });
    await listener.query(`LISTEN ${READ_MODEL_CHANGED_CHANNEL}`);
    try {
      const before = await database.db.selectFrom('accounts').select('user_id').execute();
      await registerUsers(database, 60);
      const runner = new ProjectionRunner(database.db, database.store, [accountsProjection], silent, { batchSize: 10_000 });
      await runner.catchUp();
      await runner.stop();
      const known = new Set(before.map((row) => row.user_id));
      const registered = (await database.db.selectFrom('accounts').select('user_id').execute()).map((row) => row.user_id).filter((id) => !known.has(id));
      expect(registered).toHaveLength(60);
      await expect
        .poll(() => {
          const told = new Set(heard.filter((change) => change.applied).flatMap((change) => change.scopes.map((scope) => scope.id)));
          return registered.filter((id) => !told.has(id)).length;
        })
        .toBe(0);
      expect(Math.max(...payloadBytes)).toBeLessThan(8_000);
    } finally {
      listener.release(true);
    }
  });
});
