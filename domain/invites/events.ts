import { type Static, Type } from 'typebox';
import { ROLES } from '../members/roles.ts';
import type { DomainEvent } from '../shared/decider.ts';
import { Closed, Email, Id, Instant, Name, Nullable, TokenHash } from '../shared/schema.ts';

/** Generous: a Client may be invited to every project of a company. */
const MAX_INVITE_PROJECTS = 10_000;

const inviteDetails = {
  inviteId: Id,
  companyId: Id,
  companyName: Name,
  email: Email,
  role: Type.Enum(ROLES),
  /** The team for Head, Manager and Member invites; null for Admin and Client. */
  teamId: Nullable(Id),
  teamName: Nullable(Name),
  /** Projects for Client invites. */
  projects: Type.Array(Closed({ projectId: Id, name: Name }), { maxItems: MAX_INVITE_PROJECTS }),
  invitedBy: Closed({ userId: Id, name: Name, email: Email }),
};
export const InviteDetails = Closed(inviteDetails);
export type InviteDetails = Static<typeof InviteDetails>;

/** What the mailed link's secret is derived from (api/identity/tokens.ts); absent from invites mailed before mails went through the outbox. */
const linkId = Type.Optional(Id);

export const InviteSent = Closed({
  ...inviteDetails,
  tokenHash: TokenHash,
  linkId,
  expiresAt: Instant,
  sentAt: Instant,
  /** Which pending invites this one expired. */
  replacing: Nullable(Type.Enum(['role invitations', 'Admin invitation'])),
});
/**
 * The invite's role changed; by whom, and the names its mail shows (absent
 * before the outbox). It mails a new link (voiding the one before), unless
 * the last mail went out less than REMAIL_AFTER_MS before (domain/invites/invitations.ts):
 * then it carries the link already mailed (its tokenHash and expiresAt) and no linkId, and mails nothing.
 */
export const InviteRoleChanged = Closed({
  inviteId: Id,
  companyId: Id,
  email: Email,
  role: Type.Enum(ROLES),
  tokenHash: TokenHash,
  expiresAt: Instant,
  linkId,
  companyName: Type.Optional(inviteDetails.companyName),
  teamName: Type.Optional(inviteDetails.teamName),
  invitedBy: Type.Optional(inviteDetails.invitedBy),
});
export const InviteExpired = Closed({ inviteId: Id, companyId: Id, email: Email, reason: Type.Literal('replaced') });
export const InviteAccepted = Closed({ inviteId: Id, companyId: Id, email: Email, userId: Id, acceptedAt: Instant });
export const InviteDeclined = Closed({ inviteId: Id, companyId: Id, email: Email, declinedAt: Instant });

/**
 * Seats of a company's plan taken by invitations about to be sent: each new
 * address with the invites it is sent (one per team), at the moment of asking.
 */
export const SeatsReserved = Closed({
  companyId: Id,
  seats: Type.Array(Closed({ email: Email, inviteIds: Type.Array(Id, { minItems: 1, maxItems: 100 }) }), { minItems: 1, maxItems: 100 }),
  at: Instant,
});

export type InviteEvent =
  | DomainEvent<'InviteSent', Static<typeof InviteSent>>
  | DomainEvent<'InviteRoleChanged', Static<typeof InviteRoleChanged>>
  | DomainEvent<'InviteExpired', Static<typeof InviteExpired>>
  | DomainEvent<'InviteAccepted', Static<typeof InviteAccepted>>
  | DomainEvent<'InviteDeclined', Static<typeof InviteDeclined>>;

export type SeatsEvent = DomainEvent<'SeatsReserved', Static<typeof SeatsReserved>>;

export const inviteEventSchemas = { InviteSent, InviteRoleChanged, InviteExpired, InviteAccepted, InviteDeclined, SeatsReserved };

/** Every invite of one company to one e-mail: the rules between them hold here. */
export const invitationsStream = (companyId: string, email: string) => `invitations-${companyId}-${email}`;

/** A company's seat reservations: two invitations at once cannot both take its plan's last seat. */
export const seatsStream = (companyId: string) => `seats-${companyId}`;
