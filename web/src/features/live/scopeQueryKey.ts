import type { LiveScope } from './LiveMessage';

/**
 * Query-key convention of the whole web app: every query key starts with the
 * scope its data belongs to, so a change announced for a scope invalidates
 * exactly the queries under it.
 *   ['me', ...]                 the signed-in user's own data
 *   ['company', companyId, ...] one company's data
 *   ['team', teamId, ...]       one team's data
 * The server only sends 'user' scopes for the connected user, so a 'user'
 * scope maps to ['me'] whatever its id.
 */
export function scopeQueryKey(scope: LiveScope): readonly string[] {
  switch (scope.kind) {
    case 'user':
      return ['me'];
    case 'company':
      return ['company', scope.id];
    case 'team':
      return ['team', scope.id];
  }
}
