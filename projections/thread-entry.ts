// Runs inside the projection thread (see thread.ts).
import { parentPort, workerData } from 'node:worker_threads';
import type { ThreadMessage, ThreadOptions } from './thread.ts';
import { startProjectionWorker } from './worker.ts';

const port = parentPort!;
const { databaseUrl, kurrentDbUrl } = workerData as ThreadOptions;
const send = (message: ThreadMessage) => port.postMessage(message);
/** A logged object that cannot be copied to the other thread goes as text. */
const sendError = (object: unknown, message?: string) => {
  try {
    send({ type: 'error', object, message });
  } catch {
    send({ type: 'error', object: { detail: String(object) }, message });
  }
};

try {
  const worker = await startProjectionWorker({
    databaseUrl,
    kurrentDbUrl,
    log: { error: sendError },
    onProgress: (change) => send({ type: 'progress', change }),
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
