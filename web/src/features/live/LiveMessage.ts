/** A change scope the server announces: the signed-in user, their e-mail address (invites), a company or a team. */
export interface LiveScope {
  kind: 'user' | 'email' | 'company' | 'team';
  id: string;
}

/**
 * What the server sends on the live socket: 'ready' once it listens to this
 * browser (from then on a follow message is heard), 'changed' for changes.
 */
export type LiveMessage = { type: 'ready' } | { type: 'changed'; scopes: LiveScope[] };
