import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from 'typebox';
import { MAX_COMMENT_LENGTH, MAX_TASK_DETAILS_LENGTH } from '../../domain/regularization/events.ts';
import { RegularizationPage, RegularizationRequestToProcess, RegularizationRequestView } from '../../domain/regularization/views.ts';
import { myRegularizationRequests, regularizationRequestsToProcess } from '../../projections/regularization/queries.ts';
import { accessOf, inCompany } from '../http/access.ts';
import type { ApiContext } from '../http/context.ts';
import { positionText, requestMetadata } from '../http/context.ts';
import { CommandResponse, CompanyParams, errorResponses, Nullable, PageNumber, PickedId, TaskId, Text, TimeZone } from '../http/schemas.ts';
import type { RegularizationInput } from './service.ts';
import { pendingRequestRoutes, RequestCreated, requestAnswers, RequestParams } from '../requests/routes.ts';

/** What each command answers (management §8's words for requests; submitting has none there). */
export const regularizationAnswers = { submitted: 'Request submitted successfully', ...requestAnswers } as const;

/**
 * The form's fields as typed: the decider checks them and answers with the
 * form's own messages. Hours from 0, minutes 0 to 60 (management §5, §9).
 */
const RegularizationForm = {
  /** YYYY-MM-DD, the requester's local day. */
  date: Text(10),
  startHours: Nullable(Type.Integer({ minimum: 0, maximum: 23 })),
  startMinutes: Nullable(Type.Integer({ minimum: 0, maximum: 59 })),
  durationHours: Type.Integer({ minimum: 0, maximum: 24 }),
  durationMinutes: Type.Integer({ minimum: 0, maximum: 60 }),
  projectId: PickedId,
  taskId: Type.Union([Type.Literal(''), TaskId]),
  taskDetails: Type.Optional(Text(MAX_TASK_DETAILS_LENGTH)),
  assigneeId: PickedId,
  /** The browser's zone: the requester's days and today are there (else the company's). */
  timeZone: Type.Optional(Nullable(TimeZone)),
};
const FormBody = Type.Object(RegularizationForm);
const TableQuery = Type.Object({ page: Type.Optional(PageNumber), pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) });

/** Management §9: the requester's table shows 20 rows, the processing table 50. */
const OWN_PAGE_SIZE = 20;
const PROCESSING_PAGE_SIZE = 50;

/** The form's fields by name: nothing else a caller sends reaches a command. */
function inputOf(body: Static<typeof FormBody>): RegularizationInput {
  const { date, startHours, startMinutes, durationHours, durationMinutes, projectId, taskId, taskDetails, assigneeId, timeZone } = body;
  return { date, startHours, startMinutes, durationHours, durationMinutes, projectId, taskId, taskDetails: taskDetails ?? '', assigneeId, timeZone: timeZone ?? null };
}

/**
 * Regularization (management §2 /regularization and /requestsregularization,
 * §5, §8): a person's own requests for time they could not track, and the
 * requests their managers process. A request the caller may not see answers
 * like one that does not exist.
 */
export function regularizationRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const { db } = context;
  const { regularizations } = context;
  const tags = ['regularization'];

  return async (app) => {
    app.get(
      '/api/companies/:companyId/regularization/requests',
      {
        config: { access: inCompany({ command: 'SubmitRegularization' }) },
        schema: {
          tags,
          summary: 'The caller’s own regularization requests, the latest day first, 20 a page',
          params: CompanyParams,
          querystring: TableQuery,
          response: { 200: RegularizationPage(RegularizationRequestView), ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { page = 1, pageSize = OWN_PAGE_SIZE } = request.query;
        return myRegularizationRequests(db, access.company.company_id, access.userId, { page, pageSize });
      },
    );

    app.post(
      '/api/companies/:companyId/regularization/requests',
      {
        config: { access: inCompany({ command: 'SubmitRegularization', write: true }) },
        schema: {
          tags,
          summary: 'Ask for time one could not track, on one of one’s teams (send an Idempotency-Key)',
          params: CompanyParams,
          body: Type.Object({ teamId: PickedId, ...RegularizationForm }),
          response: { 201: RequestCreated, ...errorResponses },
        },
      },
      async (request, reply) => {
        const access = accessOf(request);
        const { requestId, position } = await regularizations.submit(access, request.body.teamId, inputOf(request.body), requestMetadata(request, access.userId));
        return reply.status(201).send({ requestId, message: regularizationAnswers.submitted, position: positionText(position) });
      },
    );

    app.put(
      '/api/companies/:companyId/regularization/requests/:requestId',
      {
        config: { access: inCompany({ command: 'EditRegularization', write: true }) },
        schema: {
          tags,
          summary: 'Change a pending request of one’s own (the whole form)',
          params: RequestParams,
          body: FormBody,
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const position = await regularizations.edit(access, request.params.requestId, inputOf(request.body), requestMetadata(request, access.userId));
        return { message: regularizationAnswers.updated, position: positionText(position) };
      },
    );

    app.get(
      '/api/companies/:companyId/regularization/team-requests',
      {
        config: { access: inCompany({ page: '/requestsregularization' }) },
        schema: {
          tags,
          summary: 'The /requestsregularization table: requests sent to the caller and, for Admins, Heads and Managers, those of the people they see; declined ones hidden, pending first, 50 a page',
          params: CompanyParams,
          querystring: TableQuery,
          response: { 200: RegularizationPage(RegularizationRequestToProcess), ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { page = 1, pageSize = PROCESSING_PAGE_SIZE } = request.query;
        return regularizationRequestsToProcess(db, access.actor, { page, pageSize });
      },
    );

    pendingRequestRoutes(app, context, {
      kind: 'regularization',
      commands: { delete: 'DeleteRegularization', approve: 'ApproveRegularization', decline: 'DeclineRegularization' },
      approving: 'Approve (writing its time log entry)',
      maxCommentLength: MAX_COMMENT_LENGTH,
      service: regularizations,
    });
  };
}
