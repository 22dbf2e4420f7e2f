import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { FIRST_YEAR } from '../../domain/shared/calendar-day.ts';
import { MAX_COMMENT_LENGTH } from '../../domain/leave/events.ts';
import { LeaveRequestToProcess, LeaveRequestView, PaidLeaveBalanceView } from '../../domain/leave/views.ts';
import { leaveRequestsToProcess, myLeaveRequests, paidLeaveBalanceOf } from '../../projections/leave/queries.ts';
import { companyToday } from '../access/membership.ts';
import { accessOf, inCompany } from '../http/access.ts';
import type { ApiContext } from '../http/context.ts';
import { positionText, requestMetadata } from '../http/context.ts';
import { CommandResponse, CompanyParams, errorResponses, Nullable, PickedId, Text, TimeZone } from '../http/schemas.ts';
import { pendingRequestRoutes, RequestCreated, requestAnswers, RequestParams } from '../requests/routes.ts';

/** What each command answers (management §8's words for requests). */
export const leaveAnswers = { requested: 'Leave request submitted successfully', ...requestAnswers } as const;

/** The form's fields as typed: the decider checks them and answers with the form's own messages. */
const LeaveForm = {
  /** YYYY-MM-DD, the requester's local day. */
  leaveDate: Text(10),
  type: Text(40),
  comment: Text(MAX_COMMENT_LENGTH),
  assigneeId: PickedId,
};
/** The browser's zone: the requester's today is there (else the company's). */
const BrowserZone = { timeZone: Type.Optional(Nullable(TimeZone)) };

/**
 * Leave (management §2 /leave and /requestsleave, §5, §8): a person's own
 * requests and paid leave balance, and the requests their managers process.
 * A request the caller may not see answers like one that does not exist.
 */
export function leaveRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const { db } = context;
  const { leave } = context;
  const tags = ['leave'];

  return async (app) => {
    app.get(
      '/api/companies/:companyId/leave/requests',
      {
        config: { access: inCompany({ command: 'RequestLeave' }) },
        schema: { tags, summary: 'The caller’s own leave requests, the latest day first', params: CompanyParams, response: { 200: Type.Object({ requests: Type.Array(LeaveRequestView) }), ...errorResponses } },
      },
      async (request) => {
        const access = accessOf(request);
        return { requests: await myLeaveRequests(db, access.company.company_id, access.userId) };
      },
    );

    app.get(
      '/api/companies/:companyId/leave/balance',
      {
        config: { access: inCompany({ command: 'RequestLeave' }) },
        schema: {
          tags,
          summary: 'The caller’s paid leave of a year (default: this year in the company’s zone): allocated, used, pending, available',
          params: CompanyParams,
          querystring: Type.Object({ year: Type.Optional(Type.Integer({ minimum: FIRST_YEAR, maximum: 9999 })) }),
          response: { 200: PaidLeaveBalanceView, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const year = request.query.year ?? Number(companyToday(access, context.now()).slice(0, 4));
        return paidLeaveBalanceOf(db, access.company.company_id, access.userId, year);
      },
    );

    app.post(
      '/api/companies/:companyId/leave/requests',
      {
        config: { access: inCompany({ command: 'RequestLeave', write: true }) },
        schema: {
          tags,
          summary: 'Ask for a day of leave (send an Idempotency-Key)',
          params: CompanyParams,
          body: Type.Object({ ...LeaveForm, comment: Type.Optional(LeaveForm.comment), ...BrowserZone }),
          response: { 201: RequestCreated, ...errorResponses },
        },
      },
      async (request, reply) => {
        const access = accessOf(request);
        const { leaveDate, type, comment, assigneeId, timeZone } = request.body;
        const { requestId, position } = await leave.request(access, { leaveDate, type, comment: comment ?? '', assigneeId }, timeZone ?? null, requestMetadata(request, access.userId));
        return reply.status(201).send({ requestId, message: leaveAnswers.requested, position: positionText(position) });
      },
    );

    app.patch(
      '/api/companies/:companyId/leave/requests/:requestId',
      {
        config: { access: inCompany({ command: 'EditLeaveRequest', write: true }) },
        schema: {
          tags,
          summary: 'Change a pending request of one’s own',
          params: RequestParams,
          body: Type.Object({ ...Type.Partial(Type.Object(LeaveForm)).properties, ...BrowserZone }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { leaveDate, type, comment, assigneeId, timeZone } = request.body;
        const changes = Object.fromEntries(Object.entries({ leaveDate, type, comment, assigneeId }).filter(([, value]) => value !== undefined));
        const position = await leave.edit(access, request.params.requestId, changes, timeZone ?? null, requestMetadata(request, access.userId));
        return { message: leaveAnswers.updated, position: positionText(position) };
      },
    );

    app.get(
      '/api/companies/:companyId/leave/team-requests',
      {
        config: { access: inCompany({ page: '/requestsleave' }) },
        schema: {
          tags,
          summary: 'The /requestsleave table: requests sent to the caller and, for Admins, Heads and Managers, those of the people they see; pending first',
          params: CompanyParams,
          response: { 200: Type.Object({ requests: Type.Array(LeaveRequestToProcess) }), ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        return { requests: await leaveRequestsToProcess(db, access.actor) };
      },
    );

    pendingRequestRoutes(app, context, {
      kind: 'leave',
      commands: { delete: 'DeleteLeaveRequest', approve: 'ApproveLeave', decline: 'DeclineLeave' },
      maxCommentLength: MAX_COMMENT_LENGTH,
      service: leave,
    });
  };
}
