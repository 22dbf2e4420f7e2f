import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ApiContext } from '../http/context.ts';
import { requireUser } from '../http/session.ts';

/**
 * The browser's live channel. It authenticates with the session cookie and
 * hears only of scopes its user may read; later contexts add the user's
 * companies and teams to the audience.
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
      context.hub.connect(socket, [{ kind: 'user', id: userId }]);
      socket.send(JSON.stringify({ type: 'ready' }));
    });
  };
}
