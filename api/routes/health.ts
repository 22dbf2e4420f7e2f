import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

export function healthRoutes(isReady: () => boolean): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['health'],
          summary: '200 once the database, migrations, projections and web app are ready',
          response: { 200: Type.Object({ status: Type.Literal('ok') }), 503: Type.Object({ status: Type.String() }) },
        },
      },
      async (_request, reply) => (isReady() ? { status: 'ok' as const } : reply.status(503).send({ status: 'starting' })),
    );
  };
}
