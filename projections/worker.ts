import { sql } from 'kysely';
import { openEventStore } from '../eventstore/open.ts';
import type { EventStore } from '../eventstore/types.ts';
import { createDatabase, createPool } from './database.ts';
import { projections } from './index.ts';
import { type ErrorLog, ProjectionRunner, type ReadModelChange } from './runner.ts';

export interface WorkLog extends ErrorLog {
  info(object: unknown, message: string): void;
}

/**
 * The work that runs wherever the projections run, on connections of its own
 * (the sweeps and the mail reactor, api/background.ts): passed in, as the
 * read side does not import the API.
 */
export type StartBackgroundWork = (options: BackgroundOptions) => Promise<{ stop(): Promise<void> }>;
export interface BackgroundOptions {
  databaseUrl: string;
  kurrentDbUrl?: string;
  log: WorkLog;
}

/** A module the projection thread loads by its URL (thread.ts) and runs with the settings it was given. */
export interface BackgroundModule {
  startBackgroundWork(options: BackgroundOptions & { settings: never }): ReturnType<StartBackgroundWork>;
}

/** The background work of a module given by its URL and its settings (ThreadOptions' `background`), loaded when it starts. */
export const backgroundWorkOf =
  (background: { module: string; settings: unknown }): StartBackgroundWork =>
  async (options) =>
    ((await import(background.module)) as BackgroundModule).startBackgroundWork({ ...options, settings: background.settings as never });

export interface ProjectionWorker {
  runner: ProjectionRunner;
  /** Lets the batches in flight finish, stores every cursor, closes the connections. */
  stop(): Promise<void>;
}

/**
 * Every projection on connections of its own: caught up with the log when
 * this resolves, then following it. A projection whose database access failed
 * meanwhile goes on trying in the background; this fails only when the
 * database cannot be reached at all.
 */
export async function startProjectionWorker(options: {
  databaseUrl: string;
  kurrentDbUrl?: string;
  log: WorkLog;
  onProgress?: (change: ReadModelChange) => void;
  startBackgroundWork?: StartBackgroundWork;
}): Promise<ProjectionWorker> {
  const pool = createPool(options.databaseUrl, 5);
  const db = createDatabase(pool);
  let store: EventStore | null = null;
  try {
    await sql`SELECT 1`.execute(db);
    store = await openEventStore(options, pool);
    const runner = new ProjectionRunner(db, store, projections, options.log, { onProgress: options.onProgress });
    await runner.catchUp();
    runner.start();
    const opened = store;
    const background = await options.startBackgroundWork?.(options).catch(async (error) => {
      await runner.stop();
      throw error;
    });
    return {
      runner,
      async stop() {
        await background?.stop();
        await runner.stop();
        await opened.close();
        await db.destroy();
      },
    };
  } catch (error) {
    await store?.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    throw error;
  }
}
