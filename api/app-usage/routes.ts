import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { APP_CATEGORIES, MAX_APPLICATION_LENGTH, MAX_WINDOW_TITLE_LENGTH } from '../../domain/app-usage/events.ts';
import { AppCategoryList, ApplicationOpeningDay, PersonApplicationDay, TeamApplicationDay } from '../../domain/app-usage/views.ts';
import { seesAdmins, visibleTeams } from '../../domain/dashboards/access.ts';
import { appCategoryList, applicationOpeningDay, personApplicationDay, teamApplicationDay } from '../../projections/app-usage/queries.ts';
import { accessOf, inCompany } from '../http/access.ts';
import { visiblePerson, visibleTeam } from '../access/membership.ts';
import { type ApiContext, positionText, requestMetadata } from '../http/context.ts';
import { checkedRange, CommandResponse, CompanyParams, DayText, errorResponses, Id, Nullable, Text } from '../http/schemas.ts';

/** The agent's own id for a batch: a uuid or any short id of letters, digits, '-' and '_'. */
const ClientId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$', maxLength: 100 });

const Sample = Type.Object({
  application: Text(MAX_APPLICATION_LENGTH),
  windowTitle: Type.Optional(Nullable(Text(MAX_WINDOW_TITLE_LENGTH))),
  start: Type.String({ format: 'date-time', maxLength: 40 }),
  seconds: Type.Integer({ minimum: 1, maximum: 60 }),
  idle: Type.Boolean(),
});

/**
 * Application usage: the desktop agent's batches (API token), the company's
 * application categories, and the application dashboard (management §2),
 * one person's day or a team's.
 */
export function appUsageRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const { db, appUsage, now } = context;
  const tags = ['application usage'];

  return async (app) => {
    app.post(
      '/api/companies/:companyId/app-usage',
      {
        config: { access: inCompany({ command: 'RecordAppUsage', write: true }), apiToken: true },
        schema: {
          tags,
          summary: 'Record a batch of application usage (at most a minute of samples) while the caller’s timer runs; a batch id sent again writes nothing',
          params: CompanyParams,
          body: Type.Object({ batchId: ClientId, samples: Type.Array(Sample, { minItems: 1, maxItems: 60 }) }),
          response: {
            200: Type.Object({ batchId: Type.String(), samples: Type.Integer(), position: Nullable(Type.String()) }),
            201: Type.Object({ batchId: Type.String(), samples: Type.Integer(), position: Nullable(Type.String()) }),
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const access = accessOf(request);
        const { batchId, samples } = request.body;
        const { recorded, position } = await appUsage.record(
          access,
          batchId,
          samples.map((s) => ({ application: s.application, windowTitle: s.windowTitle ?? null, start: s.start, seconds: s.seconds, idle: s.idle })),
          requestMetadata(request, access.userId),
        );
        return reply.status(recorded ? 201 : 200).send({ batchId, samples: samples.length, position: positionText(position) });
      },
    );

    app.get(
      '/api/companies/:companyId/app-categories',
      {
        config: { access: inCompany({ page: '/manage-settings' }) },
        schema: {
          tags,
          summary: 'The application categories: the default list, the company’s choices and the applications its people used',
          params: CompanyParams,
          response: { 200: AppCategoryList, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        return appCategoryList(db, access.company.company_id);
      },
    );

    app.put(
      '/api/companies/:companyId/app-categories',
      {
        config: { access: inCompany({ command: 'SetAppCategory', write: true }) },
        schema: {
          tags,
          summary: 'Set how an application’s time counts for the whole company: productive, unproductive or neutral (Admins only)',
          params: CompanyParams,
          body: Type.Object({ application: Text(MAX_APPLICATION_LENGTH), category: Type.Enum(APP_CATEGORIES) }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const position = await appUsage.setCategory(access, request.body.application, request.body.category, requestMetadata(request, access.userId));
        return { message: 'Application category updated', position: positionText(position) };
      },
    );

    app.get(
      '/api/companies/:companyId/application-dashboard',
      {
        config: { access: inCompany({ page: '/application-dashboard' }) },
        schema: {
          tags,
          summary: 'One person’s application dashboard for a local day: totals, break, punches and time per application',
          params: CompanyParams,
          querystring: Type.Object({ day: DayText, userId: Type.Optional(Id) }),
          response: { 200: PersonApplicationDay, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { day } = request.query;
        checkedRange({ from: day, to: day });
        const person = await visiblePerson(db, access, request.query.userId);
        return personApplicationDay(db, { companyId: access.company.company_id, timeZone: access.company.time_zone }, person, day);
      },
    );

    app.get(
      '/api/companies/:companyId/application-dashboard/opening-day',
      {
        config: { access: inCompany({ page: '/application-dashboard' }) },
        schema: {
          tags,
          summary: 'The day one person’s application dashboard opens on: their latest local day with tracked time, usage or a punch, in its zone (else the company’s today)',
          params: CompanyParams,
          querystring: Type.Object({ userId: Type.Optional(Id) }),
          response: { 200: ApplicationOpeningDay, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const person = await visiblePerson(db, access, request.query.userId);
        return applicationOpeningDay(db, { companyId: access.company.company_id, timeZone: access.company.time_zone }, { userId: person.userId }, now());
      },
    );

    app.get(
      '/api/companies/:companyId/application-dashboard/team/opening-day',
      {
        config: { access: inCompany({ page: '/application-dashboard-internal' }) },
        schema: {
          tags,
          summary: 'The day a team’s application dashboard opens on: the latest local day with time, usage or a punch of the team (no team: every team the caller manages)',
          params: CompanyParams,
          querystring: Type.Object({ teamId: Type.Optional(Id) }),
          response: { 200: ApplicationOpeningDay, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const company = { companyId: access.company.company_id, timeZone: access.company.time_zone };
        const { teamId } = request.query;
        const viewer = { seesAdmins: seesAdmins(access.actor) };
        const teams = teamId ? [(await visibleTeam(db, access, teamId)).teamId] : visibleTeams(access.actor);
        return applicationOpeningDay(db, company, { ...viewer, teams }, now());
      },
    );

    app.get(
      '/api/companies/:companyId/application-dashboard/team',
      {
        config: { access: inCompany({ page: '/application-dashboard-internal' }) },
        schema: {
          tags,
          summary: 'A team’s application dashboard for a local day: one team, or every team the caller manages (an Admin: the whole company)',
          params: CompanyParams,
          querystring: Type.Object({ day: DayText, teamId: Type.Optional(Id) }),
          response: { 200: TeamApplicationDay, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { day } = request.query;
        checkedRange({ from: day, to: day });
        const company = { companyId: access.company.company_id, timeZone: access.company.time_zone };
        const { teamId } = request.query;
        const viewer = { seesAdmins: seesAdmins(access.actor) };
        if (!teamId) return teamApplicationDay(db, company, day, { ...viewer, teams: visibleTeams(access.actor), team: null });
        const team = await visibleTeam(db, access, teamId);
        return teamApplicationDay(db, company, day, { ...viewer, teams: [team.teamId], team });
      },
    );
  };
}
