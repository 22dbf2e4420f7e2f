/** A change scope the server announces: the signed-in user, a company or a team. */
export interface LiveScope {
  kind: 'user' | 'company' | 'team';
  id: string;
}

/** What the server sends on the live socket. */
export interface LiveMessage {
  type: 'changed';
  scopes: LiveScope[];
}
