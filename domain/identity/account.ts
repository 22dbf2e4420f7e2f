import { accessDenied } from '../members/roles.ts';
import type { Decider } from '../shared/decider.ts';
import { conflict, DomainError, forbidden, invalid, notFound, RateLimitedError } from '../shared/errors.ts';
import { type AccountEvent, type IssuedToken, LIVE_SESSIONS_KEPT } from './events.ts';
import { messages, normalizeEmail, validateFullName, validateSignUpEmail } from './validation.ts';

export const VERIFICATION_LINK_HOURS = 72;
/** 'Send again' mails one verification link per account in this many minutes (the link mailed at sign-up does not count). */
export const VERIFICATION_RESEND_MINUTES = 5;
export const RESET_LINK_MINUTES = 60;
/** At most this many reset links are mailed to one address in RESET_MAIL_WINDOW_MINUTES; further requests mail nothing. */
export const RESET_MAILS_PER_WINDOW = 3;
export const RESET_MAIL_WINDOW_MINUTES = 15;
/** "Remember me": a session of 30 days. Otherwise 12 hours (and a cookie gone with the browser). */
export const REMEMBERED_SESSION_DAYS = 30;
export const SESSION_HOURS = 12;

/** API tokens one account may hold at once: each is a stored hash and a row, and an agent needs one per machine. */
export const MAX_LIVE_API_TOKENS = 20;

export const accountMessages = {
  alreadyRegistered: 'An account with this email address already exists.',
  badVerificationLink: 'This verification link is invalid or has expired.',
  badResetLink: 'This password reset link is invalid, expired or already used.',
  accountNotFound: 'User not found or not authorized',
  badCredentials: 'Invalid email or password.',
  tokenNameRequired: 'Token name is required',
  tokenNotFound: 'Token not found',
  tooManyTokens: `You have ${MAX_LIVE_API_TOKENS} API tokens. Revoke one you no longer use to create another.`,
} as const;

/** 'Send again' refused: a link went a moment ago; the message says when to ask again. */
export const verificationResendTooSoon = (waitSeconds: number) => {
  const minutes = Math.ceil(waitSeconds / 60);
  return `A verification link was sent to you less than ${VERIFICATION_RESEND_MINUTES} minutes ago. Please check your e-mail, or send again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

export type AccountState =
  | { status: 'none' }
  | {
      status: 'registered';
      userId: string;
      email: string;
      fullName: string;
      passwordHash: string;
      emailVerified: boolean;
      /** Verification links not yet expired when the newest was issued: each is valid on its own until it expires or the address is verified. */
      verificationLinks: IssuedToken[];
      /** The link that verified the address: the only one answered again (until it expires), so that opening it twice is harmless. */
      verifiedWith: IssuedToken | null;
      /** When 'Send again' last mailed a link. */
      verificationResentAt: number | null;
      passwordReset: IssuedToken | null;
      /** The newest reset links, at most RESET_MAILS_PER_WINDOW of them. */
      recentResetLinks: IssuedToken[];
      /** API tokens by id: true while usable. */
      apiTokens: Map<string, boolean>;
      /** Sessions not ended (some may have expired), by id, oldest first: their expiry. */
      sessions: Map<string, string>;
    };

/** Why every session of an account ended at once. */
export type AllSessionsEndedReason = Extract<AccountEvent, { type: 'AllSessionsEnded' }>['data']['reason'];

export type AccountCommand =
  | { type: 'Register'; userId: string; email: string; fullName: string; passwordHash: string; verification: MailedLink }
  /** 'Send again': a new verification link, at most one per VERIFICATION_RESEND_MINUTES. */
  | ({ type: 'ResendEmailVerification' } & MailedLink)
  | { type: 'VerifyEmail'; tokenHash: string }
  | ({ type: 'RequestPasswordReset' } & MailedLink)
  /** `revokeApiTokens`: also revoke every API token (whoever knew the old password may have made one). */
  | { type: 'ResetPassword'; tokenHash: string; passwordHash: string; revokeApiTokens: boolean }
  /** `by`: the signed-in user sending it; only the account's owner manages their profile, tokens and sessions. */
  | { type: 'RenameProfile'; fullName: string; by: string }
  | { type: 'CreateApiToken'; tokenId: string; name: string; tokenHash: string; by: string }
  | { type: 'RevokeApiToken'; tokenId: string; by: string }
  /** `checkedPasswordHash`: the hash the password was checked against; a reset since then refuses the sign-in. */
  | { type: 'StartSession'; sessionId: string; rememberMe: boolean; checkedPasswordHash: string }
  | { type: 'EndSession'; sessionId: string; by: string }
  | { type: 'EndAllSessions'; reason: AllSessionsEndedReason };

/** A link to mail: its id (from which the mail reactor derives the secret) and the secret's hash. */
export interface MailedLink {
  linkId: string;
  tokenHash: string;
}

export interface AccountContext {
  now: Date;
}

const expiry = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

const isLive = (token: IssuedToken | null | undefined, tokenHash: string, now: Date) =>
  !!token && token.tokenHash === tokenHash && Date.parse(token.expiresAt) > now.getTime();

/** A verification link's expiry tells when it was issued. */
const verificationIssuedAt = (link: IssuedToken) => Date.parse(link.expiresAt) - VERIFICATION_LINK_HOURS * 3_600_000;

/** A link's expiry tells when it was issued. */
const issuedWithinMailWindow = (link: IssuedToken, now: Date) =>
  Date.parse(link.expiresAt) - RESET_LINK_MINUTES * 60_000 > now.getTime() - RESET_MAIL_WINDOW_MINUTES * 60_000;

type Registered = Extract<AccountState, { status: 'registered' }>;

/** Ids of the sessions neither ended nor expired, oldest first. */
const liveSessions = (state: Registered, now: Date) =>
  [...state.sessions].filter(([, expiresAt]) => Date.parse(expiresAt) > now.getTime()).map(([sessionId]) => sessionId);

const allSessionsEnded = (state: Registered, reason: AllSessionsEndedReason, now: Date): AccountEvent[] => {
  const sessionIds = liveSessions(state, now);
  return sessionIds.length === 0 ? [] : [{ type: 'AllSessionsEnded', data: { userId: state.userId, sessionIds, reason, endedAt: now.toISOString() } }];
};

const liveApiTokens = (state: Registered) => [...state.apiTokens].filter(([, live]) => live).map(([tokenId]) => tokenId);
const apiTokenRevoked = (state: Registered, tokenId: string, now: Date): AccountEvent => ({ type: 'ApiTokenRevoked', data: { userId: state.userId, tokenId, revokedAt: now.toISOString() } });

export const account: Decider<AccountCommand, AccountEvent, AccountState, AccountContext> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    if (event.type === 'AccountRegistered') {
      const { userId, email, fullName, passwordHash, verification } = event.data;
      return {
        status: 'registered',
        userId,
        email,
        fullName,
        passwordHash,
        emailVerified: false,
        verificationLinks: [verification],
        verifiedWith: null,
        verificationResentAt: null,
        passwordReset: null,
        recentResetLinks: [],
        apiTokens: new Map(),
        sessions: new Map(),
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'EmailVerificationIssued': {
        const { tokenHash, expiresAt, linkId } = event.data;
        const issuedAt = verificationIssuedAt(event.data);
        const live = state.verificationLinks.filter((link) => Date.parse(link.expiresAt) > issuedAt);
        return { ...state, verificationLinks: [...live, { tokenHash, expiresAt, linkId }], verificationResentAt: issuedAt };
      }
      case 'EmailVerified': {
        // An EmailVerified written before each link stayed valid names no link: only the newest worked then.
        const { tokenHash } = event.data;
        const link = tokenHash === undefined ? state.verificationLinks.at(-1) : state.verificationLinks.find((candidate) => candidate.tokenHash === tokenHash);
        // Verified: every other link is spent.
        return { ...state, emailVerified: true, verificationLinks: [], verifiedWith: link ?? null };
      }
      case 'PasswordResetRequested':
        return { ...state, passwordReset: event.data, recentResetLinks: [...state.recentResetLinks, event.data].slice(-RESET_MAILS_PER_WINDOW) };
      case 'PasswordReset':
        return { ...state, passwordHash: event.data.passwordHash, passwordReset: null };
      case 'ProfileRenamed':
        return { ...state, fullName: event.data.fullName };
      case 'ApiTokenCreated':
        return { ...state, apiTokens: new Map(state.apiTokens).set(event.data.tokenId, true) };
      case 'ApiTokenRevoked':
        return { ...state, apiTokens: new Map(state.apiTokens).set(event.data.tokenId, false) };
      case 'SessionStarted': {
        // Sessions expired by now are forgotten, so the map holds only the recent ones.
        const sessions = new Map([...state.sessions].filter(([, expiresAt]) => Date.parse(expiresAt) > Date.parse(event.data.startedAt)));
        return { ...state, sessions: sessions.set(event.data.sessionId, event.data.expiresAt) };
      }
      case 'SessionEnded': {
        const sessions = new Map(state.sessions);
        sessions.delete(event.data.sessionId);
        return { ...state, sessions };
      }
      case 'AllSessionsEnded':
        return { ...state, sessions: new Map() };
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
            verification: { tokenHash: command.verification.tokenHash, expiresAt: expiry(now, VERIFICATION_LINK_HOURS * 60), linkId: command.verification.linkId },
          },
        },
      ];
    }
    if (state.status === 'none') throw notFound(accountMessages.accountNotFound);

    switch (command.type) {
      case 'ResendEmailVerification': {
        if (state.emailVerified) return [];
        const nextAllowed = (state.verificationResentAt ?? -Infinity) + VERIFICATION_RESEND_MINUTES * 60_000;
        if (nextAllowed > now.getTime()) {
          const waitSeconds = Math.ceil((nextAllowed - now.getTime()) / 1000);
          throw new RateLimitedError(verificationResendTooSoon(waitSeconds), waitSeconds);
        }
        return [
          {
            type: 'EmailVerificationIssued',
            data: { tokenHash: command.tokenHash, expiresAt: expiry(now, VERIFICATION_LINK_HOURS * 60), linkId: command.linkId, email: state.email },
          },
        ];
      }

      case 'VerifyEmail':
        // A wrong link is refused alike whether or not the address is verified; the link that verified it may be followed again.
        if (state.emailVerified) {
          if (!isLive(state.verifiedWith, command.tokenHash, now)) throw invalid(accountMessages.badVerificationLink);
          return [];
        }
        if (!state.verificationLinks.some((link) => isLive(link, command.tokenHash, now))) throw invalid(accountMessages.badVerificationLink);
        return [{ type: 'EmailVerified', data: { userId: state.userId, verifiedAt: now.toISOString(), tokenHash: command.tokenHash } }];

      case 'RequestPasswordReset':
        if (state.recentResetLinks.filter((link) => issuedWithinMailWindow(link, now)).length >= RESET_MAILS_PER_WINDOW) return [];
        return [
          { type: 'PasswordResetRequested', data: { tokenHash: command.tokenHash, expiresAt: expiry(now, RESET_LINK_MINUTES), linkId: command.linkId, email: state.email } },
        ];

      case 'ResetPassword':
        if (!isLive(state.passwordReset, command.tokenHash, now)) throw invalid(accountMessages.badResetLink);
        // Whoever knew the old password may be signed in somewhere: a new password ends every session, and revokes the API tokens unless told not to.
        return [
          {
            type: 'PasswordReset',
            data: { userId: state.userId, passwordHash: command.passwordHash, tokenHash: command.tokenHash, resetAt: now.toISOString() },
          },
          ...allSessionsEnded(state, 'password-reset', now),
          ...(command.revokeApiTokens ? liveApiTokens(state).map((tokenId) => apiTokenRevoked(state, tokenId, now)) : []),
        ];

      case 'StartSession': {
        if (command.checkedPasswordHash !== state.passwordHash) throw new DomainError('unauthenticated', accountMessages.badCredentials);
        if (!state.emailVerified) throw forbidden(messages.verifyEmail);
        if (state.sessions.has(command.sessionId)) return [];
        const live = liveSessions(state, now);
        const oldest = live.slice(0, Math.max(0, live.length - LIVE_SESSIONS_KEPT + 1));
        return [
          ...oldest.map((sessionId): AccountEvent => ({ type: 'SessionEnded', data: { userId: state.userId, sessionId, endedAt: now.toISOString() } })),
          {
            type: 'SessionStarted',
            data: {
              userId: state.userId,
              sessionId: command.sessionId,
              startedAt: now.toISOString(),
              expiresAt: expiry(now, command.rememberMe ? REMEMBERED_SESSION_DAYS * 24 * 60 : SESSION_HOURS * 60),
            },
          },
        ];
      }

      case 'EndSession':
        mustBeOwner(command.by, state);
        return liveSessions(state, now).includes(command.sessionId)
          ? [{ type: 'SessionEnded', data: { userId: state.userId, sessionId: command.sessionId, endedAt: now.toISOString() } }]
          : [];

      case 'EndAllSessions':
        return allSessionsEnded(state, command.reason, now);

      case 'CreateApiToken': {
        mustBeOwner(command.by, state);
        const name = command.name?.trim() ?? '';
        if (!name) throw invalid(accountMessages.tokenNameRequired);
        if (liveApiTokens(state).length >= MAX_LIVE_API_TOKENS) throw conflict(accountMessages.tooManyTokens);
        return [{ type: 'ApiTokenCreated', data: { userId: state.userId, tokenId: command.tokenId, name, tokenHash: command.tokenHash, createdAt: now.toISOString() } }];
      }

      case 'RevokeApiToken': {
        mustBeOwner(command.by, state);
        const live = state.apiTokens.get(command.tokenId);
        if (live === undefined) throw notFound(accountMessages.tokenNotFound);
        return live ? [apiTokenRevoked(state, command.tokenId, now)] : [];
      }

      case 'RenameProfile': {
        mustBeOwner(command.by, state);
        const problem = validateFullName(command.fullName);
        if (problem) throw invalid(problem);
        const fullName = command.fullName.trim();
        return fullName === state.fullName ? [] : [{ type: 'ProfileRenamed', data: { userId: state.userId, fullName } }];
      }
    }
  },
};

function mustBeOwner(by: string, state: Registered) {
  if (by !== state.userId) throw forbidden(accessDenied);
}
