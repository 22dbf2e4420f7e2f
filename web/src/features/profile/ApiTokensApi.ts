import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** A personal API token for the desktop agent; the secret itself is never listed. */
export interface ApiToken {
  tokenId: string;
  name: string;
  createdAt: string;
  revokedAt: string | null;
}

/** The token calls (api/routes/tokens.ts). */
export const apiTokensApi = {
  list: () => api.get<ApiToken[]>('/api/me/tokens'),
  create: (name: string) => api.post<{ tokenId: string; token: string; message: string }>('/api/me/tokens', { name }),
  revoke: (tokenId: string) => api.delete<{ message: string }>(`/api/me/tokens/${encodeURIComponent(tokenId)}`),
};

/** The signed-in user's tokens; token changes are announced in the user's scope. */
export const apiTokensQueryOptions = queryOptions({
  queryKey: ['me', 'tokens'],
  queryFn: apiTokensApi.list,
});
