import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { DomainError, forbidden } from '../../domain/shared/errors.ts';
import { isSessionEnded } from '../../projections/identity/queries.ts';
import { sessionsProjection } from '../../projections/identity/index.ts';
import type { Database } from '../../projections/database.ts';
import type { Session } from '../identity/service.ts';
import { ReadModelCache } from '../live/read-model-cache.ts';
import type { ReadModelWatcher } from '../live/read-model-watcher.ts';

export const SESSION_COOKIE = 'tl_session';

export const sessionMessages = {
  unauthenticated: 'No authenticated user found',
  apiTokenOnlyTracks: 'API tokens can only track time (timer, punches, heartbeats, application usage, screenshots) and read.',
} as const;

export interface SessionClaims {
  sub: string;
  /** The session's id (SessionStarted): logging out or a password reset ends it. */
  sid: string;
  exp?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request signed in with a personal API token (the desktop agent). */
    tokenUserId: string | null;
  }
  interface FastifyInstance {
    /** Whether a session was ended before it expired (see registerSessions). */
    isSessionEnded(sessionId: string): Promise<boolean>;
  }
  interface FastifyContextConfig {
    /** An API token may call this route. Without it, a token may only read (GET). */
    apiToken?: boolean;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SessionClaims;
    user: SessionClaims;
  }
}

/**
 * Every request checks its session against the ended ones. The answers are
 * kept until the sessions read model applies a batch (in this process at
 * once, in the others through its notification), and 5 seconds at most, so
 * the check costs a database read only after a session ended somewhere.
 */
export function registerSessions(app: FastifyInstance, { db, watcher }: { db: Kysely<Database>; watcher: ReadModelWatcher }) {
  const ended = new ReadModelCache<boolean>(watcher, sessionsProjection.tables);
  app.decorate('isSessionEnded', async (sessionId: string) => (await ended.get(sessionId, () => isSessionEnded(db, sessionId))) === true);
}

/**
 * Remember me: a persistent cookie until the session expires (30 days).
 * Otherwise a browser-session cookie (gone when the browser closes) whose
 * token expires with the session, in 12 hours.
 */
export async function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: Session & { expiresAt: string; rememberMe: boolean },
) {
  const expiresAtMs = Date.parse(session.expiresAt);
  const token = await reply.jwtSign({ sub: session.userId, sid: session.sessionId, exp: Math.floor(expiresAtMs / 1000) });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    ...(session.rememberMe ? { maxAge: Math.round((expiresAtMs - Date.now()) / 1000) } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The signed-in user's id (browser session or API token), or a 401. */
export async function requireUser(request: FastifyRequest): Promise<string> {
  if (request.tokenUserId) return request.tokenUserId;
  return requireBrowserUser(request);
}

/** Only a browser session: managing API tokens needs one. */
export async function requireBrowserUser(request: FastifyRequest): Promise<string> {
  const session = sessionOf(request);
  if (!session || (await request.server.isSessionEnded(session.sessionId))) throw new DomainError('unauthenticated', sessionMessages.unauthenticated);
  return session.userId;
}

/** The session the cookie names, if its token is genuine and unexpired; it may have been ended. */
export function sessionOf(request: FastifyRequest): Session | null {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  try {
    return verifiedSession(request.server, token);
  } catch {
    return null;
  }
}

/**
 * A personal API token is for the desktop agent: it may read, and call the
 * routes that allow it (`config: { apiToken: true }`: the timer, punches,
 * heartbeats, application usage and screenshots). Creating companies, inviting people or anything else needs a
 * browser session.
 */
export function refuseApiTokenBeyondTracking(request: FastifyRequest) {
  if (request.method === 'GET' || request.method === 'HEAD' || request.routeOptions.config.apiToken === true) return;
  throw forbidden(sessionMessages.apiTokenOnlyTracks);
}

const VERIFIED_SESSIONS_KEPT = 10_000;
/**
 * Session tokens already verified, by their text, per verifier (each app has
 * its own secret), until they expire. Every request carries one; fast-jwt's own cache
 * hashes the token to look it up, which costs more than the rest of a request's
 * authentication.
 */
const verifiedSessions = new WeakMap<FastifyInstance['jwt'], Map<string, Session & { expiresAtMs: number }>>();

function verifiedSession(server: FastifyInstance, token: string): Session {
  let verified = verifiedSessions.get(server.jwt);
  if (!verified) verifiedSessions.set(server.jwt, (verified = new Map()));
  const known = verified.get(token);
  if (known && known.expiresAtMs > Date.now()) return known;
  verified.delete(token);
  const claims = server.jwt.verify<SessionClaims & { exp: number }>(token);
  // A token from before sessions had ids cannot be ended: it is not accepted.
  if (typeof claims.sid !== 'string') throw new Error('session token without a session id');
  if (verified.size >= VERIFIED_SESSIONS_KEPT) verified.delete(verified.keys().next().value!);
  const session = { userId: claims.sub, sessionId: claims.sid, expiresAtMs: claims.exp * 1000 };
  verified.set(token, session);
  return session;
}
