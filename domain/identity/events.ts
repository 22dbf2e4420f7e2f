import type { DomainEvent } from '../shared/decider.ts';

/** A single-use link secret, kept only as its hash. */
export interface IssuedToken {
  tokenHash: string;
  expiresAt: string;
}

export type AccountEvent =
  | DomainEvent<'AccountRegistered', { userId: string; email: string; fullName: string; passwordHash: string; verification: IssuedToken }>
  | DomainEvent<'EmailVerificationIssued', IssuedToken>
  | DomainEvent<'EmailVerified', { userId: string; verifiedAt: string }>
  | DomainEvent<'PasswordResetRequested', IssuedToken>
  | DomainEvent<'PasswordReset', { userId: string; passwordHash: string; tokenHash: string; resetAt: string }>
  | DomainEvent<'ProfileRenamed', { userId: string; fullName: string }>
  | DomainEvent<'ApiTokenCreated', { userId: string; tokenId: string; name: string; tokenHash: string; createdAt: string }>
  | DomainEvent<'ApiTokenRevoked', { userId: string; tokenId: string; revokedAt: string }>;

export type EmailReservationEvent = DomainEvent<'EmailReserved', { email: string; userId: string }>;

export const accountStream = (userId: string) => `account-${userId}`;
export const emailReservationStream = (normalizedEmail: string) => `email-${normalizedEmail}`;
