import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { findAccount } from '../../projections/identity/queries.ts';
import { shownSubscriptionStatus } from '../../domain/billing/status.ts';
import { accessOf, callerOf, inCompany } from '../http/access.ts';
import type { ApiContext } from '../http/context.ts';
import { requestMetadata, positionText } from '../http/context.ts';
import { CompanyParams, errorResponses, Nullable, RoleName, Text, TimeZone } from '../http/schemas.ts';
import { companyListOf, teamsNamed } from '../../projections/organisation/queries.ts';

const CompanySummary = Type.Object({
  companyId: Type.String(),
  companyName: Type.String(),
  role: RoleName,
  subscriptionStatus: Type.String(),
  trialExpiryDate: Type.Union([Type.String(), Type.Null()]),
});

const CompanyDetails = Type.Object({
  companyId: Type.String(),
  name: Type.String(),
  location: Type.Object({ country: Type.String(), code: Type.String() }),
  timeZone: Type.String(),
  workingHours: Type.Object({ start: Type.String(), end: Type.String() }),
  subscription: Type.Object({ status: Type.String(), trialExpiryDate: Type.Union([Type.String(), Type.Null()]) }),
  role: RoleName,
  teams: Type.Array(Type.Object({ teamId: Type.String(), teamName: Type.String(), role: Type.String() })),
});

export function companyRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const tags = ['companies'];
  return async (app) => {
    app.post(
      '/api/companies',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Create a company; the creator becomes its Admin and a 30-day trial starts',
          body: Type.Object({
            name: Text(200),
            location: Nullable(Type.Object({ country: Text(100), code: Text(2) })),
            timeZone: TimeZone,
            workingHours: Nullable(Type.Object({ start: Text(5), end: Text(5) })),
          }),
          response: { 201: Type.Object({ companyId: Type.String(), message: Type.String(), position: Type.Union([Type.String(), Type.Null()]) }), ...errorResponses },
        },
      },
      async (request, reply) => {
        const userId = callerOf(request);
        const account = await findAccount(context.db, userId);
        if (!account) throw Object.assign(new Error('User not found or not authorized'), { statusCode: 401 });
        const { name, location, timeZone, workingHours } = request.body;
        const result = await context.organisation.createCompany(
          { userId, name: account.full_name, email: account.email },
          { name, location, timeZone, workingHours },
          requestMetadata(request, userId),
        );
        return reply.status(201).send({ companyId: result.companyId, message: 'Company created successfully', position: positionText(result.position) });
      },
    );

    app.get(
      '/api/companies',
      { config: { access: 'signed-in' }, schema: { tags, summary: 'The companies the signed-in user belongs to', response: { 200: Type.Array(CompanySummary), ...errorResponses } } },
      async (request) => companyListOf(context.db, callerOf(request), { billingOff: context.config.billing.off, now: context.now() }),
    );

    app.get(
      '/api/companies/:companyId',
      {
        config: { access: inCompany() },
        schema: {
          tags,
          summary: 'A company with its subscription, the caller’s role and teams',
          params: CompanyParams,
          response: { 200: CompanyDetails, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const c = access.company;
        const teamIds = [...access.teamRoles.keys()];
        const teams = await teamsNamed(context.db, c.company_id, teamIds);
        return {
          companyId: c.company_id,
          name: c.name,
          location: { country: c.location_country, code: c.location_code },
          timeZone: c.time_zone,
          workingHours: { start: c.work_start, end: c.work_end },
          subscription: {
            status: shownSubscriptionStatus({ status: c.subscription_status, activeUntil: c.subscription_active_until }, context.now(), context.config.billing.off),
            trialExpiryDate: c.trial_ends_at?.toISOString() ?? null,
          },
          role: access.role,
          teams: teams.map((t) => ({ teamId: t.team_id, teamName: t.name, role: access.teamRoles.get(t.team_id)! })),
        };
      },
    );
  };
}

