import type { AccountEvent } from '../../domain/identity/events.ts';
import type { Projection } from '../projection.ts';

type Handled = Extract<AccountEvent, { type: 'ApiTokenCreated' | 'ApiTokenRevoked' }>;

/** Personal API tokens (hashes only), for the desktop agent's sign-in and the profile's list. */
export const apiTokensProjection: Projection = {
  name: 'api-tokens',
  tables: ['api_tokens'],
  handles: ['ApiTokenCreated', 'ApiTokenRevoked'],

  async apply(trx, events) {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as Handled;
      if (event.type === 'ApiTokenCreated') {
        const { tokenId, userId, name, tokenHash, createdAt } = event.data;
        await trx
          .insertInto('api_tokens')
          .values({ token_id: tokenId, user_id: userId, name, token_hash: tokenHash, created_at: new Date(createdAt), revoked_at: null })
          .onConflict((oc) => oc.doNothing())
          .execute();
      } else {
        await trx.updateTable('api_tokens').set({ revoked_at: new Date(event.data.revokedAt) }).where('token_id', '=', event.data.tokenId).execute();
      }
    }
    return [...new Set(events.map((e) => (e.data as { userId: string }).userId))].map((id) => ({ kind: 'user' as const, id, family: 'tokens' as const }));
  },
};
