import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { seesAdmins, visibleTeams } from '../../domain/dashboards/access.ts';
import { DashboardPeople, DayDetail, IndividualDashboard, TeamDashboard } from '../../domain/dashboards/views.ts';
import { dashboardPeople, dayDetail, individualDashboard, teamDashboard } from '../../projections/dashboards/queries.ts';
import { accessOf, inCompany } from '../http/access.ts';
import { companyToday, visiblePerson, visibleTeam } from '../access/membership.ts';
import type { ApiContext } from '../http/context.ts';
import { checkedRange, CompanyParams, DayText, errorResponses, Id } from '../http/schemas.ts';

const RangeQuery = { from: DayText, to: DayText };

/**
 * The dashboards: read from the time log (projections/timelog). A person
 * the caller may not see answers exactly like one who does not exist.
 */
export function dashboardRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const { db } = context;
  const tags = ['dashboards'];

  return async (app) => {
    app.get(
      '/api/companies/:companyId/dashboards/team',
      {
        config: { access: inCompany({ page: '/dashboard-team' }) },
        schema: {
          tags,
          summary: 'The team dashboard over a range of days: one team, or every team the caller manages (an Admin: the whole company)',
          params: CompanyParams,
          querystring: Type.Object({ ...RangeQuery, teamId: Type.Optional(Id) }),
          response: { 200: TeamDashboard, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const range = checkedRange(request.query);
        const visible = visibleTeams(access.actor);
        const { teamId } = request.query;
        const viewer = { seesAdmins: seesAdmins(access.actor), today: companyToday(access, context.now()) };
        if (!teamId) return teamDashboard(db, access.company.company_id, range, { ...viewer, teams: visible, team: null });
        const team = await visibleTeam(db, access, teamId);
        return teamDashboard(db, access.company.company_id, range, { ...viewer, teams: [team.teamId], team });
      },
    );

    app.get(
      '/api/companies/:companyId/dashboards/individual',
      {
        config: { access: inCompany() },
        schema: {
          tags,
          summary: 'One person’s dashboard over a range of days: the caller’s own, or someone’s they may see',
          params: CompanyParams,
          querystring: Type.Object({ ...RangeQuery, userId: Type.Optional(Id) }),
          response: { 200: IndividualDashboard, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const range = checkedRange(request.query);
        const person = await visiblePerson(db, access, request.query.userId);
        const company = { companyId: access.company.company_id, timeZone: access.company.time_zone, today: companyToday(access, context.now()) };
        return individualDashboard(db, company, person, range);
      },
    );

    app.get(
      '/api/companies/:companyId/dashboards/individual/day',
      {
        config: { access: inCompany() },
        schema: {
          tags,
          summary: 'One day of one person: time-log entries and punches',
          params: CompanyParams,
          querystring: Type.Object({ day: DayText, userId: Type.Optional(Id) }),
          response: { 200: DayDetail, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { day } = request.query;
        checkedRange({ from: day, to: day });
        const person = await visiblePerson(db, access, request.query.userId);
        return dayDetail(db, access.company.company_id, person.userId, day);
      },
    );

    app.get(
      '/api/companies/:companyId/dashboards/people',
      {
        config: { access: inCompany() },
        schema: {
          tags,
          summary: 'The people whose dashboards the caller may open (the member picker), the caller last',
          params: CompanyParams,
          response: { 200: DashboardPeople, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        return dashboardPeople(db, access.company.company_id, { userId: access.userId, teams: visibleTeams(access.actor) });
      },
    );
  };
}
