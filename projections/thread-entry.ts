// Runs inside the projection thread (see thread.ts).
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { ThreadMessage, ThreadOptions } from './thread.ts';
import { backgroundWorkOf, startProjectionWorker } from './worker.ts';

const port = parentPort!;
const { databaseUrl, kurrentDbUrl, background } = workerData as ThreadOptions;
const send = (message: ThreadMessage) => port.postMessage(message);
/** A logged object that cannot be copied to the other thread goes as text. */
const sendLog = (level: 'info' | 'error') => (object: unknown, message?: string) => {
  try {
    send({ type: 'log', level, object, message });
  } catch {
    send({ type: 'log', level, object: { detail: String(object) }, message });
  }
};

/**
 * Under a full CPU, requests go first and the read models catch up in larger
 * batches: on Linux a thread has a priority of its own (a "nice" value, set by
 * its thread id). Elsewhere the thread keeps the process's priority.
 */
const BACKGROUND_NICENESS = 10;
try {
  os.setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), BACKGROUND_NICENESS);
} catch {
  // Not Linux: nothing to do.
}

try {
  const worker = await startProjectionWorker({
    databaseUrl,
    kurrentDbUrl,
    log: { error: sendLog('error'), info: sendLog('info') },
    onProgress: (change) => send({ type: 'progress', change }),
    startBackgroundWork: background && backgroundWorkOf(background),
  });
  port.on('message', async (message: 'appended' | 'stop') => {
    if (message === 'appended') return worker.runner.appended();
    await worker.stop();
    port.close();
  });
  send({ type: 'caught-up' });
} catch (error) {
  send({ type: 'failed', error });
  port.close();
}
