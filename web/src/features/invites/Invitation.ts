import type { InviteStatus } from '../../../../domain/invites/invitations.ts';

/** An invite as the invitation endpoints return it (docs/organisation-api.md). */
export interface Invitation {
  invitationId: string;
  email: string;
  companyId: string;
  invitedBy: { fullName: string; companyName: string };
  /** Admin, Head, Manager, Member or Client. */
  invitedAs: string;
  teamName: string | null;
  projects: { projectId: string; name: string }[];
  status: InviteStatus;
  expiresAt: string;
}

/** The invitation behind a mailed link, with whether its e-mail already has an account. */
export interface LinkedInvitation extends Invitation {
  registered: boolean;
}

/** The answer to accepting or declining: the server's message and the company it was for. */
export interface InvitationAnswer {
  message: string;
  companyId: string;
}
