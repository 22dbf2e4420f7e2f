import { describe, expect, it } from 'vitest';
import { accessDenied } from '../members/roles.ts';
import { given } from '../shared/spec.ts';
import { account, accountMessages, MAX_LIVE_API_TOKENS, VERIFICATION_RESEND_MINUTES, verificationResendTooSoon } from './account.ts';
import type { AccountEvent } from './events.ts';
import { messages } from './validation.ts';

const now = new Date('2026-03-01T10:00:00Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const userId = '00000000-0000-4000-8000-000000000001';
const linkId = '00000000-0000-4000-8000-0000000000f1';
const email = 'ada@example.com';

const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: {
    userId,
    email: 'ada@example.com',
    fullName: 'Ada Lovelace',
    passwordHash: 'hash-1',
    verification: { tokenHash: 'verify-1', expiresAt: '2026-03-04T10:00:00.000Z', linkId },
  },
};
const verified: AccountEvent = { type: 'EmailVerified', data: { userId, verifiedAt: now.toISOString(), tokenHash: 'verify-1' } };
const resetRequested: AccountEvent = {
  type: 'PasswordResetRequested',
  data: { tokenHash: 'reset-1', expiresAt: '2026-03-01T11:00:00.000Z', linkId, email },
};

const register = (overrides: Partial<{ email: string; fullName: string; passwordHash: string }> = {}) => ({
  type: 'Register' as const,
  userId,
  email: ' Ada@Example.com ',
  fullName: 'Ada Lovelace',
  passwordHash: 'hash-1',
  verification: { linkId, tokenHash: 'verify-1' },
  ...overrides,
});

describe('account: registration', () => {
  it('registers with a normalised e-mail and a verification link valid for 72 hours', () => {
    given(account, []).when(register(), { now }).then([registered]);
  });

  it('refuses a second registration of the same account', () => {
    given(account, [registered]).when(register(), { now }).thenRefuses(accountMessages.alreadyRegistered);
  });

  it.each([
    [{ email: '' }, messages.signUpIncomplete],
    [{ fullName: '' }, messages.signUpIncomplete],
    [{ passwordHash: '' }, messages.signUpIncomplete],
    [{ fullName: 'Al' }, messages.nameTooShort],
    [{ fullName: 'A1 2' }, messages.nameTooShort],
    [{ email: 'not-an-email' }, messages.emailInvalid],
  ])('refuses %j with the spec message', (overrides, message) => {
    given(account, []).when(register(overrides), { now }).thenRefuses(message);
  });
});

describe('account: e-mail verification', () => {
  it('verifies with the live link', () => {
    given(account, [registered])
      .when({ type: 'VerifyEmail', tokenHash: 'verify-1' }, { now })
      .then([verified]);
  });

  it('refuses a wrong or expired link', () => {
    given(account, [registered])
      .when({ type: 'VerifyEmail', tokenHash: 'other' }, { now })
      .thenRefuses(accountMessages.badVerificationLink);
    given(account, [registered])
      .when({ type: 'VerifyEmail', tokenHash: 'verify-1' }, { now: later(73 * 60) })
      .thenRefuses(accountMessages.badVerificationLink);
  });

  it('once verified, refuses a wrong link as for an unverified address, and takes the link that verified it again', () => {
    given(account, [registered, verified]).when({ type: 'VerifyEmail', tokenHash: 'other' }, { now }).thenRefuses(accountMessages.badVerificationLink);
    given(account, [registered, verified]).when({ type: 'VerifyEmail', tokenHash: 'verify-1' }, { now }).then([]);
    given(account, [registered, verified]).when({ type: 'VerifyEmail', tokenHash: 'verify-1' }, { now: later(73 * 60) }).thenRefuses(accountMessages.badVerificationLink);
  });

  const resend = (tokenHash: string) => ({ type: 'ResendEmailVerification' as const, tokenHash, linkId });
  const resent = (tokenHash: string, at: Date): AccountEvent => ({
    type: 'EmailVerificationIssued',
    data: { tokenHash, expiresAt: new Date(at.getTime() + 72 * 3_600_000).toISOString(), linkId, email },
  });

  it('sends a new link valid for 72 hours; every earlier link stays valid until it expires', () => {
    given(account, [registered]).when(resend('verify-2'), { now: later(1) }).then([resent('verify-2', later(1))]);
    const history = [registered, resent('verify-2', later(10)), resent('verify-3', later(20))];
    for (const tokenHash of ['verify-1', 'verify-2', 'verify-3']) {
      given(account, history)
        .when({ type: 'VerifyEmail', tokenHash }, { now: later(30) })
        .then([{ type: 'EmailVerified', data: { userId, verifiedAt: later(30).toISOString(), tokenHash } }]);
    }
    // The sign-up link expires 72 hours after sign-up, the later ones after theirs.
    given(account, history).when({ type: 'VerifyEmail', tokenHash: 'verify-1' }, { now: later(72 * 60 + 1) }).thenRefuses(accountMessages.badVerificationLink);
    given(account, history)
      .when({ type: 'VerifyEmail', tokenHash: 'verify-3' }, { now: later(72 * 60 + 1) })
      .then([{ type: 'EmailVerified', data: { userId, verifiedAt: later(72 * 60 + 1).toISOString(), tokenHash: 'verify-3' } }]);
  });

  it('spends every link once verified: only the link that verified answers again', () => {
    const verifiedWithSecond: AccountEvent = { type: 'EmailVerified', data: { userId, verifiedAt: later(30).toISOString(), tokenHash: 'verify-2' } };
    const history = [registered, resent('verify-2', later(10)), resent('verify-3', later(20)), verifiedWithSecond];
    given(account, history).when({ type: 'VerifyEmail', tokenHash: 'verify-2' }, { now: later(31) }).then([]);
    for (const tokenHash of ['verify-1', 'verify-3']) {
      given(account, history).when({ type: 'VerifyEmail', tokenHash }, { now: later(31) }).thenRefuses(accountMessages.badVerificationLink);
    }
  });

  it('reads an EmailVerified of the old shape (no link named) as verified with the newest link, which alone worked then', () => {
    const oldShape = { type: 'EmailVerified', data: { userId, verifiedAt: later(30).toISOString() } } as AccountEvent;
    const history = [registered, resent('verify-2', later(10)), oldShape];
    given(account, history).when({ type: 'VerifyEmail', tokenHash: 'verify-2' }, { now: later(31) }).then([]);
    given(account, history).when({ type: 'VerifyEmail', tokenHash: 'verify-1' }, { now: later(31) }).thenRefuses(accountMessages.badVerificationLink);
    given(account, history).when(resend('verify-3'), { now: later(60) }).then([]);
  });

  it(`sends again at most once in ${VERIFICATION_RESEND_MINUTES} minutes, saying when to ask again; the sign-up mail does not count`, () => {
    given(account, [registered]).when(resend('verify-2'), { now }).then([resent('verify-2', now)]);
    const history = [registered, resent('verify-2', now)];
    given(account, history).when(resend('verify-3'), { now: later(1) }).thenRefuses(verificationResendTooSoon(4 * 60));
    expect(verificationResendTooSoon(4 * 60)).toBe(
      'A verification link was sent to you less than 5 minutes ago. Please check your e-mail, or send again in 4 minutes.',
    );
    let refusal: unknown;
    try {
      account.decide(resend('verify-3'), history.reduce(account.evolve, account.initialState), { now: new Date(now.getTime() + 4 * 60_000 + 30_000) });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 30, message: verificationResendTooSoon(30) });
    given(account, history).when(resend('verify-3'), { now: later(VERIFICATION_RESEND_MINUTES) }).then([resent('verify-3', later(VERIFICATION_RESEND_MINUTES))]);
  });

  it('sends nothing once the address is verified', () => {
    given(account, [registered, verified]).when(resend('verify-2'), { now }).then([]);
  });
});

describe('account: password reset', () => {
  it('issues a link valid for one hour', () => {
    given(account, [registered, verified])
      .when({ type: 'RequestPasswordReset', tokenHash: 'reset-1', linkId }, { now })
      .then([resetRequested]);
  });

  it('resets once with the live link', () => {
    const reset: AccountEvent = {
      type: 'PasswordReset',
      data: { userId, passwordHash: 'hash-2', tokenHash: 'reset-1', resetAt: later(5).toISOString() },
    };
    given(account, [registered, resetRequested])
      .when({ type: 'ResetPassword', tokenHash: 'reset-1', passwordHash: 'hash-2', revokeApiTokens: true }, { now: later(5) })
      .then([reset]);
    given(account, [registered, resetRequested, reset])
      .when({ type: 'ResetPassword', tokenHash: 'reset-1', passwordHash: 'hash-3', revokeApiTokens: true }, { now: later(6) })
      .thenRefuses(accountMessages.badResetLink);
  });

  it('refuses an expired or superseded link', () => {
    given(account, [registered, resetRequested])
      .when({ type: 'ResetPassword', tokenHash: 'reset-1', passwordHash: 'x', revokeApiTokens: true }, { now: later(61) })
      .thenRefuses(accountMessages.badResetLink);
    const newer: AccountEvent = { type: 'PasswordResetRequested', data: { tokenHash: 'reset-2', expiresAt: later(60).toISOString(), linkId, email } };
    given(account, [registered, resetRequested, newer])
      .when({ type: 'ResetPassword', tokenHash: 'reset-1', passwordHash: 'x', revokeApiTokens: true }, { now })
      .thenRefuses(accountMessages.badResetLink);
  });

  it('refuses commands for an account that does not exist', () => {
    given(account, []).when({ type: 'RequestPasswordReset', tokenHash: 'r', linkId }, { now }).thenRefuses(accountMessages.accountNotFound);
  });
});

describe('account: profile', () => {
  it('renames with a trimmed name, and does nothing for the same name', () => {
    given(account, [registered])
      .when({ type: 'RenameProfile', fullName: '  Ada King ', by: userId }, { now })
      .then([{ type: 'ProfileRenamed', data: { userId, fullName: 'Ada King' } }]);
    given(account, [registered]).when({ type: 'RenameProfile', fullName: 'Ada Lovelace', by: userId }, { now }).then([]);
  });

  it('refuses an empty or short name', () => {
    given(account, [registered]).when({ type: 'RenameProfile', fullName: ' ', by: userId }, { now }).thenRefuses(messages.fullNameRequired);
    given(account, [registered]).when({ type: 'RenameProfile', fullName: 'Jo', by: userId }, { now }).thenRefuses(messages.nameTooShort);
  });
});

describe('account: password reset links mailed', () => {
  const requested = (at: Date): AccountEvent => ({
    type: 'PasswordResetRequested',
    data: { tokenHash: 'reset-x', expiresAt: new Date(at.getTime() + 60 * 60_000).toISOString(), linkId, email },
  });

  it('issues at most three links to one address in 15 minutes, then nothing until the window moves on', () => {
    const three = [requested(now), requested(later(5)), requested(later(10))];
    given(account, [registered, ...three]).when({ type: 'RequestPasswordReset', tokenHash: 'reset-4', linkId }, { now: later(11) }).then([]);
    given(account, [registered, ...three])
      .when({ type: 'RequestPasswordReset', tokenHash: 'reset-4', linkId }, { now: later(16) })
      .then([{ type: 'PasswordResetRequested', data: { tokenHash: 'reset-4', expiresAt: later(76).toISOString(), linkId, email } }]);
  });
});

describe('account: sessions', () => {
  const sessionA = '00000000-0000-4000-8000-00000000000a';
  const sessionB = '00000000-0000-4000-8000-00000000000b';
  const started = (sessionId: string, at: Date, hours = 12): AccountEvent => ({
    type: 'SessionStarted',
    data: { userId, sessionId, startedAt: at.toISOString(), expiresAt: new Date(at.getTime() + hours * 3_600_000).toISOString() },
  });
  const start = (sessionId: string, rememberMe = false) => ({ type: 'StartSession' as const, sessionId, rememberMe, checkedPasswordHash: 'hash-1' });

  it('starts a session of 12 hours, or of 30 days with remember me', () => {
    given(account, [registered, verified]).when(start(sessionA), { now }).then([started(sessionA, now)]);
    given(account, [registered, verified]).when(start(sessionA, true), { now }).then([started(sessionA, now, 30 * 24)]);
  });

  it('refuses a session for an unverified address, or when the password changed since it was checked', () => {
    given(account, [registered]).when(start(sessionA), { now }).thenRefuses(messages.verifyEmail);
    const reset: AccountEvent = { type: 'PasswordReset', data: { userId, passwordHash: 'hash-2', tokenHash: 'reset-1', resetAt: now.toISOString() } };
    given(account, [registered, verified, resetRequested, reset]).when(start(sessionA), { now }).thenRefuses(accountMessages.badCredentials);
  });

  it('ends one session once; an unknown or expired one needs nothing', () => {
    const ended: AccountEvent = { type: 'SessionEnded', data: { userId, sessionId: sessionA, endedAt: later(1).toISOString() } };
    given(account, [registered, verified, started(sessionA, now)]).when({ type: 'EndSession', sessionId: sessionA, by: userId }, { now: later(1) }).then([ended]);
    given(account, [registered, verified, started(sessionA, now), ended]).when({ type: 'EndSession', sessionId: sessionA, by: userId }, { now: later(2) }).then([]);
    given(account, [registered, verified]).when({ type: 'EndSession', sessionId: sessionB, by: userId }, { now }).then([]);
    given(account, [registered, verified, started(sessionA, now)]).when({ type: 'EndSession', sessionId: sessionA, by: userId }, { now: later(13 * 60) }).then([]);
  });

  it('ends every live session when the password is reset', () => {
    const history = [registered, verified, started(sessionA, now), started(sessionB, later(1)), resetRequested];
    given(account, history)
      .when({ type: 'ResetPassword', tokenHash: 'reset-1', passwordHash: 'hash-2', revokeApiTokens: true }, { now: later(5) })
      .then([
        { type: 'PasswordReset', data: { userId, passwordHash: 'hash-2', tokenHash: 'reset-1', resetAt: later(5).toISOString() } },
        { type: 'AllSessionsEnded', data: { userId, sessionIds: [sessionA, sessionB], reason: 'password-reset', endedAt: later(5).toISOString() } },
      ]);
  });

  it('revokes every live API token when the password is reset, unless told not to', () => {
    const [laptop, desktop, old] = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-0000000000a3'];
    const created = (tokenId: string): AccountEvent => ({ type: 'ApiTokenCreated', data: { userId, tokenId, name: 'Agent', tokenHash: 'f'.repeat(64), createdAt: now.toISOString() } });
    const revoked = (tokenId: string, at: Date): AccountEvent => ({ type: 'ApiTokenRevoked', data: { userId, tokenId, revokedAt: at.toISOString() } });
    const history = [registered, verified, created(laptop), created(desktop), created(old), revoked(old, later(1)), resetRequested];
    const passwordReset: AccountEvent = { type: 'PasswordReset', data: { userId, passwordHash: 'hash-2', tokenHash: 'reset-1', resetAt: later(5).toISOString() } };
    given(account, history)
      .when({ type: 'ResetPassword', tokenHash: 'reset-1', passwordHash: 'hash-2', revokeApiTokens: true }, { now: later(5) })
      .then([passwordReset, revoked(laptop, later(5)), revoked(desktop, later(5))]);
    given(account, history).when({ type: 'ResetPassword', tokenHash: 'reset-1', passwordHash: 'hash-2', revokeApiTokens: false }, { now: later(5) }).then([passwordReset]);
  });

  it('ends every live session when asked (no company left), and nothing when none is live', () => {
    given(account, [registered, verified, started(sessionA, now)])
      .when({ type: 'EndAllSessions', reason: 'no-company' }, { now: later(1) })
      .then([{ type: 'AllSessionsEnded', data: { userId, sessionIds: [sessionA], reason: 'no-company', endedAt: later(1).toISOString() } }]);
    const allEnded: AccountEvent = { type: 'AllSessionsEnded', data: { userId, sessionIds: [sessionA], reason: 'no-company', endedAt: later(1).toISOString() } };
    given(account, [registered, verified, started(sessionA, now), allEnded]).when({ type: 'EndAllSessions', reason: 'no-company' }, { now: later(2) }).then([]);
  });

  it('keeps at most 100 live sessions: one more ends the oldest', () => {
    const ids = Array.from({ length: 100 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const history = [registered, verified, ...ids.map((id, i) => started(id, later(i)))];
    given(account, history)
      .when(start(sessionA), { now: later(100) })
      .then([{ type: 'SessionEnded', data: { userId, sessionId: ids[0], endedAt: later(100).toISOString() } }, started(sessionA, later(100))]);
  });
});

describe('account: API tokens', () => {
  const tokenId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const created = (n: number): AccountEvent => ({
    type: 'ApiTokenCreated',
    data: { userId, tokenId: tokenId(n), name: `Laptop ${n}`, tokenHash: 'f'.repeat(64), createdAt: now.toISOString() },
  });
  const create = (n: number) => ({ type: 'CreateApiToken' as const, tokenId: tokenId(n), name: 'One more', tokenHash: 'e'.repeat(64), by: userId });
  const full = Array.from({ length: MAX_LIVE_API_TOKENS }, (_, n) => created(n));

  it(`holds at most ${MAX_LIVE_API_TOKENS} live tokens; revoking one makes room`, () => {
    given(account, [registered, verified, ...full]).when(create(100), { now }).thenRefuses(accountMessages.tooManyTokens);
    const revoked: AccountEvent = { type: 'ApiTokenRevoked', data: { userId, tokenId: tokenId(0), revokedAt: now.toISOString() } };
    given(account, [registered, verified, ...full, revoked])
      .when(create(100), { now })
      .then([{ type: 'ApiTokenCreated', data: { userId, tokenId: tokenId(100), name: 'One more', tokenHash: 'e'.repeat(64), createdAt: now.toISOString() } }]);
  });
});

describe('account: only its owner manages it', () => {
  const someoneElse = '00000000-0000-4000-8000-000000000009';

  it('refuses a rename, a token, a revocation or a sign-out sent by another user', () => {
    const history = [registered, verified];
    given(account, history).when({ type: 'RenameProfile', fullName: 'Ada King', by: someoneElse }, { now }).thenRefuses(accessDenied);
    given(account, history).when({ type: 'CreateApiToken', tokenId: someoneElse, name: 'Laptop', tokenHash: 'f'.repeat(64), by: someoneElse }, { now }).thenRefuses(accessDenied);
    given(account, history).when({ type: 'RevokeApiToken', tokenId: someoneElse, by: someoneElse }, { now }).thenRefuses(accessDenied);
    given(account, history).when({ type: 'EndSession', sessionId: someoneElse, by: someoneElse }, { now }).thenRefuses(accessDenied);
  });
});
