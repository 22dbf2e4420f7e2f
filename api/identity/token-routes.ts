import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { apiTokensOf } from '../../projections/api-tokens/queries.ts';
import { callerOf } from '../http/access.ts';
import type { ApiContext } from '../http/context.ts';
import { requestMetadata, positionText } from '../http/context.ts';
import { CommandResponse, errorResponses, Id, Text } from '../http/schemas.ts';

/** Personal API tokens for the desktop agent: shown once, kept as a hash, revocable. Managed only from a browser session. */
export function tokenRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const tags = ['api tokens'];

  return async (app) => {
    app.get(
      '/api/me/tokens',
      {
        config: { access: 'browser' },
        schema: {
          tags,
          summary: 'The signed-in user’s API tokens (never the secrets)',
          response: { 200: Type.Array(Type.Object({ tokenId: Type.String(), name: Type.String(), createdAt: Type.String(), revokedAt: Type.Union([Type.String(), Type.Null()]) })), ...errorResponses },
        },
      },
      async (request) => {
        const userId = callerOf(request);
        return (await apiTokensOf(context.db, userId)).map((t) => ({
          tokenId: t.token_id,
          name: t.name,
          createdAt: t.created_at.toISOString(),
          revokedAt: t.revoked_at?.toISOString() ?? null,
        }));
      },
    );

    app.post(
      '/api/me/tokens',
      {
        config: { access: 'browser' },
        schema: {
          tags,
          summary: 'Create an API token; the answer holds the secret, shown this once',
          body: Type.Object({ name: Text(100) }),
          response: { 201: Type.Object({ tokenId: Type.String(), token: Type.String(), message: Type.String(), position: Type.Union([Type.String(), Type.Null()]) }), ...errorResponses },
        },
      },
      async (request, reply) => {
        const userId = callerOf(request);
        const { tokenId, token, position } = await context.identity.createApiToken(userId, request.body.name, requestMetadata(request, userId));
        return reply.status(201).send({ tokenId, token, message: 'Token created. Copy it now: it is shown only once.', position: positionText(position) });
      },
    );

    app.delete(
      '/api/me/tokens/:tokenId',
      { config: { access: 'browser' }, schema: { tags, summary: 'Revoke an API token: refused by every API process once answered', params: Type.Object({ tokenId: Id }), response: { 200: CommandResponse, ...errorResponses } } },
      async (request) => {
        const userId = callerOf(request);
        const position = await context.identity.revokeApiToken(userId, request.params.tokenId, requestMetadata(request, userId));
        // Every process reads the token in the api_tokens read model: answered once it shows the revocation, so the token is refused from then on.
        await context.watcher.waitFor(position);
        return { message: 'Token revoked', position: positionText(position) };
      },
    );
  };
}
