import type { InviteEvent } from '../../domain/invites/events.ts';
import { decidedAt } from '../../eventstore/decided-at.ts';
import type { Projection, Scope } from '../projection.ts';

/** Every invite with its state, for the invite lists, the badge and the invitation page. */
export const invitesProjection: Projection = {
  name: 'invites',
  tables: ['invites'],
  handles: ['InviteSent', 'InviteRoleChanged', 'InviteExpired', 'InviteAccepted', 'InviteDeclined'],

  async apply(trx, events) {
    const scopes: Scope[] = [];
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as InviteEvent;
      const at = new Date(decidedAt(recorded));
      const update = trx.updateTable('invites').where('invite_id', '=', event.data.inviteId);
      switch (event.type) {
        case 'InviteSent': {
          const d = event.data;
          await trx
            .insertInto('invites')
            .values({
              invite_id: d.inviteId,
              company_id: d.companyId,
              company_name: d.companyName,
              email: d.email,
              role: d.role,
              team_id: d.teamId,
              team_name: d.teamName,
              projects: JSON.stringify(d.projects),
              status: 'pending',
              token_hash: d.tokenHash,
              expires_at: new Date(d.expiresAt),
              invited_by_user_id: d.invitedBy.userId,
              invited_by_name: d.invitedBy.name,
              invited_by_email: d.invitedBy.email,
              sent_at: at,
              updated_at: at,
            })
            .execute();
          break;
        }
        case 'InviteRoleChanged':
          await update
            .set({ role: event.data.role, token_hash: event.data.tokenHash, expires_at: new Date(event.data.expiresAt), updated_at: at })
            .execute();
          break;
        case 'InviteExpired':
          await update.set({ status: 'expired', updated_at: at }).execute();
          break;
        case 'InviteAccepted':
          await update.set({ status: 'accepted', accepted_by: event.data.userId, updated_at: at }).execute();
          break;
        case 'InviteDeclined':
          await update.set({ status: 'declined', updated_at: at }).execute();
          break;
      }
      // No page lists a company's invites: only the invitee is told (their invites, and the count on their profile).
      scopes.push({ kind: 'email', id: event.data.email, family: 'invites' }, { kind: 'email', id: event.data.email, family: 'profile' });
    }
    return scopes;
  },
};
