import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import helmet from 'helmet';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { type ApiContext, READ_AFTER_HEADER } from './http/context.ts';
import { parsePosition } from '../eventstore/types.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerInputValidation } from './http/validation.ts';
import { ErrorResponse } from './http/schemas.ts';
import { hashLinkToken } from './identity/tokens.ts';
import { DomainError } from '../domain/shared/errors.ts';
import { findLiveApiToken } from '../projections/api-tokens/queries.ts';
import { SESSION_COOKIE } from './http/session.ts';
import { companyRoutes } from './routes/companies.ts';
import { healthRoutes } from './routes/health.ts';
import { identityRoutes } from './routes/identity.ts';
import { inviteRoutes } from './routes/invites.ts';
import { liveRoutes } from './routes/live.ts';
import { memberRoutes } from './routes/members.ts';
import { projectRoutes } from './routes/projects.ts';
import { teamRoutes } from './routes/teams.ts';
import { timerRoutes } from './routes/timer.ts';
import { tokenRoutes } from './routes/tokens.ts';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');

export interface AppOptions {
  context: ApiContext;
  jwtSecret: string;
  logger: FastifyBaseLogger;
  isReady: () => boolean;
}

export async function buildApp({ context, jwtSecret, logger, isReady }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    genReqId: () => randomUUID(),
    trustProxy: true,
  });

  registerErrorHandler(app);
  registerInputValidation(app);
  app.addSchema(ErrorResponse);
  app.decorateRequest('tokenUserId', null);
  // The desktop agent signs in with a personal API token: "Authorization: Bearer <token>".
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const token = await findLiveApiToken(context.db, hashLinkToken(header.slice('Bearer '.length).trim()));
    if (!token) throw new DomainError('unauthenticated', 'Invalid or revoked API token');
    request.tokenUserId = token.user_id;
  });

  // Read your own writes (see READ_AFTER_HEADER): wait here, before any read.
  app.addHook('onRequest', async (request) => {
    const header = request.headers[READ_AFTER_HEADER];
    const position = typeof header === 'string' ? parsePosition(header) : null;
    if (position) await context.watcher.waitFor(position);
  });

  // Security headers, built once (@fastify/helmet builds them anew on every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
  await app.register(cookie);
  await app.register(jwt, {
    secret: jwtSecret,
    cookie: { cookieName: SESSION_COOKIE, signed: false },
    // Verified sessions are remembered in session.ts.
    verify: { algorithms: ['HS256'] },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({
      statusCode: 429,
      error: 'rate_limited',
      message: 'Too many attempts. Please wait a minute and try again.',
    }),
  });
  await app.register(websocket);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Timeledger API', version: '1', description: 'Time tracking and team management. Every change is an event.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes(isReady));
  await app.register(identityRoutes(context));
  await app.register(companyRoutes(context));
  await app.register(teamRoutes(context));
  await app.register(memberRoutes(context));
  await app.register(inviteRoutes(context));
  await app.register(projectRoutes(context));
  await app.register(timerRoutes(context));
  await app.register(tokenRoutes(context));
  await app.register(liveRoutes(context));

  await serveWebApp(app, context.config.serveWeb);
  return app;
}

/** The built single-page app, with index.html for every non-API path. */
async function serveWebApp(app: FastifyInstance, enabled: boolean) {
  const hasBuild = enabled && existsSync(path.join(WEB_DIST, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      wildcard: false,
      setHeaders: (reply, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api') && hasBuild) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ statusCode: 404, error: 'not_found', message: 'Not found' });
  });
}
