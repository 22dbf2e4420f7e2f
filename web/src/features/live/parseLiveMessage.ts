import type { LiveMessage, LiveScope } from './LiveMessage';

const kinds = new Set<string>(['user', 'email', 'company', 'team']);

function isScope(value: unknown): value is LiveScope {
  if (!value || typeof value !== 'object') return false;
  const scope = value as Record<string, unknown>;
  return typeof scope.kind === 'string' && kinds.has(scope.kind) && typeof scope.id === 'string';
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
  if (message.type !== 'changed' || !Array.isArray(message.scopes)) return null;
  return { type: 'changed', scopes: message.scopes.filter(isScope) };
}
