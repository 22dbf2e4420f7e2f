import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { EventStore } from '../eventstore/types.ts';
import type { ReadModelChange } from './runner.ts';
import { backgroundWorkOf, startProjectionWorker } from './worker.ts';

export interface ThreadOptions {
  databaseUrl: string;
  kurrentDbUrl?: string;
  /**
   * The module whose `startBackgroundWork` the thread runs beside the
   * projections (see worker.ts), and the settings it is given: plain values,
   * copied to the thread.
   */
  background?: { module: string; settings: unknown };
}

/** What the projection thread tells the thread that started it. */
export type ThreadMessage =
  | { type: 'caught-up' }
  | { type: 'failed'; error: unknown }
  | { type: 'progress'; change: ReadModelChange }
  | { type: 'log'; level: 'info' | 'error'; object: unknown; message?: string };

export interface ProjectionThread {
  /** Lets the batches in flight finish and stores every cursor. */
  stop(): Promise<void>;
}

const BOOT = new URL('./thread-boot.mjs', import.meta.url);
const ENTRY = new URL('./thread-entry.ts', import.meta.url).href;
const RESTART_AFTER_MS = 1000;
/** A thread that keeps failing to start (its database out of reach) is started again less and less often. */
const MAX_RESTART_AFTER_MS = 30_000;
const STOP_WAIT_MS = 15_000;

/**
 * The projection runner on a thread of its own, so that applying batches
 * never holds up a request on the API's event loop. It is caught up with the
 * log when this resolves; appends made here wake it at once, and a thread
 * that dies is started again. A thread that cannot start does not stop the
 * product: this resolves all the same, and the thread is started again.
 */
export async function startProjectionThread(options: ThreadOptions & {
  store: EventStore;
  log: Logger;
  onProgress: (change: ReadModelChange) => void;
  /** The module the thread runs; another only in tests. */
  entry?: string;
}): Promise<ProjectionThread> {
  let stopping = false;
  let worker: Worker;
  let exited: Promise<void>;
  let restart: NodeJS.Timeout | null = null;
  let wakeScheduled = false;
  let restartAfter = RESTART_AFTER_MS;

  const spawn = () =>
    new Promise<void>((resolve, reject) => {
      worker = new Worker(BOOT, { workerData: { entry: options.entry ?? ENTRY, databaseUrl: options.databaseUrl, kurrentDbUrl: options.kurrentDbUrl, background: options.background } });
      worker.on('message', (message: ThreadMessage) => {
        if (message.type === 'progress') options.onProgress(message.change);
        else if (message.type === 'log') options.log[message.level](message.object, message.message);
        else if (message.type === 'caught-up') {
          restartAfter = RESTART_AFTER_MS;
          resolve();
        } else reject(message.error);
      });
      worker.on('error', (error) => {
        options.log.error({ err: error }, 'projection thread failed');
        reject(error);
      });
      exited = new Promise((done) =>
        worker.once('exit', () => {
          done();
          reject(new Error('projection thread exited before it caught up'));
          if (stopping) return;
          options.log.error({}, 'projection thread exited; starting it again');
          restart = setTimeout(() => {
            restart = null;
            spawn().catch((error) => options.log.error({ err: error }, 'projection thread did not start again'));
          }, restartAfter);
          restartAfter = Math.min(MAX_RESTART_AFTER_MS, restartAfter * 2);
        }),
      );
    });

  await spawn().catch((error) => options.log.error({ err: error }, 'projection thread did not start; starting it again'));
  // Appends of other processes the thread hears itself, from its own store.
  const unsubscribe = options.store.onAppendedHere(() => {
    if (wakeScheduled) return;
    wakeScheduled = true;
    setImmediate(() => {
      wakeScheduled = false;
      worker.postMessage('appended');
    });
  });

  return {
    async stop() {
      stopping = true;
      unsubscribe();
      if (restart) clearTimeout(restart);
      worker.postMessage('stop');
      const timeout = setTimeout(() => void worker.terminate(), STOP_WAIT_MS);
      await exited;
      clearTimeout(timeout);
    },
  };
}

/**
 * The same work as the projection thread's (thread-entry.ts), on this
 * thread: for the integration tests, whose every file starts a server and
 * whose worker has the modules loaded already, where a new thread would load
 * them all again (about 2 s a server). The product always runs the thread.
 */
export async function startProjectionsInProcess(options: ThreadOptions & { store: EventStore; log: Logger; onProgress: (change: ReadModelChange) => void }): Promise<ProjectionThread> {
  const worker = await startProjectionWorker({
    databaseUrl: options.databaseUrl,
    kurrentDbUrl: options.kurrentDbUrl,
    log: { error: (object, message) => options.log.error(object, message), info: (object, message) => options.log.info(object, message) },
    onProgress: options.onProgress,
    startBackgroundWork: options.background && backgroundWorkOf(options.background),
  });
  const unsubscribe = options.store.onAppendedHere(() => worker.runner.appended());
  return {
    async stop() {
      unsubscribe();
      await worker.stop();
    },
  };
}
