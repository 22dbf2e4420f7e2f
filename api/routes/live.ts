import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findAccount } from '../../projections/accounts/queries.ts';
import { isUuid } from '../http/access.ts';
import type { ApiContext } from '../http/context.ts';
import { requireUser } from '../http/session.ts';

/**
 * The browser's live channel. It authenticates with the session cookie and
 * hears of its user, its e-mail (invites) and the one company it follows,
 * which it names with {"type":"follow","companyId":...} after checking membership.
 */
export function liveRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get('/api/live', { websocket: true, schema: { tags: ['live'], summary: 'WebSocket: which data changed' } }, async (socket, request) => {
      let userId: string;
      try {
        userId = await requireUser(request);
      } catch {
        socket.close(4401, 'unauthenticated');
        return;
      }
      const account = await findAccount(context.db, userId);
      context.hub.connect(socket, [
        { kind: 'user', id: userId },
        ...(account ? [{ kind: 'email' as const, id: account.email }] : []),
      ]);
      socket.on('message', async (raw) => {
        const message = parse(String(raw));
        if (message?.type !== 'follow') return;
        const companyId = typeof message.companyId === 'string' && isUuid(message.companyId) ? message.companyId : null;
        const member = companyId
          ? await context.db.selectFrom('company_members').select('user_id').where('company_id', '=', companyId).where('user_id', '=', userId).where('deleted', '=', false).executeTakeFirst()
          : undefined;
        context.hub.follow(socket, 'company', member && companyId ? [{ kind: 'company', id: companyId }] : []);
      });
      socket.send(JSON.stringify({ type: 'ready' }));
    });
  };
}

function parse(text: string): { type?: string; companyId?: unknown } | null {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
