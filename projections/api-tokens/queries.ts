import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';

export function findLiveApiToken(db: Kysely<Database>, tokenHash: string) {
  return db.selectFrom('api_tokens').select(['token_id', 'user_id']).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
}

export function apiTokensOf(db: Kysely<Database>, userId: string) {
  return db.selectFrom('api_tokens').select(['token_id', 'name', 'created_at', 'revoked_at']).where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
}
