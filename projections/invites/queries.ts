import type { Kysely, Selectable } from 'kysely';
import type { Database, InvitesTable } from '../database.ts';

export type InviteRow = Selectable<InvitesTable>;

/** An invite as the invitee sees it; 'expired' also once its time is up. */
export function inviteView(row: InviteRow, now: Date) {
  const timedOut = row.status === 'pending' && row.expires_at.getTime() <= now.getTime();
  return {
    invitationId: row.invite_id,
    email: row.email,
    companyId: row.company_id,
    invitedBy: { fullName: row.invited_by_name, companyName: row.company_name },
    invitedAs: row.role,
    teamName: row.team_name,
    projects: row.projects,
    status: timedOut ? 'expired' : row.status,
    expiresAt: row.expires_at.toISOString(),
  };
}

export function findInviteByTokenHash(db: Kysely<Database>, tokenHash: string) {
  return db.selectFrom('invites').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** An invite sent to this e-mail; another person's answers as not found. */
export function findInviteFor(db: Kysely<Database>, inviteId: string, email: string) {
  return db.selectFrom('invites').selectAll().where('invite_id', '=', inviteId).where('email', '=', email).executeTakeFirst();
}

/** Pending invites to an e-mail that have not timed out, newest first. */
export function pendingInvitesFor(db: Kysely<Database>, email: string, now: Date) {
  return db
    .selectFrom('invites')
    .selectAll()
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .orderBy('sent_at', 'desc')
    .execute();
}
