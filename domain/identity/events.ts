import { type Static, Type } from 'typebox';
import type { DomainEvent } from '../shared/decider.ts';
import { Closed, Email, Id, Instant, Name, TokenHash } from '../shared/schema.ts';

/**
 * A single-use link secret, kept only as its hash. `linkId`: what the mailed
 * link's secret is derived from (api/identity/tokens.ts), so that the mail
 * reactor can write the link; absent from links mailed before mails went
 * through the outbox.
 */
export const IssuedToken = Closed({ tokenHash: TokenHash, expiresAt: Instant, linkId: Type.Optional(Id) });
export type IssuedToken = Static<typeof IssuedToken>;
/** A link mailed to the account's address, which the event names for the mail reactor (absent before the outbox). */
const MailedToken = Closed({ ...IssuedToken.properties, email: Type.Optional(Email) });

/** An argon2 hash in its PHC string form: never the password itself. */
const PasswordHash = Type.String({ pattern: '^\\$argon2(id|i|d)\\$[!-~]+$', maxLength: 1_000 });

export const AccountRegistered = Closed({ userId: Id, email: Email, fullName: Name, passwordHash: PasswordHash, verification: IssuedToken });
export const EmailVerificationIssued = MailedToken;
/**
 * `tokenHash`: the link that verified the address. Absent before each link
 * stayed valid on its own; only the newest link worked then, so that one did
 * (see the account's evolve).
 */
export const EmailVerified = Closed({ userId: Id, verifiedAt: Instant, tokenHash: Type.Optional(TokenHash) });
export const PasswordResetRequested = MailedToken;
export const PasswordReset = Closed({ userId: Id, passwordHash: PasswordHash, tokenHash: TokenHash, resetAt: Instant });
export const ProfileRenamed = Closed({ userId: Id, fullName: Name });
export const ApiTokenCreated = Closed({ userId: Id, tokenId: Id, name: Name, tokenHash: TokenHash, createdAt: Instant });
export const ApiTokenRevoked = Closed({ userId: Id, tokenId: Id, revokedAt: Instant });
export const EmailReserved = Closed({ email: Email, userId: Id });

/** An account keeps at most this many live sessions: signing in once more ends the oldest. */
export const LIVE_SESSIONS_KEPT = 100;
/** A signed-in browser: its id travels in the session cookie, which every request checks against the ended ones. */
export const SessionStarted = Closed({ userId: Id, sessionId: Id, startedAt: Instant, expiresAt: Instant });
export const SessionEnded = Closed({ userId: Id, sessionId: Id, endedAt: Instant });
/** Every live session at once: after a password reset, or when the person no longer belongs to any company. */
export const AllSessionsEnded = Closed({
  userId: Id,
  sessionIds: Type.Array(Id, { maxItems: LIVE_SESSIONS_KEPT }),
  reason: Type.Union([Type.Literal('password-reset'), Type.Literal('no-company')]),
  endedAt: Instant,
});

export type AccountEvent =
  | DomainEvent<'AccountRegistered', Static<typeof AccountRegistered>>
  | DomainEvent<'EmailVerificationIssued', Static<typeof EmailVerificationIssued>>
  | DomainEvent<'EmailVerified', Static<typeof EmailVerified>>
  | DomainEvent<'PasswordResetRequested', Static<typeof PasswordResetRequested>>
  | DomainEvent<'PasswordReset', Static<typeof PasswordReset>>
  | DomainEvent<'ProfileRenamed', Static<typeof ProfileRenamed>>
  | DomainEvent<'ApiTokenCreated', Static<typeof ApiTokenCreated>>
  | DomainEvent<'ApiTokenRevoked', Static<typeof ApiTokenRevoked>>
  | DomainEvent<'SessionStarted', Static<typeof SessionStarted>>
  | DomainEvent<'SessionEnded', Static<typeof SessionEnded>>
  | DomainEvent<'AllSessionsEnded', Static<typeof AllSessionsEnded>>;

export type EmailReservationEvent = DomainEvent<'EmailReserved', Static<typeof EmailReserved>>;

export const identityEventSchemas = {
  AccountRegistered,
  EmailVerificationIssued,
  EmailVerified,
  PasswordResetRequested,
  PasswordReset,
  ProfileRenamed,
  ApiTokenCreated,
  ApiTokenRevoked,
  SessionStarted,
  SessionEnded,
  AllSessionsEnded,
  EmailReserved,
};

const ACCOUNT_STREAM_PREFIX = 'account-';
export const accountStream = (userId: string) => `${ACCOUNT_STREAM_PREFIX}${userId}`;
export const accountStreamUser = (streamId: string) => streamId.slice(ACCOUNT_STREAM_PREFIX.length);
export const emailReservationStream = (normalizedEmail: string) => `email-${normalizedEmail}`;
