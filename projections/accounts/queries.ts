import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';

export function findAccount(db: Kysely<Database>, userId: string) {
  return db.selectFrom('accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}
