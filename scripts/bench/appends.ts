import { randomUUID } from 'node:crypto';
import type { ExpectedVersion } from '../../eventstore/types.ts';
import { type BenchContext, type BenchResult, opsPerSecond, result } from './context.ts';

export const APPEND_DURATION_MS = 3_000;
export const CONCURRENT_WRITERS = 8;
const TARGET = { minRatio: 0.5 };
const SECTION = 'appends';

/** Single-event appends through the event store against plain single-row INSERTs. */
export async function appends(ctx: BenchContext): Promise<BenchResult[]> {
  await ctx.pool.query(
    'CREATE TABLE bench_raw (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, stream_id text NOT NULL, data jsonb NOT NULL)',
  );
  // Opens the pool's connections before anything is timed.
  await Promise.all(Array.from({ length: CONCURRENT_WRITERS }, () => ctx.pool.query('SELECT 1')));

  const rows: BenchResult[] = [];
  for (const writers of [1, CONCURRENT_WRITERS]) {
    const label = writers === 1 ? '1 writer' : `${writers} writers`;
    ctx.log(`appends: raw INSERT, ${label}`);
    const raw = await opsPerSecond(APPEND_DURATION_MS, writers, () => {
      const streamId = `timer-${randomUUID()}`;
      return () => ctx.pool.query('INSERT INTO bench_raw (stream_id, data) VALUES ($1, $2)', [streamId, JSON.stringify(timerStarted())]);
    });
    ctx.log(`appends: event store, ${label}`);
    const store = await opsPerSecond(APPEND_DURATION_MS, writers, () => {
      const streamId = `timer-${randomUUID()}`;
      let expected: ExpectedVersion = 'no_stream';
      return async () => {
        const { version } = await ctx.store.append(streamId, [newEvent()], expected);
        expected = version;
      };
    });
    rows.push(
      result({ section: SECTION, measure: `raw single-row INSERT, ${label}`, value: raw, unit: 'rows/s' }),
      result({ section: SECTION, measure: `store.append 1 event, ${label}`, value: store, unit: 'appends/s', baseline: raw, target: TARGET }),
    );
  }
  return rows;
}

function timerStarted() {
  return {
    timerId: randomUUID(),
    userId: randomUUID(),
    companyId: randomUUID(),
    projectId: randomUUID(),
    taskId: null,
    startedAt: new Date().toISOString(),
    note: 'Sprint review prep',
  };
}

function newEvent() {
  const data = timerStarted();
  return {
    eventId: randomUUID(),
    // Shaped like a timer start, but of a type no projection reads: later sections run the projections over this log.
    type: 'BenchTimerStarted',
    data,
    metadata: { correlationId: randomUUID(), userId: data.userId, companyId: data.companyId },
  };
}
