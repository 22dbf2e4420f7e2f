import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { companyMessages, isLocked } from '../../domain/companies/company.ts';
import { type CommandName, mayRun } from '../../domain/members/authorization.ts';
import { type GuardedPage, mayOpenPage } from '../../domain/members/page-access.ts';
import { type ReadName, readScope } from '../../domain/members/read-rights.ts';
import { accessDenied } from '../../domain/members/roles.ts';
import { DomainError, forbidden, notFound } from '../../domain/shared/errors.ts';
import type { Database } from '../../projections/database.ts';
import { type CompanyAccess, isUuid, loadMembership, type Membership, toAccess } from '../access/membership.ts';
import type { ReadModelCache } from '../live/read-model-cache.ts';
import { requireBrowserUser, requireUser } from './session.ts';

/** What a company route needs of its caller, beyond being a member of the company. */
export interface CompanyNeeds {
  command?: CommandName;
  page?: GuardedPage;
  read?: ReadName;
  write?: boolean;
}

/**
 * What a route declares it needs of its caller (`config.access`), resolved
 * before its handler by the one pre-handler registerDeclaredAccess adds:
 * - 'public': nothing (sign-in, invitation links, health, plans);
 * - 'socket': a WebSocket, which checks its session itself and closes when
 *   there is none (the client reads that close, not an HTTP answer);
 * - 'signed-in': a session or an API token; 'browser': a browser session only;
 * - inCompany(needs): membership of the company the route's `:companyId` names,
 *   and the needs (see companyAccess).
 */
export type AccessDeclaration = 'public' | 'socket' | 'signed-in' | 'browser' | { company: CompanyNeeds };

/** A company route's declaration: `inCompany()` for any member, `inCompany({ command: 'StartTimer', write: true })`. */
export const inCompany = (needs: CompanyNeeds = {}): AccessDeclaration => ({ company: needs });

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessDeclaration;
  }
  interface FastifyRequest {
    /** The caller, once a route's declared access is resolved (not for 'public' routes). */
    callerId: string | null;
    /** The caller's access to the route's company, once a company route's declared access is resolved. */
    companyAccess: CompanyAccess | null;
  }
}

type AccessContext = { db: Kysely<Database>; memberships: ReadModelCache<Membership>; config: { billing: { off: boolean } }; now: () => Date };

/**
 * Resolves each route's declared access before its handler, and refuses to
 * register an API route that declares none: a route cannot forget to check.
 */
export function registerDeclaredAccess(app: FastifyInstance, context: AccessContext): void {
  app.decorateRequest('callerId', null);
  app.decorateRequest('companyAccess', null);
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    if (isApi && !route.config?.access) throw new Error(`${route.method} ${route.url} declares no access (config.access)`);
  });
  app.addHook('preHandler', async (request) => {
    const declared = request.routeOptions.config.access;
    if (!declared || declared === 'public' || declared === 'socket') return;
    if (declared === 'signed-in') request.callerId = await requireUser(request);
    else if (declared === 'browser') request.callerId = await requireBrowserUser(request);
    else {
      const { companyId } = request.params as { companyId?: string };
      request.companyAccess = await companyAccess(context, request, companyId ?? '', declared.company);
      request.callerId = request.companyAccess.userId;
    }
  });
}

/** The caller of a route declared 'signed-in', 'browser' or inCompany(…). */
export function callerOf(request: FastifyRequest): string {
  if (!request.callerId) throw new Error(`${request.routeOptions.url} declares no signed-in access`);
  return request.callerId;
}

/** The caller's access to the company of a route declared inCompany(…). */
export function accessOf(request: FastifyRequest): CompanyAccess {
  if (!request.companyAccess) throw new Error(`${request.routeOptions.url} declares no company access`);
  return request.companyAccess;
}

/**
 * The one authorisation path for company-scoped routes. A company the caller
 * is not a member of answers exactly like one that does not exist. `command`:
 * the caller's role must be one the authorization table lets run it (a
 * manager's screen names the command it serves). `page`: the route serves that
 * page's data, so the caller's role must be one the page table lets open it
 * (the web router's guard). `read`: the route lists that kind of data, so
 * the caller's role must see some of it (the read-rights table); the route
 * narrows to what they see. `write` also refuses changes while the
 * subscription is suspended or the trial over.
 */
async function companyAccess(context: AccessContext, request: FastifyRequest, companyId: string, options: CompanyNeeds): Promise<CompanyAccess> {
  const userId = await requireUser(request);
  if (!isUuid(companyId)) throw notFound(companyMessages.notFound);
  const row = await context.memberships.get(`${companyId}:${userId}`, () => loadMembership(context.db, companyId, userId));
  if (!row) throw notFound(companyMessages.notFound);

  const access = toAccess(row, companyId, userId);
  // Refused early by the authorization table; the decider checks the target too.
  if (options.command && !mayRun(access.role, options.command)) throw forbidden(accessDenied);
  if (options.page && !mayOpenPage(access.role, options.page)) throw forbidden(accessDenied);
  if (options.read && !readScope(access.role, options.read)) throw forbidden(accessDenied);
  const { subscription_status: status, trial_ends_at: trialEndsAt, subscription_active_until: activeUntil } = access.company;
  const subscription = { status, trialEndsAt, activeUntil };
  // BILLING=off: no subscriptions, no gate.
  if (options.write && !context.config.billing.off && isLocked(subscription, context.now())) {
    throw new DomainError('forbidden', companyMessages.suspended);
  }
  return access;
}
