import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { seesCompany } from '../../domain/members/read-rights.ts';
import { MEMBER_FILTER_LEVELS } from '../../domain/members/roles.ts';
import { listMembers } from '../../projections/organisation/queries.ts';
import { accessOf, inCompany } from '../http/access.ts';
import type { ApiContext } from '../http/context.ts';
import { requestMetadata, positionText } from '../http/context.ts';
import { CommandResponse, CompanyParams, errorResponses, Id, Ids, Nullable, PageNumber, Text } from '../http/schemas.ts';

const MemberParams = Type.Object({ companyId: Id, userId: Id });

const Member = Type.Object({
  userId: Type.String(),
  name: Type.String(),
  email: Type.String(),
  accessLevel: Type.String(),
  hourlyRate: Type.Union([Type.Number(), Type.Null()]),
  teams: Type.Array(Type.Object({ teamId: Type.String(), teamName: Type.String(), role: Type.String() })),
});

export function memberRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const { organisation } = context;
  const tags = ['members'];
  return async (app) => {
    app.get(
      '/api/companies/:companyId/members',
      {
        config: { access: inCompany({ read: 'members' }) },
        schema: {
          tags,
          summary: 'The Members tab: filter by access level and team, search, pages of 10, 20 or 50',
          params: CompanyParams,
          querystring: Type.Object({
            accessLevel: Type.Optional(Type.Union(MEMBER_FILTER_LEVELS.map((level) => Type.Literal(level)))),
            teamId: Type.Optional(Id),
            search: Type.Optional(Text(200)),
            page: Type.Optional(PageNumber),
            pageSize: Type.Optional(Type.Union([Type.Literal(10), Type.Literal(20), Type.Literal(50)], { default: 50 })),
          }),
          response: { 200: Type.Object({ members: Type.Array(Member), total: Type.Integer() }), ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { accessLevel, teamId, search, page = 1, pageSize = 50 } = request.query;
        return listMembers(context.db, access.company.company_id, {
          accessLevel,
          teamId,
          search,
          page,
          pageSize,
          withinTeams: seesCompany(access.role, 'members') ? undefined : [...access.actor.managedTeams],
        });
      },
    );

    app.patch(
      '/api/companies/:companyId/members/:userId',
      {
        config: { access: inCompany({ command: 'EditMember', write: true }) },
        schema: {
          tags,
          summary: 'Edit a member’s name, teams and hourly rate (e-mail and access level are read-only)',
          params: MemberParams,
          body: Type.Object({
            name: Text(200),
            teamIds: Ids(500),
            hourlyRate: Nullable(Type.Union([Text(20), Type.Number({ minimum: 0, maximum: 1_000_000 })])),
          }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { name, teamIds, hourlyRate } = request.body;
        const position = await organisation.editMember(access, request.params.userId, { name, teamIds, hourlyRate }, requestMetadata(request, access.userId));
        return { message: 'Member updated successfully', position: positionText(position) };
      },
    );

    app.delete(
      '/api/companies/:companyId/members/:userId',
      { config: { access: inCompany({ command: 'RemoveMember', write: true }) }, schema: { tags, summary: 'Remove a member (kept for history)', params: MemberParams, response: { 200: CommandResponse, ...errorResponses } } },
      async (request) => {
        const access = accessOf(request);
        const position = await organisation.removeMember(access, request.params.userId, requestMetadata(request, access.userId));
        await context.watcher.waitFor(await context.identity.endSessionsIfInNoCompany(request.params.userId, access.company.company_id, requestMetadata(request, access.userId)));
        return { message: 'Member removed successfully', position: positionText(position) };
      },
    );
  };
}
