import type { ApiAnswer } from '../../lib/api';

/** The invitation behind a mailed link, with whether its e-mail already has an account. */
export type LinkedInvitation = ApiAnswer<'get', '/api/invitations/{token}'>;

/** An invite as the invitation endpoints return it; `invitedAs` is Admin, Head, Manager, Member or Client. */
export type Invitation = ApiAnswer<'get', '/api/me/invites/{inviteId}'>;

/** The answer to accepting or declining: the server's message and the company it was for. */
export type InvitationAnswer = ApiAnswer<'post', '/api/me/invites/{inviteId}/accept'>;
