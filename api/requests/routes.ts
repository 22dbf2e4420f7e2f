import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { dashboardMessages } from '../../domain/dashboards/access.ts';
import type { CommandName } from '../../domain/members/authorization.ts';
import { notFound } from '../../domain/shared/errors.ts';
import { DECIDING_ROLES } from '../../domain/shared/request-rights.ts';
import { REQUEST_KINDS, type RequestKind } from '../../domain/shared/request-schema.ts';
import type { EventMetadata, LogPosition } from '../../eventstore/types.ts';
import { REQUEST_ACTIONS, teamDeciders } from '../../projections/request-history/index.ts';
import { requestHistory } from '../../projections/request-history/queries.ts';
import { accessOf, inCompany } from '../http/access.ts';
import type { CompanyAccess } from '../access/membership.ts';
import { type ApiContext, positionText, requestMetadata } from '../http/context.ts';
import { CommandResponse, CompanyParams, errorResponses, Id, Text } from '../http/schemas.ts';

export const requestMessages = { notFound: 'Request not found' } as const;

/** What the commands on a request answer (management §8's words); each kind words the answer to a new request. */
export const requestAnswers = {
  updated: 'Request Updated successfully',
  deleted: 'Request deleted successfully',
  approved: 'Request approved successfully',
  declined: 'Request declined successfully',
} as const;

export const RequestParams = Type.Object({ companyId: Id, requestId: Id });
/** A new request's id, with the command's answer. */
export const RequestCreated = Type.Object({ requestId: Type.String(), ...CommandResponse.properties });

/** How a kind of request ends: its commands, and the service that runs them. */
interface PendingRequestEnds<Answer extends CommandName> {
  kind: RequestKind;
  commands: { delete: CommandName; approve: Answer; decline: Answer };
  /** How the Approve route's summary names it, when approving does more than answer. */
  approving?: string;
  maxCommentLength: number;
  service: {
    remove: (access: CompanyAccess, requestId: string, metadata: EventMetadata) => Promise<LogPosition | null>;
    process: (access: CompanyAccess, requestId: string, answer: Answer, comment: string, metadata: EventMetadata) => Promise<LogPosition | null>;
  };
}

/**
 * The end of a kind's pending request (management §4): its requester deletes
 * it, or the person asked or an Admin approves or declines it with a comment;
 * a second answer is a 409.
 */
export function pendingRequestRoutes<Answer extends CommandName>(
  app: Parameters<FastifyPluginAsyncTypebox>[0],
  context: ApiContext,
  { kind, commands, approving = 'Approve', maxCommentLength, service }: PendingRequestEnds<Answer>,
) {
  const tags = [kind];
  app.delete(
    `/api/companies/:companyId/${kind}/requests/:requestId`,
    { config: { access: inCompany({ command: commands.delete, write: true }) }, schema: { tags, summary: 'Delete a pending request of one’s own (its history stays)', params: RequestParams, response: { 200: CommandResponse, ...errorResponses } } },
    async (request) => {
      const access = accessOf(request);
      const position = await service.remove(access, request.params.requestId, requestMetadata(request, access.userId));
      return { message: requestAnswers.deleted, position: positionText(position) };
    },
  );

  for (const [answer, command, verb, message] of [
    ['approve', commands.approve, approving, requestAnswers.approved],
    ['decline', commands.decline, 'Decline', requestAnswers.declined],
  ] as const) {
    app.post(
      `/api/companies/:companyId/${kind}/requests/:requestId/${answer}`,
      {
        config: { access: inCompany({ command, write: true }) },
        schema: {
          tags,
          summary: `${verb} a pending request, with a comment: the person asked, or an Admin; a second answer is a 409`,
          params: RequestParams,
          body: Type.Object({ comment: Type.Optional(Text(maxCommentLength)) }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const position = await service.process(access, request.params.requestId, command, request.body.comment ?? '', requestMetadata(request, access.userId));
        return { message, position: positionText(position) };
      },
    );
  }
}

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
        config: { access: inCompany() },
        schema: {
          tags,
          summary: 'A leave or regularization request’s history, oldest first: for its requester, the person asked, Admins and the requester’s managers',
          params: Type.Object({ companyId: Id, requestId: Id }),
          response: { 200: Type.Object({ kind: Type.Enum(REQUEST_KINDS), history: Type.Array(HistoryEntry) }), ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const found = await requestHistory(db, access.actor, request.params.requestId);
        if (!found) throw notFound(requestMessages.notFound);
        return found;
      },
    );

    app.get(
      '/api/companies/:companyId/request-assignees',
      {
        config: { access: inCompany({ command: 'RequestLeave' }) },
        schema: {
          tags,
          summary: 'Whom the caller may send a leave or regularization request: the Admins, Heads and Managers of one of their teams (the caller left out)',
          params: CompanyParams,
          querystring: Type.Object({ teamId: Id }),
          response: {
            200: Type.Object({ assignees: Type.Array(Type.Object({ userId: Type.String(), name: Type.String(), role: Type.Enum(DECIDING_ROLES) })) }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { teamId } = request.query;
        if (!access.teamRoles.has(teamId)) throw notFound(dashboardMessages.teamNotFound);
        return { assignees: await teamDeciders(db, access.company.company_id, teamId, access.userId) };
      },
    );
  };
}
