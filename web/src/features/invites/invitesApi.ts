import { api } from '../../lib/api';
import type { InviteRole } from './inviteRoles';
import type { Invitation, InvitationAnswer, LinkedInvitation } from './Invitation';

export interface InviteOutcome {
  email: string;
  teamName: string | null;
  sent: boolean;
  message: string;
}

const linkPath = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;
const minePath = (inviteId: string) => `/api/me/invites/${encodeURIComponent(inviteId)}`;

/** The invite calls of the organisation API (docs/organisation-api.md). */
export const invitesApi = {
  send: (companyId: string, body: { emails: string[]; role: InviteRole; teamIds: string[]; projectIds: string[] }) =>
    api.post<{ results: InviteOutcome[] }>(`/api/companies/${encodeURIComponent(companyId)}/invites`, body),

  /** Behind a mailed link `/invitation?i={token}`; needs no sign-in. */
  byToken: (token: string) => api.get<LinkedInvitation>(linkPath(token)),
  acceptByToken: (token: string) => api.post<InvitationAnswer>(`${linkPath(token)}/accept`),
  declineByToken: (token: string) => api.post<InvitationAnswer>(`${linkPath(token)}/decline`),

  /** The signed-in user's own invites (the Invites page). */
  mine: () => api.get<Invitation[]>('/api/me/invites'),
  mineOne: (inviteId: string) => api.get<Invitation>(minePath(inviteId)),
  acceptMine: (inviteId: string) => api.post<InvitationAnswer>(`${minePath(inviteId)}/accept`),
  declineMine: (inviteId: string) => api.post<InvitationAnswer>(`${minePath(inviteId)}/decline`),
};
