import type { FastifyInstance, FastifyRequest } from 'fastify';
import { comparePositions, type EventStore, type LogPosition, parsePosition } from '../../eventstore/types.ts';
import type { ReadModelWatcher } from '../live/read-model-watcher.ts';
import { READ_AFTER_HEADER } from './context.ts';
import { requireUser } from './session.ts';

const MAX_WAIT_MS = 5000;

/**
 * Read your own writes (see READ_AFTER_HEADER): a signed-in caller's request
 * waits, after authentication and before its handler, until the read models
 * include the position it names. Never for anyone else, so nobody can park
 * requests, and never for a position past the log's head, which would wait
 * in vain. A header that is not a position is ignored.
 */
export function registerReadAfter(app: FastifyInstance, { store, watcher }: { store: EventStore; watcher: ReadModelWatcher }): ReadAfter {
  const head = new KnownHead(store);
  app.addHook('preSerialization', (request, _reply, payload: unknown, done) => {
    if (request.method !== 'GET') head.observe(answeredPosition(payload));
    done(null, payload);
  });

  async function waitForNamedPosition(request: FastifyRequest): Promise<void> {
    const header = request.headers[READ_AFTER_HEADER];
    let target = typeof header === 'string' ? parsePosition(header) : null;
    if (!target) return;
    const deadline = Date.now() + MAX_WAIT_MS;
    if (!head.covers(target)) {
      const readable = await head.read();
      if (noFurtherThan(readable, target) !== target) {
        // Past the head the log could be read to: a write committed while an
        // older transaction was still open, or none at all. Wait for the read
        // models to reach that head, ask again, and go no further than the answer.
        await watcher.waitFor(readable, deadline - Date.now());
        target = noFurtherThan(await head.read(), target);
      }
    }
    await watcher.waitFor(target, deadline - Date.now());
  }

  app.addHook('preHandler', async (request) => {
    if (request.headers[READ_AFTER_HEADER] && (await signedIn(request))) await waitForNamedPosition(request);
  });
  return { waitForNamedPosition };
}

export interface ReadAfter {
  /**
   * Waits until the read models include the position the request names (at
   * most up to the log's head, at most 5 s). For the checks before a caller
   * is known: an API token created at that position is found once it returns.
   */
  waitForNamedPosition(request: FastifyRequest): Promise<void>;
}

/** The target, or the head when the target lies past it; null for an empty log. */
function noFurtherThan(head: LogPosition | null, target: LogPosition): LogPosition | null {
  if (!head) return null;
  return comparePositions(target, head) > 0 ? head : target;
}

async function signedIn(request: FastifyRequest): Promise<boolean> {
  try {
    await requireUser(request);
    return true;
  } catch {
    return false;
  }
}

/** A command's answer names the position of its events. */
function answeredPosition(payload: unknown): LogPosition | null {
  if (!payload || typeof payload !== 'object' || !('position' in payload) || typeof payload.position !== 'string') return null;
  return parsePosition(payload.position);
}

/**
 * The newest log position known here: those this process answered with, and
 * the store's head, read only when a request names a position beyond them.
 * Requests that come while the head is being read share that one query.
 */
class KnownHead {
  private newest: LogPosition | null = null;
  private reading: Promise<LogPosition | null> | null = null;

  constructor(private readonly store: EventStore) {}

  observe(position: LogPosition | null) {
    if (position && (!this.newest || comparePositions(position, this.newest) > 0)) this.newest = position;
  }

  covers(target: LogPosition): boolean {
    return this.newest !== null && comparePositions(target, this.newest) <= 0;
  }

  read(): Promise<LogPosition | null> {
    this.reading ??= this.store.headPosition().then(
      (position) => {
        this.reading = null;
        this.observe(position);
        return position;
      },
      (error) => {
        this.reading = null;
        throw error;
      },
    );
    return this.reading;
  }
}
