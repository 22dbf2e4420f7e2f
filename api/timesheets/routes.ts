import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MAX_NOTE_LENGTH } from '../../domain/timesheets/events.ts';
import { accessOf, inCompany } from '../http/access.ts';
import { type ApiContext, positionText, requestMetadata } from '../http/context.ts';
import { checkedRange, CommandResponse, Day, errorResponses, Id, Nullable, PickedId, Text, TimeZone } from '../http/schemas.ts';
import { visiblePerson } from '../access/membership.ts';
import { timesheetsOf } from '../../projections/timesheets/queries.ts';

export const timesheetAnswers = {
  submitted: 'Timesheet submitted for approval',
  approved: 'Timesheet approved',
  rejected: 'Timesheet rejected',
  reopened: 'Timesheet reopened',
} as const;

/**
 * Timesheets: a person submits a period of their own; their approver (or an
 * Admin) approves or rejects it; an Admin reopens an approved one. A period
 * is named by its first local day.
 */
export function timesheetRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const { timesheets } = context;
  const tags = ['timesheets'];
  const OwnPeriod = Type.Object({ companyId: Id, start: Day });
  const TheirPeriod = Type.Object({ companyId: Id, userId: Id, start: Day });
  const Reason = Type.Object({ reason: Text(MAX_NOTE_LENGTH) });

  const Totals = Type.Object({ trackedMinutes: Type.Integer(), manualMinutes: Type.Integer(), idleMinutes: Type.Integer(), earningsCents: Type.Integer() });
  const Timesheet = Type.Object({
    start: Type.String(),
    end: Type.String(),
    status: Type.Union(['Submitted', 'Approved', 'Rejected', 'Reopened'].map((status) => Type.Literal(status))),
    approver: Nullable(Type.Object({ userId: Type.String(), name: Type.String() })),
    note: Type.String(),
    reason: Nullable(Type.String()),
    totals: Nullable(Totals),
    updatedAt: Type.String(),
    updatedBy: Type.String(),
  });

  return async (app) => {
    app.get(
      '/api/companies/:companyId/timesheets/:userId',
      {
        config: { access: inCompany() },
        schema: {
          tags,
          summary: 'A person’s timesheets of the periods starting from `from` to `to` (one’s own, or someone the caller sees); a period not listed is open',
          params: Type.Object({ companyId: Id, userId: Id }),
          querystring: Type.Object({ from: Day, to: Day }),
          response: { 200: Type.Array(Timesheet), ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { userId } = request.params;
        const range = checkedRange(request.query);
        await visiblePerson(context.db, access, userId);
        return timesheetsOf(context.db, access.company.company_id, userId, range);
      },
    );

    app.post(
      '/api/companies/:companyId/timesheets/:start/submit',
      {
        config: { access: inCompany({ command: 'SubmitTimesheet', write: true }) },
        schema: {
          tags,
          summary: 'Submit one’s own timesheet of the period starting on that day, from its last day on, to an approver one may ask',
          params: OwnPeriod,
          body: Type.Object({ approverId: PickedId, note: Type.Optional(Text(MAX_NOTE_LENGTH)), timeZone: Type.Optional(Nullable(TimeZone)) }),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { approverId, note, timeZone } = request.body;
        const position = await timesheets.submit(access, request.params.start, { approverId, note: note ?? '', timeZone: timeZone ?? null }, requestMetadata(request, access.userId));
        return { message: timesheetAnswers.submitted, position: positionText(position) };
      },
    );

    app.post(
      '/api/companies/:companyId/timesheets/:userId/:start/approve',
      {
        config: { access: inCompany({ command: 'ApproveTimesheet', write: true }) },
        schema: {
          tags,
          summary: 'Approve a submitted timesheet (the approver asked, or an Admin; never one’s own): its days are locked, its figures recorded as approved',
          params: TheirPeriod,
          body: Type.Optional(Type.Object({})),
          response: { 200: CommandResponse, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { userId, start } = request.params;
        const position = await timesheets.approve(access, userId, start, requestMetadata(request, access.userId));
        return { message: timesheetAnswers.approved, position: positionText(position) };
      },
    );

    app.post(
      '/api/companies/:companyId/timesheets/:userId/:start/reject',
      {
        config: { access: inCompany({ command: 'RejectTimesheet', write: true }) },
        schema: { tags, summary: 'Reject a submitted timesheet with a reason (required)', params: TheirPeriod, body: Reason, response: { 200: CommandResponse, ...errorResponses } },
      },
      async (request) => {
        const access = accessOf(request);
        const { userId, start } = request.params;
        const position = await timesheets.reject(access, userId, start, request.body.reason, requestMetadata(request, access.userId));
        return { message: timesheetAnswers.rejected, position: positionText(position) };
      },
    );

    app.post(
      '/api/companies/:companyId/timesheets/:userId/:start/reopen',
      {
        config: { access: inCompany({ command: 'ReopenTimesheet', write: true }) },
        schema: { tags, summary: 'Reopen an approved timesheet with a reason (Admins only): its days are open to changes again', params: TheirPeriod, body: Reason, response: { 200: CommandResponse, ...errorResponses } },
      },
      async (request) => {
        const access = accessOf(request);
        const { userId, start } = request.params;
        const position = await timesheets.reopen(access, userId, start, request.body.reason, requestMetadata(request, access.userId));
        return { message: timesheetAnswers.reopened, position: positionText(position) };
      },
    );
  };
}
