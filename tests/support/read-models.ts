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
