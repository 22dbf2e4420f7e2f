import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { EventStore } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';

/** What every bench section gets: one fresh, migrated database. */
export interface BenchContext {
  /** Connection string of the bench database, for sections that start their own clients or servers. */
  url: string;
  pool: pg.Pool;
  db: Kysely<Database>;
  store: EventStore;
  /** Progress lines, on stderr so stdout stays the report. */
  log(line: string): void;
  /** Vacuums, analyses and flushes what was written so far, so that work is not timed in what follows. */
  settle(): Promise<void>;
}

/** Bounds a measure must keep; every one given must hold. */
export interface Target {
  /** Minimum of value / baseline. */
  minRatio?: number;
  min?: number;
  /** For latencies and the like, where lower is better. */
  max?: number;
}

export interface BenchResult {
  section: string;
  measure: string;
  value: number;
  unit: string;
  baseline: number | null;
  ratio: number | null;
  target: Target | null;
  /** null when the measure has no target. */
  pass: boolean | null;
  note?: string;
}

export type BenchSection = (ctx: BenchContext) => Promise<BenchResult[]>;

export function result(row: {
  section: string;
  measure: string;
  value: number;
  unit: string;
  baseline?: number;
  target?: Target;
  note?: string;
}): BenchResult {
  const baseline = row.baseline ?? null;
  const ratio = baseline ? row.value / baseline : null;
  const target = row.target ?? null;
  const pass = target
    ? (target.minRatio === undefined || (ratio ?? 0) >= target.minRatio) &&
      (target.min === undefined || row.value >= target.min) &&
      (target.max === undefined || row.value <= target.max)
    : null;
  return { ...row, baseline, ratio, target, pass };
}

/**
 * Runs `writers` loops of `op` until `durationMs` has passed; each loop gets its
 * own op from `makeOp` so it can keep its own state. Returns completed ops per second.
 */
export async function opsPerSecond(
  durationMs: number,
  writers: number,
  makeOp: (writer: number) => () => Promise<unknown>,
): Promise<number> {
  let done = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      const op = makeOp(writer);
      while (performance.now() < deadline) {
        await op();
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** Seconds taken by `work`. */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}
