import { sql } from 'kysely';
import type { RunningServer } from '../../api/server.ts';
import { parsePosition } from '../../eventstore/types.ts';

/**
 * What a browser gets by sending its newest position (x-read-after) with its
 * next request, for test clients that go on as another user or through a
 * browser: waits until the server's read models include a command's answer.
 */
export async function readModelsInclude(server: Pick<RunningServer, 'watcher'>, answer: unknown): Promise<void> {
  const text = answer && typeof answer === 'object' && 'position' in answer && typeof answer.position === 'string' ? answer.position : null;
  const position = text ? parsePosition(text) : null;
  if (position) await server.watcher.waitFor(position);
}

/**
 * Waits until the read models include every event committed so far. Not the
 * store's head (headPosition), which stops below the oldest transaction still
 * open and so can lag behind a write that has just committed.
 */
export async function readModelsIncludeAllWritten(server: Pick<RunningServer, 'watcher' | 'db'>): Promise<void> {
  const { rows } = await sql<{ transaction_id: string; global_position: string }>`
    SELECT transaction_id::text, global_position FROM events ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1`.execute(server.db);
  if (rows[0]) await server.watcher.waitFor({ commit: BigInt(rows[0].transaction_id), prepare: BigInt(rows[0].global_position) });
}
