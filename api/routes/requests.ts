import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { dashboardMessages } from '../../domain/dashboards/access.ts';
import { notFound } from '../../domain/shared/errors.ts';
import { requestHistory } from '../../projections/request-history/queries.ts';
import { REQUEST_ACTIONS, REQUEST_KINDS } from '../../projections/request-history/request-history.ts';
import { companyAccess } from '../http/access.ts';
import type { ApiContext } from '../http/context.ts';
import { CompanyParams, errorResponses, Id } from '../http/schemas.ts';

export const requestMessages = { notFound: 'Request not found' } as const;

/** Management §6: whom requests go to, as the team lists them. */
const ASSIGNEE_ROLES = ['Admin', 'Head', 'Manager'] as const;

const HistoryEntry = Type.Object({
  id: Type.String(),
  action: Type.Enum(REQUEST_ACTIONS),
  actor: Type.Object({ userId: Type.String(), name: Type.String() }),
  at: Type.String(),
  comment: Type.Union([Type.String(), Type.Null()]),
  changes: Type.Array(Type.Object({ field: Type.String(), from: Type.String(), to: Type.String() })),
});

/** What leave and regularization requests share: their history, and whom they may be sent to. */
export function requestRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const { db } = context;
  const tags = ['requests'];

  return async (app) => {
    app.get(
      '/api/companies/:companyId/requests/:requestId/history',
      {
        schema: {
          tags,
          summary: 'A leave or regularization request’s history, oldest first: for its requester, the person asked, Admins and the requester’s managers',
          params: Type.Object({ companyId: Id, requestId: Id }),
          response: { 200: Type.Object({ kind: Type.Enum(REQUEST_KINDS), history: Type.Array(HistoryEntry) }), ...errorResponses },
        },
      },
      async (request) => {
        const access = await companyAccess(context, request, request.params.companyId);
        const found = await requestHistory(db, access.actor, request.params.requestId);
        if (!found) throw notFound(requestMessages.notFound);
        return found;
      },
    );

    app.get(
      '/api/companies/:companyId/request-assignees',
      {
        schema: {
          tags,
          summary: 'Whom the caller may send a leave or regularization request: the Admins, Heads and Managers of one of their teams (the caller left out)',
          params: CompanyParams,
          querystring: Type.Object({ teamId: Id }),
          response: {
            200: Type.Object({ assignees: Type.Array(Type.Object({ userId: Type.String(), name: Type.String(), role: Type.Enum(ASSIGNEE_ROLES) })) }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const access = await companyAccess(context, request, request.params.companyId, { command: 'RequestLeave' });
        const { teamId } = request.query;
        if (!access.teamRoles.has(teamId)) throw notFound(dashboardMessages.teamNotFound);
        const rows = await db
          .selectFrom('team_members as tm')
          .innerJoin('company_members as m', (join) => join.onRef('m.company_id', '=', 'tm.company_id').onRef('m.user_id', '=', 'tm.user_id'))
          .select(['m.user_id', 'm.name', 'tm.role'])
          .where('tm.company_id', '=', access.company.company_id)
          .where('tm.team_id', '=', teamId)
          .where('tm.role', 'in', ASSIGNEE_ROLES)
          .where('tm.user_id', '<>', access.userId)
          .where('m.deleted', '=', false)
          .orderBy('m.name')
          .execute();
        return { assignees: rows.map((row) => ({ userId: row.user_id, name: row.name, role: row.role as (typeof ASSIGNEE_ROLES)[number] })) };
      },
    );
  };
}
