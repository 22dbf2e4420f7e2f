/**
 * A change the server announces (Scope in domain/shared/scope.ts): its
 * audience (the signed-in user, their e-mail address, or the company
 * followed) and, when it says, which family of queries changed and which
 * item of it. `family` stays a plain string here: a newer server may name
 * one this app does not know yet (see changedQueries).
 */
export interface LiveScope {
  kind: 'user' | 'email' | 'company';
  id: string;
  family?: string;
  key?: string;
}

/**
 * What the server sends on the live socket: 'ready' once it listens to this
 * browser (from then on a follow message is heard), 'changed' for changes,
 * 'unfollowed' when it stopped telling of the company followed because the
 * user is no longer a member of it.
 */
export type LiveMessage = { type: 'ready' } | { type: 'changed'; scopes: LiveScope[] } | { type: 'unfollowed'; companyId: string };
