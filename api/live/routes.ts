import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { WebSocket } from 'ws';
import { endedSessionsAmong, findAccount } from '../../projections/identity/queries.ts';
import { sessionsProjection } from '../../projections/identity/index.ts';
import { isUuid } from '../access/membership.ts';
import { CompanyFollowers } from './company-followers.ts';
import type { ApiContext } from '../http/context.ts';
import { requireUser, sessionOf } from '../http/session.ts';

/** The close code of a socket whose session is missing or ended: the browser then finds it is signed out. */
export const SIGNED_OUT_CLOSE = 4401;

/**
 * The browser's live channel. It authenticates with the session cookie and
 * hears of its user, its e-mail (invites) and the one company it follows,
 * which it names with {"type":"follow","companyId":...}, while its user is a
 * member of it (see CompanyFollowers: a removed member stops hearing it and is
 * told {"type":"unfollowed","companyId":...}).
 */
export function liveRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const closeWhenSessionEnds = sessionEndCloser(context);
  const followers = new CompanyFollowers(context.db, context.hub, context.watcher);
  return async (app) => {
    app.get('/api/live', { config: { access: 'socket' }, websocket: true, schema: { tags: ['live'], summary: 'WebSocket: which data changed' } }, async (socket, request) => {
      let userId: string;
      try {
        userId = await requireUser(request);
      } catch {
        socket.close(SIGNED_OUT_CLOSE, 'unauthenticated');
        return;
      }
      const session = sessionOf(request);
      if (session) closeWhenSessionEnds(socket, session.sessionId);
      const account = await findAccount(context.db, userId);
      context.hub.connect(socket, [
        { kind: 'user', id: userId },
        ...(account ? [{ kind: 'email' as const, id: account.email }] : []),
      ]);
      socket.on('message', async (raw) => {
        const message = parse(String(raw));
        if (message?.type !== 'follow') return;
        const companyId = typeof message.companyId === 'string' && isUuid(message.companyId) ? message.companyId : null;
        await followers.follow(socket, userId, companyId);
      });
      socket.send(JSON.stringify({ type: 'ready' }));
    });
  };
}

/**
 * Live sockets by the session that opened them. When a session ends (logout,
 * password reset), in this process or another, its sockets close at once.
 */
function sessionEndCloser(context: ApiContext) {
  const open = new Map<WebSocket, string>();
  context.watcher.onTablesChanged((tables) => {
    if (open.size === 0 || !sessionsProjection.tables.some((table) => tables.includes(table))) return;
    endedSessionsAmong(context.db, [...new Set(open.values())])
      .then((ended) => {
        for (const [socket, sessionId] of open) if (ended.has(sessionId)) socket.close(SIGNED_OUT_CLOSE, 'session ended');
      })
      .catch(() => undefined);
  });
  return (socket: WebSocket, sessionId: string) => {
    open.set(socket, sessionId);
    socket.on('close', () => open.delete(socket));
  };
}

function parse(text: string): { type?: string; companyId?: unknown } | null {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
