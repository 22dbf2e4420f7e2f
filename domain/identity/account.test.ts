import { describe, expect, it } from 'vitest';
import { given } from '../shared/spec.ts';
import { account, accountMessages } from './account.ts';
import type { AccountEvent } from './events.ts';
import { messages } from './validation.ts';

const now = new Date('2026-03-01T10:00:00Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const userId = '00000000-0000-4000-8000-000000000001';

const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: {
    userId,
    email: 'ada@example.com',
    fullName: 'Ada Lovelace',
    passwordHash: 'hash-1',
    verification: { tokenHash: 'verify-1', expiresAt: '2026-03-04T10:00:00.000Z' },
  },
};
const verified: AccountEvent = { type: 'EmailVerified', data: { userId, verifiedAt: now.toISOString() } };
const resetRequested: AccountEvent = {
  type: 'PasswordResetRequested',
  data: { tokenHash: 'reset-1', expiresAt: '2026-03-01T11:00:00.000Z' },
};

const register = (overrides: Partial<{ email: string; fullName: string; passwordHash: string }> = {}) => ({
  type: 'Register' as const,
  userId,
  email: ' Ada@Example.com ',
  fullName: 'Ada Lovelace',
  passwordHash: 'hash-1',
  verificationTokenHash: 'verify-1',
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

  it('does nothing when already verified, whatever the link', () => {
    given(account, [registered, verified]).when({ type: 'VerifyEmail', tokenHash: 'old' }, { now }).then([]);
  });

  it('replaces the link when a new one is issued', () => {
    const reissued = given(account, [registered]).when({ type: 'IssueEmailVerification', tokenHash: 'verify-2' }, { now });
    expect(reissued.events()).toEqual([
      { type: 'EmailVerificationIssued', data: { tokenHash: 'verify-2', expiresAt: '2026-03-04T10:00:00.000Z' } },
    ]);
    given(account, [registered, ...reissued.events()])
      .when({ type: 'VerifyEmail', tokenHash: 'verify-1' }, { now })
      .thenRefuses(accountMessages.badVerificationLink);
  });
});

describe('account: password reset', () => {
  it('issues a link valid for one hour', () => {
    given(account, [registered, verified])
      .when({ type: 'RequestPasswordReset', tokenHash: 'reset-1' }, { now })
      .then([resetRequested]);
  });

  it('resets once with the live link', () => {
    const reset: AccountEvent = {
      type: 'PasswordReset',
      data: { userId, passwordHash: 'hash-2', tokenHash: 'reset-1', resetAt: later(5).toISOString() },
    };
    given(account, [registered, resetRequested])
      .when({ type: 'ResetPassword', tokenHash: 'reset-1', passwordHash: 'hash-2' }, { now: later(5) })
      .then([reset]);
    given(account, [registered, resetRequested, reset])
      .when({ type: 'ResetPassword', tokenHash: 'reset-1', passwordHash: 'hash-3' }, { now: later(6) })
      .thenRefuses(accountMessages.badResetLink);
  });

  it('refuses an expired or superseded link', () => {
    given(account, [registered, resetRequested])
      .when({ type: 'ResetPassword', tokenHash: 'reset-1', passwordHash: 'x' }, { now: later(61) })
      .thenRefuses(accountMessages.badResetLink);
    const newer: AccountEvent = { type: 'PasswordResetRequested', data: { tokenHash: 'reset-2', expiresAt: later(60).toISOString() } };
    given(account, [registered, resetRequested, newer])
      .when({ type: 'ResetPassword', tokenHash: 'reset-1', passwordHash: 'x' }, { now })
      .thenRefuses(accountMessages.badResetLink);
  });

  it('refuses commands for an account that does not exist', () => {
    given(account, []).when({ type: 'RequestPasswordReset', tokenHash: 'r' }, { now }).thenRefuses(accountMessages.accountNotFound);
  });
});

describe('account: profile', () => {
  it('renames with a trimmed name, and does nothing for the same name', () => {
    given(account, [registered])
      .when({ type: 'RenameProfile', fullName: '  Ada King ' }, { now })
      .then([{ type: 'ProfileRenamed', data: { userId, fullName: 'Ada King' } }]);
    given(account, [registered]).when({ type: 'RenameProfile', fullName: 'Ada Lovelace' }, { now }).then([]);
  });

  it('refuses an empty or short name', () => {
    given(account, [registered]).when({ type: 'RenameProfile', fullName: ' ' }, { now }).thenRefuses(messages.fullNameRequired);
    given(account, [registered]).when({ type: 'RenameProfile', fullName: 'Jo' }, { now }).thenRefuses(messages.nameTooShort);
  });
});
