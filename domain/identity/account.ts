import type { Decider } from '../shared/decider.ts';
import { conflict, invalid, notFound } from '../shared/errors.ts';
import type { AccountEvent, IssuedToken } from './events.ts';
import { messages, normalizeEmail, validateFullName, validateSignUpEmail } from './validation.ts';

export const VERIFICATION_LINK_HOURS = 72;
export const RESET_LINK_MINUTES = 60;

export const accountMessages = {
  alreadyRegistered: 'An account with this email address already exists.',
  badVerificationLink: 'This verification link is invalid or has expired.',
  badResetLink: 'This password reset link is invalid, expired or already used.',
  accountNotFound: 'User not found or not authorized',
  tokenNameRequired: 'Token name is required',
  tokenNotFound: 'Token not found',
} as const;

export type AccountState =
  | { status: 'none' }
  | {
      status: 'registered';
      userId: string;
      email: string;
      fullName: string;
      passwordHash: string;
      emailVerified: boolean;
      verification: IssuedToken | null;
      passwordReset: IssuedToken | null;
      /** API tokens by id: true while usable. */
      apiTokens: Map<string, boolean>;
    };

export type AccountCommand =
  | { type: 'Register'; userId: string; email: string; fullName: string; passwordHash: string; verificationTokenHash: string }
  | { type: 'IssueEmailVerification'; tokenHash: string }
  | { type: 'VerifyEmail'; tokenHash: string }
  | { type: 'RequestPasswordReset'; tokenHash: string }
  | { type: 'ResetPassword'; tokenHash: string; passwordHash: string }
  | { type: 'RenameProfile'; fullName: string }
  | { type: 'CreateApiToken'; tokenId: string; name: string; tokenHash: string }
  | { type: 'RevokeApiToken'; tokenId: string };

export interface AccountContext {
  now: Date;
}

const expiry = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

const isLive = (token: IssuedToken | null, tokenHash: string, now: Date) =>
  token !== null && token.tokenHash === tokenHash && Date.parse(token.expiresAt) > now.getTime();

export const account: Decider<AccountCommand, AccountEvent, AccountState, AccountContext> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    if (event.type === 'AccountRegistered') {
      const { userId, email, fullName, passwordHash, verification } = event.data;
      return { status: 'registered', userId, email, fullName, passwordHash, emailVerified: false, verification, passwordReset: null, apiTokens: new Map() };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'EmailVerificationIssued':
        return { ...state, verification: event.data };
      case 'EmailVerified':
        return { ...state, emailVerified: true, verification: null };
      case 'PasswordResetRequested':
        return { ...state, passwordReset: event.data };
      case 'PasswordReset':
        return { ...state, passwordHash: event.data.passwordHash, passwordReset: null };
      case 'ProfileRenamed':
        return { ...state, fullName: event.data.fullName };
      case 'ApiTokenCreated':
        return { ...state, apiTokens: new Map(state.apiTokens).set(event.data.tokenId, true) };
      case 'ApiTokenRevoked':
        return { ...state, apiTokens: new Map(state.apiTokens).set(event.data.tokenId, false) };
    }
  },

  decide(command, state, { now }) {
    if (command.type === 'Register') {
      if (state.status === 'registered') throw conflict(accountMessages.alreadyRegistered);
      if (!command.email || !command.fullName || !command.passwordHash) throw invalid(messages.signUpIncomplete);
      const problem = validateFullName(command.fullName) ?? validateSignUpEmail(command.email);
      if (problem) throw invalid(problem);
      return [
        {
          type: 'AccountRegistered',
          data: {
            userId: command.userId,
            email: normalizeEmail(command.email),
            fullName: command.fullName.trim(),
            passwordHash: command.passwordHash,
            verification: { tokenHash: command.verificationTokenHash, expiresAt: expiry(now, VERIFICATION_LINK_HOURS * 60) },
          },
        },
      ];
    }
    if (state.status === 'none') throw notFound(accountMessages.accountNotFound);

    switch (command.type) {
      case 'IssueEmailVerification':
        if (state.emailVerified) return [];
        return [{ type: 'EmailVerificationIssued', data: { tokenHash: command.tokenHash, expiresAt: expiry(now, VERIFICATION_LINK_HOURS * 60) } }];

      case 'VerifyEmail':
        if (state.emailVerified) return [];
        if (!isLive(state.verification, command.tokenHash, now)) throw invalid(accountMessages.badVerificationLink);
        return [{ type: 'EmailVerified', data: { userId: state.userId, verifiedAt: now.toISOString() } }];

      case 'RequestPasswordReset':
        return [{ type: 'PasswordResetRequested', data: { tokenHash: command.tokenHash, expiresAt: expiry(now, RESET_LINK_MINUTES) } }];

      case 'ResetPassword':
        if (!isLive(state.passwordReset, command.tokenHash, now)) throw invalid(accountMessages.badResetLink);
        return [
          {
            type: 'PasswordReset',
            data: { userId: state.userId, passwordHash: command.passwordHash, tokenHash: command.tokenHash, resetAt: now.toISOString() },
          },
        ];

      case 'CreateApiToken': {
        const name = command.name?.trim() ?? '';
        if (!name) throw invalid(accountMessages.tokenNameRequired);
        return [{ type: 'ApiTokenCreated', data: { userId: state.userId, tokenId: command.tokenId, name, tokenHash: command.tokenHash, createdAt: now.toISOString() } }];
      }

      case 'RevokeApiToken': {
        const live = state.apiTokens.get(command.tokenId);
        if (live === undefined) throw notFound(accountMessages.tokenNotFound);
        return live ? [{ type: 'ApiTokenRevoked', data: { userId: state.userId, tokenId: command.tokenId, revokedAt: now.toISOString() } }] : [];
      }

      case 'RenameProfile': {
        const problem = validateFullName(command.fullName);
        if (problem) throw invalid(problem);
        const fullName = command.fullName.trim();
        return fullName === state.fullName ? [] : [{ type: 'ProfileRenamed', data: { userId: state.userId, fullName } }];
      }
    }
  },
};
