import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { listTeams } from '../../projections/organisation/queries.ts';
import { readScope, seesCompany } from '../../domain/members/read-rights.ts';
import { accessOf, inCompany } from '../http/access.ts';
import type { ApiContext } from '../http/context.ts';
import { requestMetadata, positionText } from '../http/context.ts';
import { CommandResponse, CompanyParams, errorResponses, Id, Ids, Text } from '../http/schemas.ts';

const TeamParams = Type.Object({ companyId: Id, teamId: Id });
const TeamMemberParams = Type.Object({ companyId: Id, teamId: Id, userId: Id });

const TeamWithMembers = Type.Object({
  teamId: Type.String(),
  teamName: Type.String(),
  members: Type.Array(Type.Object({ userId: Type.String(), name: Type.String(), email: Type.String(), role: Type.String() })),
});

export function teamRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const { organisation } = context;
  const tags = ['teams'];
  return async (app) => {
    app.get(
      '/api/companies/:companyId/teams',
      {
        config: { access: inCompany() },
        schema: {
          tags,
          summary: 'Teams with their members: all for Admins, one’s own teams for everyone else',
          params: CompanyParams,
          querystring: Type.Object({ search: Type.Optional(Text(200)) }),
          response: { 200: Type.Array(TeamWithMembers), ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const teamIds = seesCompany(access.role, 'teams') ? undefined : [...access.teamRoles.keys()];
        const teams = await listTeams(context.db, access.company.company_id, { teamIds, search: request.query.search });
        // Plain members and clients see their teams, not who else is in them.
        return readScope(access.role, 'teamRosters') ? teams : teams.map((t) => ({ ...t, members: [] }));
      },
    );

    app.post(
      '/api/companies/:companyId/teams',
      {
        config: { access: inCompany({ command: 'CreateTeam', write: true }) },
        schema: {
          tags,
          summary: 'Add a team (Admin, Head); every Admin joins it',
          params: CompanyParams,
          body: Type.Object({ name: Text(200), memberIds: Type.Optional(Ids(500)) }),
          response: { 201: Type.Object({ teamId: Type.String(), message: Type.String(), position: Type.Union([Type.String(), Type.Null()]) }), ...errorResponses },
        },
      },
      async (request, reply) => {
        const access = accessOf(request);
        const { teamId, position } = await organisation.createTeam(access, { name: request.body.name, memberIds: request.body.memberIds ?? [] }, requestMetadata(request, access.userId));
        return reply.status(201).send({ teamId, message: 'Team created successfully', position: positionText(position) });
      },
    );

    app.patch(
      '/api/companies/:companyId/teams/:teamId',
      {
        config: { access: inCompany({ command: 'RenameTeam', write: true }) },
        schema: {
          tags,
          summary: 'Rename a team (Admin, or its Head or Manager)',
          params: TeamParams,
          body: Type.Object({ name: Text(200) }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const position = await organisation.renameTeam(access, request.params.teamId, request.body.name, requestMetadata(request, access.userId));
        return { message: 'Team updated successfully', position: positionText(position) };
      },
    );

    app.delete(
      '/api/companies/:companyId/teams/:teamId',
      {
        config: { access: inCompany({ command: 'DeleteTeam', write: true }) },
        schema: { tags, summary: 'Delete a team (Admin, Head)', params: TeamParams, response: { 200: CommandResponse, ...errorResponses } },
      },
      async (request) => {
        const access = accessOf(request);
        const position = await organisation.deleteTeam(access, request.params.teamId, requestMetadata(request, access.userId));
        return { message: 'Team deleted successfully', position: positionText(position) };
      },
    );

    app.put(
      '/api/companies/:companyId/teams/:teamId/members/:userId',
      {
        config: { access: inCompany({ command: 'GrantTeamRole', write: true }) },
        schema: { tags, summary: 'Add a member to a team', params: TeamMemberParams, response: { 200: CommandResponse, ...errorResponses } },
      },
      async (request) => {
        const access = accessOf(request);
        const { teamId, userId } = request.params;
        const position = await organisation.addTeamMember(access, teamId, userId, requestMetadata(request, access.userId));
        return { message: 'Member added successfully', position: positionText(position) };
      },
    );

    app.delete(
      '/api/companies/:companyId/teams/:teamId/members/:userId',
      {
        config: { access: inCompany({ command: 'RevokeTeamRole', write: true }) },
        schema: { tags, summary: 'Remove a member from a team (Admin; not Admin members)', params: TeamMemberParams, response: { 200: CommandResponse, ...errorResponses } },
      },
      async (request) => {
        const access = accessOf(request);
        const { teamId, userId } = request.params;
        const position = await organisation.removeTeamMember(access, teamId, userId, requestMetadata(request, access.userId));
        return { message: 'Member removed successfully', position: positionText(position) };
      },
    );
  };
}

