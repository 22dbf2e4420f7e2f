import type { Role } from '../members/roles.ts';
import type { DomainEvent } from '../shared/decider.ts';

export interface InviteDetails {
  inviteId: string;
  companyId: string;
  companyName: string;
  email: string;
  role: Role;
  /** The team for Head, Manager and Member invites; null for Admin and Client. */
  teamId: string | null;
  teamName: string | null;
  /** Projects for Client invites. */
  projects: { projectId: string; name: string }[];
  invitedBy: { userId: string; name: string; email: string };
}

export type InviteEvent =
  | DomainEvent<
      'InviteSent',
      InviteDetails & {
        tokenHash: string;
        expiresAt: string;
        sentAt: string;
        /** Which pending invites this one expired. */
        replacing: 'role invitations' | 'Admin invitation' | null;
      }
    >
  | DomainEvent<'InviteRoleChanged', { inviteId: string; companyId: string; email: string; role: Role; tokenHash: string; expiresAt: string }>
  | DomainEvent<'InviteExpired', { inviteId: string; companyId: string; email: string; reason: 'replaced' }>
  | DomainEvent<'InviteAccepted', { inviteId: string; companyId: string; email: string; userId: string; acceptedAt: string }>
  | DomainEvent<'InviteDeclined', { inviteId: string; companyId: string; email: string; declinedAt: string }>;

/** Every invite of one company to one e-mail: the rules between them hold here. */
export const invitationsStream = (companyId: string, email: string) => `invitations-${companyId}-${email}`;
