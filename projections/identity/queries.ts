import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';

export function findAccount(db: Kysely<Database>, userId: string) {
  return db.selectFrom('accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findAccountByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('accounts').select('user_id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

/** Which of these sessions were ended. */
export async function endedSessionsAmong(db: Kysely<Database>, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db.selectFrom('ended_sessions').select('session_id').where('session_id', 'in', sessionIds).execute();
  return new Set(rows.map((row) => row.session_id));
}

export async function isSessionEnded(db: Kysely<Database>, sessionId: string): Promise<boolean> {
  return (await db.selectFrom('ended_sessions').select('session_id').where('session_id', '=', sessionId).executeTakeFirst()) !== undefined;
}
