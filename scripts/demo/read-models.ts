import type { Kysely } from 'kysely';
import type pg from 'pg';
import { ReadModelWatcher } from '../../api/live/read-model-watcher.ts';
import { comparePositions, type EventStore, type LogPosition } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import { projections } from '../../projections/index.ts';
import { type ErrorLog, ProjectionRunner } from '../../projections/runner.ts';

/** A read must not wait forever on read models that do not move: the next command then fails, saying what it missed. */
const WAIT_MS = 120_000;

/**
 * The read models the demo's commands consult (memberships, teams, invites,
 * tasks), kept up to date by projection workers of its own, which a running
 * server's workers share the work with. Like a browser sending its newest
 * position, the demo waits until every read model includes what it wrote.
 */
export class DemoReadModels {
  private written: LogPosition | null = null;

  private constructor(
    readonly watcher: ReadModelWatcher,
    private readonly runner: ProjectionRunner,
  ) {}

  static async start({ store, db, pool, log }: { store: EventStore; db: Kysely<Database>; pool: pg.Pool; log: ErrorLog }): Promise<DemoReadModels> {
    const watcher = new ReadModelWatcher(pool, db, projections);
    const runner = new ProjectionRunner(db, store, projections, log, { onProgress: (change) => watcher.observeProgress(change) });
    await watcher.start();
    runner.start();
    return new DemoReadModels(watcher, runner);
  }

  /** Notes where a command's events sit in the log. */
  wrote(position: LogPosition | null): void {
    if (position && (!this.written || comparePositions(position, this.written) > 0)) this.written = position;
  }

  /** Resolves once every read model includes everything written so far. */
  includeWritten(): Promise<void> {
    return this.watcher.waitFor(this.written, WAIT_MS);
  }

  async stop(): Promise<void> {
    await this.runner.stop();
    await this.watcher.stop();
  }
}
