import type { LiveMessage, LiveScope } from '../../shared/live/LiveMessage';

const kinds = new Set<string>(['user', 'email', 'company']);

/** The scope in a message, or null for one whose audience this client does not know. */
function scopeOf(value: unknown): LiveScope | null {
  if (!value || typeof value !== 'object') return null;
  const { kind, id, family, key } = value as Record<string, unknown>;
  if (typeof kind !== 'string' || !kinds.has(kind) || typeof id !== 'string') return null;
  return {
    kind: kind as LiveScope['kind'],
    id,
    ...(typeof family === 'string' ? { family } : {}),
    ...(typeof key === 'string' ? { key } : {}),
  };
}

/** The message in a socket frame, or null for anything this client does not understand. */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const message = parsed as Record<string, unknown>;
  if (message.type === 'ready') return { type: 'ready' };
  if (message.type === 'unfollowed') return typeof message.companyId === 'string' ? { type: 'unfollowed', companyId: message.companyId } : null;
  if (message.type !== 'changed' || !Array.isArray(message.scopes)) return null;
  return { type: 'changed', scopes: message.scopes.map(scopeOf).filter((scope) => scope !== null) };
}
