import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { inviteMessages } from '../../domain/invites/invitations.ts';
import { notFound } from '../../domain/shared/errors.ts';
import { findAccount, findAccountByEmail } from '../../projections/identity/queries.ts';
import { findInviteByTokenHash, findInviteFor, inviteView, pendingInvitesFor } from '../../projections/invites/queries.ts';
import { accessOf, callerOf, inCompany } from '../http/access.ts';
import type { ApiContext } from '../http/context.ts';
import { requestMetadata, positionText } from '../http/context.ts';
import { CompanyParams, errorResponses, Id, Ids, Text } from '../http/schemas.ts';
import { hashLinkToken } from '../identity/tokens.ts';

const Invitation = Type.Object({
  invitationId: Type.String(),
  email: Type.String(),
  companyId: Type.String(),
  invitedBy: Type.Object({ fullName: Type.String(), companyName: Type.String() }),
  invitedAs: Type.String(),
  teamName: Type.Union([Type.String(), Type.Null()]),
  projects: Type.Array(Type.Object({ projectId: Type.String(), name: Type.String() })),
  status: Type.String(),
  expiresAt: Type.String(),
});

/** One request invites at most this many e-mails, to at most this many teams or projects. */
export const MAX_INVITE_EMAILS = 20;
export const MAX_INVITE_TEAMS = 10;
export const MAX_INVITE_PROJECTS = 50;
const LinkParams = Type.Object({ token: Text(100) });
const InviteParams = Type.Object({ inviteId: Id });

const Answer = Type.Object({ message: Type.String(), companyId: Type.String(), position: Type.Union([Type.String(), Type.Null()]) });

export function inviteRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const { db, organisation } = context;
  const tags = ['invites'];

  const signedInPerson = async (request: FastifyRequest) => {
    const userId = callerOf(request);
    const account = await findAccount(db, userId);
    if (!account) throw notFound(inviteMessages.notFound);
    return { userId, name: account.full_name, email: account.email };
  };

  /** The invite behind a mailed link, or not found. */
  const byToken = async (token: string) => {
    const row = await findInviteByTokenHash(db, hashLinkToken(token));
    if (!row) throw notFound(inviteMessages.notFound);
    return row;
  };

  const mine = async (request: FastifyRequest, inviteId: string) => {
    const person = await signedInPerson(request);
    const row = await findInviteFor(db, inviteId, person.email);
    if (!row) throw notFound(inviteMessages.notFound);
    return { person, row };
  };

  return async (app) => {
    app.post(
      '/api/companies/:companyId/invites',
      {
        config: { access: inCompany({ command: 'SendInvite', write: true }) },
        schema: {
          tags,
          summary: 'Invite people by e-mail; one outcome per e-mail and team',
          params: CompanyParams,
          body: Type.Object({
            emails: Type.Array(Text(320), { maxItems: MAX_INVITE_EMAILS }),
            role: Text(20),
            teamIds: Type.Optional(Ids(MAX_INVITE_TEAMS)),
            projectIds: Type.Optional(Ids(MAX_INVITE_PROJECTS)),
          }),
          response: {
            200: Type.Object({
              results: Type.Array(Type.Object({ email: Type.String(), teamName: Type.Union([Type.String(), Type.Null()]), sent: Type.Boolean(), message: Type.String() })),
              position: Type.Union([Type.String(), Type.Null()]),
            }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { emails, role, teamIds = [], projectIds = [] } = request.body;
        const { results, position } = await organisation.sendInvites(access, { emails, role, teamIds, projectIds }, requestMetadata(request, access.userId));
        return { results, position: positionText(position) };
      },
    );

    app.get(
      '/api/invitations/:token',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The invitation behind a mailed link (no sign-in needed): who invited whom, and whether the invitee has an account',
          params: LinkParams,
          response: { 200: Type.Intersect([Invitation, Type.Object({ registered: Type.Boolean() })]), ...errorResponses },
        },
      },
      async (request) => {
        const row = await byToken(request.params.token);
        return { ...inviteView(row, context.now()), registered: Boolean(await findAccountByEmail(db, row.email)) };
      },
    );

    for (const answer of ['accept', 'decline'] as const) {
      app.post(
        `/api/invitations/:token/${answer}`,
        {
          config: { access: 'signed-in' },
          schema: {
            tags,
            summary: `${answer === 'accept' ? 'Accept' : 'Decline'} the invitation behind a mailed link, as the invited account`,
            params: LinkParams,
            response: { 200: Answer, ...errorResponses },
          },
        },
        async (request) => {
          const person = await signedInPerson(request);
          const row = await byToken(request.params.token);
          return respond(answer, person, row.invite_id, request);
        },
      );

      app.post(
        `/api/me/invites/:inviteId/${answer}`,
        {
          config: { access: 'signed-in' },
          schema: {
            tags,
            summary: `${answer === 'accept' ? 'Accept' : 'Decline'} one of the signed-in user’s invites`,
            params: InviteParams,
            response: { 200: Answer, ...errorResponses },
          },
        },
        async (request) => {
          const { person, row } = await mine(request, request.params.inviteId);
          return respond(answer, person, row.invite_id, request);
        },
      );
    }

    app.get(
      '/api/me/invites',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'The signed-in user’s pending invites (team and project invites)',
          response: { 200: Type.Array(Invitation), ...errorResponses },
        },
      },
      async (request) => {
        const person = await signedInPerson(request);
        const now = context.now();
        return (await pendingInvitesFor(db, person.email, now)).map((row) => inviteView(row, now));
      },
    );

    app.get(
      '/api/me/invites/:inviteId',
      {
        config: { access: 'signed-in' },
        schema: { tags, summary: 'One of the signed-in user’s invites', params: InviteParams, response: { 200: Invitation, ...errorResponses } },
      },
      async (request) => inviteView((await mine(request, request.params.inviteId)).row, context.now()),
    );
  };

  async function respond(answer: 'accept' | 'decline', person: { userId: string; name: string; email: string }, inviteId: string, request: FastifyRequest) {
    const metadata = requestMetadata(request, person.userId);
    if (answer === 'accept') {
      const { companyId, position } = await organisation.acceptInvite(person, inviteId, metadata);
      return { message: inviteMessages.accepted, companyId, position: positionText(position) };
    }
    const row = await findInviteFor(db, inviteId, person.email);
    const position = await organisation.declineInvite(person, inviteId, metadata);
    return { message: inviteMessages.declined, companyId: row?.company_id ?? '', position: positionText(position) };
  }
}
