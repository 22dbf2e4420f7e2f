import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';

export function findAccount(db: Kysely<Database>, userId: string) {
  return db.selectFrom('accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findAccountByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('accounts').select('user_id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function isSessionEnded(db: Kysely<Database>, sessionId: string): Promise<boolean> {
  return (await db.selectFrom('ended_sessions').select('session_id').where('session_id', '=', sessionId).executeTakeFirst()) !== undefined;
}
