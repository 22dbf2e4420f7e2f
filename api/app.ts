import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { type ApiContext, READ_AFTER_HEADER } from './http/context.ts';
import { registerCsrfProtection } from './http/csrf.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerInputValidation } from './http/validation.ts';
import { registerReadAfter } from './http/read-after.ts';
import { registerDeclaredAccess } from './http/access.ts';
import { requestLogSerializers } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { ErrorResponse } from './http/schemas.ts';
import { hashLinkToken } from './identity/tokens.ts';
import { DomainError } from '../domain/shared/errors.ts';
import { findLiveApiToken } from '../projections/api-tokens/queries.ts';
import { setAsideCounts } from '../projections/failures.ts';
import { refuseApiTokenBeyondTracking, registerSessions, SESSION_COOKIE } from './http/session.ts';
import { activityLogRoutes } from './activity-log/routes.ts';
import { companyRoutes } from './organisation/company-routes.ts';
import { appUsageRoutes } from './app-usage/routes.ts';
import { attendanceRoutes } from './attendance/routes.ts';
import { billingRoutes } from './billing/routes.ts';
import { dashboardRoutes } from './dashboards/routes.ts';
import { exportRoutes } from './exports/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { identityRoutes } from './identity/routes.ts';
import { inviteRoutes } from './organisation/invite-routes.ts';
import { leaveRoutes } from './leave/routes.ts';
import { liveRoutes } from './live/routes.ts';
import { memberRoutes } from './organisation/member-routes.ts';
import { monitoringRoutes } from './monitoring/routes.ts';
import { projectRoutes } from './projects/routes.ts';
import { regularizationRoutes } from './regularization/routes.ts';
import { requestRoutes } from './requests/routes.ts';
import { screenshotRoutes } from './screenshots/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { workingTimeRoutes } from './working-time/routes.ts';
import { timesheetRoutes } from './timesheets/routes.ts';
import { teamRoutes } from './organisation/team-routes.ts';
import { timerRoutes } from './time-tracking/routes.ts';
import { tokenRoutes } from './identity/token-routes.ts';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');

export interface AppOptions {
  context: ApiContext;
  jwtSecret: string;
  logger: FastifyBaseLogger;
  isReady: () => boolean;
}

export async function buildApp({ context, jwtSecret, logger, isReady }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger.child({}, { serializers: requestLogSerializers }),
    genReqId: () => randomUUID(),
    trustProxy: context.config.trustProxy,
  });

  registerErrorHandler(app);
  registerInputValidation(app);
  app.addSchema(ErrorResponse);
  app.decorateRequest('tokenUserId', null);
  registerSessions(app, context);
  app.addHook('onRequest', securityHeaders(context.config.publicUrl));
  registerCsrfProtection(app, context.config.publicUrl);
  const readAfter = registerReadAfter(app, context);
  // The desktop agent signs in with a personal API token: "Authorization: Bearer <token>".
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const find = () => findLiveApiToken(context.db, hashLinkToken(header.slice('Bearer '.length).trim()));
    let token = await find();
    // A token used the moment it was created: found once the read models include the position its creation answered.
    if (!token && request.headers[READ_AFTER_HEADER]) {
      await readAfter.waitForNamedPosition(request);
      token = await find();
    }
    if (!token) throw new DomainError('unauthenticated', 'Invalid or revoked API token');
    refuseApiTokenBeyondTracking(request);
    request.tokenUserId = token.user_id;
  });

  registerDeclaredAccess(app, context);
  await app.register(cookie);
  await app.register(jwt, {
    secret: jwtSecret,
    cookie: { cookieName: SESSION_COOKIE, signed: false },
    // Verified sessions are remembered in session.ts.
    verify: { algorithms: ['HS256'] },
  });
  await app.register(websocket);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Timeledger API', version: '1', description: 'Time tracking and team management. Every change is an event.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    },
    // Shared schemas keep their names in the document (and in the web app's types generated from it).
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes(isReady, () => setAsideCounts(context.db)));
  await app.register(identityRoutes(context));
  await app.register(companyRoutes(context));
  await app.register(teamRoutes(context));
  await app.register(memberRoutes(context));
  await app.register(inviteRoutes(context));
  await app.register(projectRoutes(context));
  await app.register(timerRoutes(context));
  await app.register(screenshotRoutes(context));
  await app.register(dashboardRoutes(context));
  await app.register(monitoringRoutes(context));
  await app.register(exportRoutes(context));
  await app.register(attendanceRoutes(context));
  await app.register(leaveRoutes(context));
  await app.register(regularizationRoutes(context));
  await app.register(requestRoutes(context));
  await app.register(settingsRoutes(context));
  await app.register(workingTimeRoutes(context));
  await app.register(timesheetRoutes(context));
  await app.register(appUsageRoutes(context));
  await app.register(tokenRoutes(context));
  await app.register(billingRoutes(context));
  await app.register(activityLogRoutes(context));
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
