/**
 * Read your own writes: every command answers with the log position of its
 * events ("commit.prepare"); the client sends the newest one it has seen on
 * every request, and the server answers once its read models include it.
 * The position outlives a reload of the tab (session storage), so a page
 * reloaded just after a change shows it. The server never waits for a
 * position past its log's head, so one from another server does no harm.
 */
export const READ_AFTER_HEADER = 'x-read-after';
const STORAGE_KEY = 'timeledger.read-after';

type Position = { commit: bigint; prepare: bigint; text: string };

function parse(text: string | null | undefined): Position | null {
  const match = text ? /^(\d+)\.(\d+)$/.exec(text) : null;
  return match ? { commit: BigInt(match[1]), prepare: BigInt(match[2]), text: match[0] } : null;
}

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage can be refused (privacy settings): positions then last as long as the page.
    return null;
  }
}

let newest: Position | null = parse(tabStorage()?.getItem(STORAGE_KEY));

/** Remembers the position of a command's answer, if it is newer than the one known. */
export function rememberPosition(payload: unknown) {
  if (!payload || typeof payload !== 'object' || !('position' in payload) || typeof payload.position !== 'string') return;
  const position = parse(payload.position);
  if (!position) return;
  if (!newest || position.commit > newest.commit || (position.commit === newest.commit && position.prepare > newest.prepare)) {
    newest = position;
    try {
      tabStorage()?.setItem(STORAGE_KEY, position.text);
    } catch {
      // A full or refused storage only loses the position on reload.
    }
  }
}

export function readAfterHeaders(): Record<string, string> {
  return newest ? { [READ_AFTER_HEADER]: newest.text } : {};
}
