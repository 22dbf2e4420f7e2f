import { api, type ApiAnswer, type ApiBody } from '../../lib/api';

/** What came of inviting one e-mail (to one team). */
export type InviteOutcome = ApiAnswer<'post', '/api/companies/{companyId}/invites'>['results'][number];

const link = (token: string) => ({ path: { token } });
const mine = (inviteId: string) => ({ path: { inviteId } });

/** The invite calls of the organisation API (api/organisation/invite-routes.ts). */
export const invitesApi = {
  send: (companyId: string, body: ApiBody<'post', '/api/companies/{companyId}/invites'>) =>
    api.post('/api/companies/{companyId}/invites', { path: { companyId }, body }),

  /** Behind a mailed link `/invitation?i={token}`; needs no sign-in. */
  byToken: (token: string) => api.get('/api/invitations/{token}', link(token)),
  acceptByToken: (token: string) => api.post('/api/invitations/{token}/accept', link(token)),
  declineByToken: (token: string) => api.post('/api/invitations/{token}/decline', link(token)),

  /** The signed-in user's own invites (the Invites page). */
  mine: () => api.get('/api/me/invites'),
  mineOne: (inviteId: string) => api.get('/api/me/invites/{inviteId}', mine(inviteId)),
  acceptMine: (inviteId: string) => api.post('/api/me/invites/{inviteId}/accept', mine(inviteId)),
  declineMine: (inviteId: string) => api.post('/api/me/invites/{inviteId}/decline', mine(inviteId)),
};
