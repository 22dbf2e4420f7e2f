/**
 * Read your own writes: every command answers with the log position of its
 * events ("commit.prepare"); the client sends the newest one it has seen on
 * every request, and the server answers once its read models include it.
 */
export const READ_AFTER_HEADER = 'x-read-after';

let newest: { commit: bigint; prepare: bigint; text: string } | null = null;

/** Remembers the position of a command's answer, if it is newer than the one known. */
export function rememberPosition(payload: unknown) {
  if (!payload || typeof payload !== 'object' || !('position' in payload) || typeof payload.position !== 'string') return;
  const match = /^(\d+)\.(\d+)$/.exec(payload.position);
  if (!match) return;
  const position = { commit: BigInt(match[1]), prepare: BigInt(match[2]), text: payload.position };
  if (!newest || position.commit > newest.commit || (position.commit === newest.commit && position.prepare > newest.prepare)) newest = position;
}

export function readAfterHeaders(): Record<string, string> {
  return newest ? { [READ_AFTER_HEADER]: newest.text } : {};
}
