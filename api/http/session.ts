import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/shared/errors.ts';

export const SESSION_COOKIE = 'tl_session';
const REMEMBER_DAYS = 30;
const SESSION_HOURS = 12;

export interface SessionClaims {
  sub: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request signed in with a personal API token (the desktop agent). */
    tokenUserId: string | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SessionClaims;
    user: SessionClaims;
  }
}

/**
 * Remember me: a persistent cookie for 30 days. Otherwise a browser-session
 * cookie (gone when the browser closes) whose token also expires in 12 hours.
 */
export async function startSession(request: FastifyRequest, reply: FastifyReply, userId: string, rememberMe: boolean) {
  const token = await reply.jwtSign({ sub: userId }, { expiresIn: rememberMe ? `${REMEMBER_DAYS}d` : `${SESSION_HOURS}h` });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    ...(rememberMe ? { maxAge: REMEMBER_DAYS * 86_400 } : {}),
  });
}

export function endSession(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The signed-in user's id (browser session or API token), or a 401. */
export async function requireUser(request: FastifyRequest): Promise<string> {
  if (request.tokenUserId) return request.tokenUserId;
  return requireBrowserUser(request);
}

/** Only a browser session: managing API tokens needs one. */
export async function requireBrowserUser(request: FastifyRequest): Promise<string> {
  const token = request.cookies[SESSION_COOKIE];
  try {
    if (!token) throw new Error('no session cookie');
    return verifiedUser(request.server, token);
  } catch {
    throw new DomainError('unauthenticated', 'No authenticated user found');
  }
}

const VERIFIED_SESSIONS_KEPT = 10_000;
/**
 * Session tokens already verified, by their text, per verifier (each app has
 * its own secret), until they expire. Every request carries one; fast-jwt's own cache
 * hashes the token to look it up, which costs more than the rest of a request's
 * authentication.
 */
const verifiedSessions = new WeakMap<FastifyInstance['jwt'], Map<string, { userId: string; expiresAtMs: number }>>();

function verifiedUser(server: FastifyInstance, token: string): string {
  let verified = verifiedSessions.get(server.jwt);
  if (!verified) verifiedSessions.set(server.jwt, (verified = new Map()));
  const known = verified.get(token);
  if (known && known.expiresAtMs > Date.now()) return known.userId;
  verified.delete(token);
  const claims = server.jwt.verify<SessionClaims & { exp: number }>(token);
  if (verified.size >= VERIFIED_SESSIONS_KEPT) verified.delete(verified.keys().next().value!);
  verified.set(token, { userId: claims.sub, expiresAtMs: claims.exp * 1000 });
  return claims.sub;
}
