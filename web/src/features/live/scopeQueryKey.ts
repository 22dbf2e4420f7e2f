import type { LiveScope } from './LiveMessage';

/**
 * Query-key convention of the whole web app: every query key starts with the
 * scope its data belongs to, so a change announced for a scope invalidates
 * exactly the queries under it.
 *   ['me', ...]                 the signed-in user's own data (scopes user and email)
 *   ['company', companyId, ...] one company's data
 *   ['team', teamId, ...]       one team's data
 * The server only sends 'user' and 'email' scopes for the connected user
 * (email: invites to their address), so both map to ['me'] whatever their id.
 */
export function scopeQueryKey(scope: LiveScope): readonly string[] {
  switch (scope.kind) {
    case 'user':
    case 'email':
      return ['me'];
    case 'company':
      return ['company', scope.id];
    case 'team':
      return ['team', scope.id];
  }
}
