import { queryOptions } from '@tanstack/react-query';
import { api, type ApiAnswer } from '../../lib/api';

/** A personal API token for the desktop agent; the secret itself is never listed. */
export type ApiToken = ApiAnswer<'get', '/api/me/tokens'>[number];

/** The token calls (api/identity/token-routes.ts). */
export const apiTokensApi = {
  list: () => api.get('/api/me/tokens'),
  create: (name: string) => api.post('/api/me/tokens', { body: { name } }),
  revoke: (tokenId: string) => api.delete('/api/me/tokens/{tokenId}', { path: { tokenId } }),
};

/** The signed-in user's tokens; token changes are announced in the user's scope. */
export const apiTokensQueryOptions = queryOptions({
  queryKey: ['me', 'tokens'],
  queryFn: apiTokensApi.list,
});
