import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { visibleTeams } from '../../domain/dashboards/access.ts';
import { type DayRange, presetRange } from '../../domain/dashboards/range.ts';
import { MAX_MONITORING_MESSAGE } from '../../domain/monitoring/events.ts';
import { monitoringMessages } from '../../domain/monitoring/monitoring.ts';
import { workRulesOf } from '../../projections/attendance/queries.ts';
import { performanceDashboard } from '../../projections/monitoring/queries.ts';
import { PerformanceDashboard } from '../../projections/monitoring/index.ts';
import { accessOf, inCompany } from '../http/access.ts';
import { companyToday, visibleTeam } from '../access/membership.ts';
import { type ApiContext, positionText, requestMetadata } from '../http/context.ts';
import { checkedRange, CommandResponse, CompanyParams, DayText, errorResponses, Id, Nullable, Text } from '../http/schemas.ts';

/** The performance dashboard shows the last 7 days until another range is asked for. */
const DEFAULT_RANGE_DAYS = 7;

/**
 * The performance dashboard (management §2 /v2/performance-dashboard), read
 * from the time log, and 'Request Monitoring': asking a person by e-mail to
 * enable the desktop agent (the mail goes through the outbox).
 */
export function monitoringRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const { db } = context;
  const tags = ['performance'];

  return async (app) => {
    app.get(
      '/api/companies/:companyId/performance',
      {
        config: { access: inCompany({ page: '/v2/performance-dashboard' }) },
        schema: {
          tags,
          summary: 'Work, productive, idle and unproductive hours and utilization per person over a range of days (the last 7 by default): one team, or every team the caller manages',
          params: CompanyParams,
          querystring: Type.Object({ from: Type.Optional(DayText), to: Type.Optional(DayText), teamId: Type.Optional(Id) }),
          response: { 200: PerformanceDashboard, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const companyId = access.company.company_id;
        const today = companyToday(access, context.now());
        const { from, to, teamId } = request.query;
        const range: DayRange = from === undefined && to === undefined ? presetRange(DEFAULT_RANGE_DAYS, today) : checkedRange({ from: from ?? '', to: to ?? '' });
        const team = teamId ? await visibleTeam(db, access, teamId) : null;
        const rules = await workRulesOf(db, companyId);
        return performanceDashboard(db, { companyId, today, rules }, range, { teams: team ? [team.teamId] : visibleTeams(access.actor), team, viewer: access.actor });
      },
    );

    app.post(
      '/api/companies/:companyId/members/:userId/request-monitoring',
      {
        config: { access: inCompany({ command: 'RequestMonitoring', write: true }) },
        schema: {
          tags,
          summary: 'Ask a person by e-mail to enable the desktop agent, with an optional note (at most once in 24 hours)',
          params: Type.Object({ companyId: Id, userId: Id }),
          body: Type.Object({ message: Type.Optional(Nullable(Text(MAX_MONITORING_MESSAGE))) }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const position = await context.monitoring.requestMonitoring(access, request.params.userId, request.body.message ?? null, requestMetadata(request, access.userId));
        return { message: monitoringMessages.sent, position: positionText(position) };
      },
    );
  };
}
