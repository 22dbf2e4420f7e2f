import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

/**
 * `setAsideCounts`: per projection, the events it set aside and that were not
 * applied since. The product serves without them, but some read is missing a
 * change: 'degraded' tells the operator to look (npm run projections:failed).
 */
export function healthRoutes(isReady: () => boolean, setAsideCounts: () => Promise<Record<string, number>>): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/health',
      {
        config: { access: 'public' },
        schema: {
          tags: ['health'],
          summary: '200 once the database, migrations, projections and web app are ready; degraded when a projection set events aside',
          response: {
            200: Type.Object({
              status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
              projections: Type.Record(Type.String(), Type.Object({ setAside: Type.Integer() })),
            }),
            503: Type.Object({ status: Type.String() }),
          },
        },
      },
      async (_request, reply) => {
        if (!isReady()) return reply.status(503).send({ status: 'starting' });
        const counts = Object.entries(await setAsideCounts());
        return {
          status: counts.some(([, setAside]) => setAside > 0) ? ('degraded' as const) : ('ok' as const),
          projections: Object.fromEntries(counts.map(([name, setAside]) => [name, { setAside }])),
        };
      },
    );
  };
}
