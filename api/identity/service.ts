import { randomUUID } from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import { account, type AccountCommand, accountMessages, type AccountState, VERIFICATION_LINK_HOURS } from '../../domain/identity/account.ts';
import { emailReservation } from '../../domain/identity/email-reservation.ts';
import { accountStream, emailReservationStream } from '../../domain/identity/events.ts';
import {
  messages,
  normalizeEmail,
  validateFullName,
  validateLoginEmail,
  validateNewPassword,
  validateSignUpEmail,
} from '../../domain/identity/validation.ts';
import { fold } from '../../domain/shared/decider.ts';
import { DomainError, invalid } from '../../domain/shared/errors.ts';
import { handleCommand, toDomainEvent } from '../../eventstore/command-handler.ts';
import type { EventMetadata, EventStore, LogPosition } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import { companyListOf } from '../../projections/organisation/queries.ts';
import type { ErrorLog } from '../../projections/runner.ts';
import { afterAnswerQueue } from './after-answer.ts';
import { signInDelayMs, signInFailures } from './sign-in-failures.ts';
import { hashLinkToken, newLinkToken, newMailedLink } from './tokens.ts';

/** A signed-in browser: whose, and which of their sessions. */
export interface Session {
  userId: string;
  sessionId: string;
}

export const identityMessages = {
  signedUp: 'Your account has been created. Please check your e-mail to verify your address.',
  badCredentials: accountMessages.badCredentials,
  verified: 'Your email address is verified. You can sign in now.',
  verificationResent: `A new verification link has been sent to your e-mail. It is valid for ${VERIFICATION_LINK_HOURS} hours.`,
  resetSent: 'If an account exists for this email, a password reset link has been sent to it.',
  passwordReset: 'Your password has been reset. You can sign in now.',
} as const;

// A valid argon2id hash of a random password: verifying against it when the
// account does not exist keeps the answer time the same for unknown e-mails.
const DECOY_HASH = hash(randomUUID());

export interface IdentityServiceDeps {
  store: EventStore;
  db: Kysely<Database>;
  /** The key mailed links are derived from (api/identity/tokens.ts). */
  linkKey: string;
  now?: () => Date;
}

export type IdentityService = ReturnType<typeof createIdentityService>;

export function createIdentityService({ store, db, linkKey, now = () => new Date() }: IdentityServiceDeps) {
  const failures = signInFailures(db);
  const afterAnswer = afterAnswerQueue();

  const loadAccount = async (userId: string): Promise<AccountState> =>
    fold(account, (await store.readStream(accountStream(userId))).map(toDomainEvent));

  const reservedUserId = async (email: string): Promise<string | null> =>
    fold(emailReservation, (await store.readStream(emailReservationStream(email))).map(toDomainEvent)).reservedBy;

  const runAccount = (userId: string, command: AccountCommand, metadata: EventMetadata) =>
    handleCommand(store, accountStream(userId), account, command, { now: now() }, { ...metadata, userId: metadata.userId ?? userId });

  /**
   * The account whose password this is; or the spec's refusal, the same for
   * unknown e-mails. After a few failures for the e-mail, known or not, each
   * attempt waits before its password is checked.
   */
  async function accountSignedInTo(input: { email: string; password: string }) {
    const problem = validateLoginEmail(input.email ?? '') ?? (input.password ? null : messages.required);
    if (problem) throw invalid(problem);
    const email = normalizeEmail(input.email);
    await pause(signInDelayMs(await failures.countAttempt(email)));
    const userId = await reservedUserId(email);
    const state = userId ? await loadAccount(userId) : ({ status: 'none' } as const);
    if (state.status !== 'registered') {
      await verify(await DECOY_HASH, input.password);
      throw new DomainError('unauthenticated', identityMessages.badCredentials);
    }
    if (!(await verify(state.passwordHash, input.password))) {
      throw new DomainError('unauthenticated', identityMessages.badCredentials);
    }
    await failures.forget(email);
    return state;
  }

  /** Writes a fresh reset link; the mail reactor mails it (api/mail/outbox.ts). */
  async function issuePasswordReset(email: string, metadata: EventMetadata) {
    const userId = await reservedUserId(email);
    if (!userId || (await loadAccount(userId)).status !== 'registered') return;
    await runAccount(userId, { type: 'RequestPasswordReset', ...newMailedLink(linkKey) }, metadata);
  }

  return {
    async signUp(input: { fullName: string; email: string; password: string }, metadata: EventMetadata) {
      if (!input.email?.trim() || !input.password || !input.fullName?.trim()) throw invalid(messages.signUpIncomplete);
      const problem = validateFullName(input.fullName) ?? validateSignUpEmail(input.email) ?? validateNewPassword(input.password);
      if (problem) throw invalid(problem);

      const email = normalizeEmail(input.email);
      // A reservation whose account was never written (a crash between the two
      // appends) is taken over by the retried sign-up instead of blocking the address.
      const earlier = await reservedUserId(email);
      if (earlier && (await loadAccount(earlier)).status === 'registered') throw new DomainError('conflict', accountMessages.alreadyRegistered);
      const userId = earlier ?? randomUUID();
      await handleCommand(store, emailReservationStream(email), emailReservation, { type: 'ReserveEmail', email, userId }, {}, metadata);

      const result = await runAccount(
        userId,
        { type: 'Register', userId, email, fullName: input.fullName, passwordHash: await hash(input.password), verification: newMailedLink(linkKey) },
        { ...metadata, userId },
      );
      return { userId, position: result.position, message: identityMessages.signedUp };
    },

    /**
     * Checks the credentials and starts a session; or refuses with the spec's
     * messages. An unverified address is refused and mails nothing: the link
     * mailed at sign-up still works, and 'Send again' mails another.
     */
    async logIn(input: { email: string; password: string; rememberMe: boolean }, metadata: EventMetadata) {
      const state = await accountSignedInTo(input);
      if (!state.emailVerified) throw new DomainError('forbidden', messages.verifyEmail);
      const { events } = await runAccount(
        state.userId,
        { type: 'StartSession', sessionId: randomUUID(), rememberMe: input.rememberMe, checkedPasswordHash: state.passwordHash },
        { ...metadata, userId: state.userId },
      );
      // A repeated request (same Idempotency-Key) gets the session its first one started.
      const started = events.find((event) => event.type === 'SessionStarted');
      if (!started) throw new Error('The session was not started');
      return { userId: state.userId, sessionId: started.data.sessionId, expiresAt: started.data.expiresAt };
    },

    /** Logging out: the session ends in every API process (see api/http/session.ts). */
    async endSession({ userId, sessionId }: Session, metadata: EventMetadata): Promise<LogPosition | null> {
      return (await runAccount(userId, { type: 'EndSession', sessionId, by: userId }, { ...metadata, userId })).position;
    },

    /**
     * After a member's removal: one who now belongs to no company at all is
     * signed out everywhere. (Access to the company they left ends at once
     * anyway: every request checks membership.)
     */
    async endSessionsIfInNoCompany(userId: string, removedFrom: string, metadata: EventMetadata): Promise<LogPosition | null> {
      // The read model may not show the removal yet: the company left does not count.
      const companies = (await companyListOf(db, userId, { now: now() })).filter((company) => company.companyId !== removedFrom);
      if (companies.length > 0) return null;
      return (await runAccount(userId, { type: 'EndAllSessions', reason: 'no-company' }, metadata)).position;
    },

    /**
     * 'Send again' on the sign-in page: a new verification link for the one
     * who knows the password, at most one per few minutes (the account
     * decides, 429 otherwise). An address already verified gets no mail.
     */
    async resendVerification(input: { email: string; password: string }, metadata: EventMetadata) {
      const state = await accountSignedInTo(input);
      const result = await runAccount(state.userId, { type: 'ResendEmailVerification', ...newMailedLink(linkKey) }, metadata);
      return { position: result.position, message: state.emailVerified ? identityMessages.verified : identityMessages.verificationResent };
    },

    async verifyEmail(userId: string, token: string, metadata: EventMetadata) {
      const state = await loadAccount(userId);
      if (state.status !== 'registered') throw invalid(accountMessages.badVerificationLink);
      const result = await runAccount(userId, { type: 'VerifyEmail', tokenHash: hashLinkToken(token) }, metadata);
      return { position: result.position, message: identityMessages.verified };
    },

    /**
     * Answers at once, the same for known and unknown addresses, in the same
     * time: looking the account up, writing the link and mailing it happen
     * after the answer. `mail: false` (the caller's address asked for too
     * many) answers the same and does nothing. An address gets at most three
     * links in 15 minutes (the account decides).
     */
    requestPasswordReset(emailInput: string, metadata: EventMetadata, { mail, log }: { mail: boolean; log: ErrorLog }) {
      const problem = validateLoginEmail(emailInput ?? '');
      if (problem) throw invalid(problem);
      const email = normalizeEmail(emailInput);
      if (mail) afterAnswer.push(() => issuePasswordReset(email, metadata), log);
      return { message: identityMessages.resetSent };
    },

    /** A new password ends every session; `revokeApiTokens` also revokes every API token, in the same append. */
    async resetPassword(input: { userId: string; token: string; password: string; revokeApiTokens: boolean }, metadata: EventMetadata) {
      const problem = validateNewPassword(input.password ?? '');
      if (problem) throw invalid(problem);
      if ((await loadAccount(input.userId)).status !== 'registered') throw invalid(accountMessages.badResetLink);
      const result = await runAccount(
        input.userId,
        { type: 'ResetPassword', tokenHash: hashLinkToken(input.token), passwordHash: await hash(input.password), revokeApiTokens: input.revokeApiTokens },
        metadata,
      );
      return { position: result.position, message: identityMessages.passwordReset };
    },

    async renameProfile(userId: string, fullName: string, metadata: EventMetadata): Promise<LogPosition | null> {
      return (await runAccount(userId, { type: 'RenameProfile', fullName, by: userId }, metadata)).position;
    },

    /** A personal API token for the desktop agent: its secret is answered this once and kept only as a hash. */
    async createApiToken(userId: string, name: string, metadata: EventMetadata) {
      const tokenId = randomUUID();
      const token = `tl_${newLinkToken().token}`;
      const { position } = await runAccount(userId, { type: 'CreateApiToken', tokenId, name, tokenHash: hashLinkToken(token), by: userId }, metadata);
      return { tokenId, token, position };
    },

    async revokeApiToken(userId: string, tokenId: string, metadata: EventMetadata): Promise<LogPosition | null> {
      return (await runAccount(userId, { type: 'RevokeApiToken', tokenId, by: userId }, metadata)).position;
    },
  };
}
