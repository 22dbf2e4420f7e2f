import type { FastifyRequest } from 'fastify';
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
import { requireUser } from './session.ts';

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
export async function companyAccess(
  context: { db: Kysely<Database>; memberships: ReadModelCache<Membership>; config: { billing: { off: boolean } }; now: () => Date },
  request: FastifyRequest,
  companyId: string,
  options: { command?: CommandName; page?: GuardedPage; read?: ReadName; write?: boolean } = {},
): Promise<CompanyAccess> {
  const userId = await requireUser(request);
  if (!isUuid(companyId)) throw notFound(companyMessages.notFound);
  const row = await context.memberships.get(`${companyId}:${userId}`, () => loadMembership(context.db, companyId, userId));
  if (!row) throw notFound(companyMessages.notFound);

  const access = toAccess(row, companyId, userId);
  // Refused early by the authorization table; the decider checks the target too.
  if (options.command && !mayRun(access.role, options.command)) throw forbidden(accessDenied);
  if (options.page && !mayOpenPage(access.role, options.page)) throw forbidden(accessDenied);
  if (options.read && !readScope(access.role, options.read)) throw forbidden(accessDenied);
  const { company } = access;
  const subscription = { status: company.subscription_status, trialEndsAt: company.trial_ends_at, activeUntil: company.subscription_active_until };
  // BILLING=off: no subscriptions, no gate.
  if (options.write && !context.config.billing.off && isLocked(subscription, context.now())) {
    throw new DomainError('forbidden', companyMessages.suspended);
  }
  return access;
}
