import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PunchPair } from '../../domain/attendance/views.ts';
import { DAY_STATUSES } from '../../domain/attendance/day-status.ts';
import { MAX_NOTE_LENGTH } from '../../domain/timesheets/limits.ts';
import { TIMESHEET_STATUSES } from '../../domain/timesheets/timesheet.ts';
import { accessOf, inCompany } from '../http/access.ts';
import { type ApiContext, positionText, requestMetadata } from '../http/context.ts';
import { checkedRange, CommandResponse, Day, errorResponses, Id, Nullable, PickedId, Text, TimeZone } from '../http/schemas.ts';
import { visiblePerson } from '../access/membership.ts';
import { timesheetsOf } from '../../projections/timesheets/queries.ts';
import { timesheetDecisionLimit } from './limits.ts';

export const timesheetAnswers = {
  submitted: 'Timesheet submitted for approval',
  approved: 'Timesheet approved',
  rejected: 'Timesheet rejected',
  reopened: 'Timesheet reopened',
  approvedMany: (approved: number, of: number) => (approved === of ? `${of} ${of === 1 ? 'timesheet' : 'timesheets'} approved` : `${approved} of ${of} timesheets approved`),
} as const;

/** Timesheets one bulk approval takes: a page of the approvals list. */
export const MAX_BULK_APPROVALS = 200;

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

  const Figures = Type.Object({ trackedMinutes: Type.Integer(), manualMinutes: Type.Integer(), idleMinutes: Type.Integer(), earningsCents: Type.Integer() });
  const Sheet = Type.Object({
    person: Type.Object({ userId: Type.String(), name: Type.String(), timeZone: Type.String() }),
    period: Type.Object({ start: Type.String(), end: Type.String() }),
    today: Type.String(),
    previousStart: Nullable(Type.String()),
    /** Null once the next period has not begun for the person. */
    nextStart: Nullable(Type.String()),
    status: Type.Union(TIMESHEET_STATUSES.map((status) => Type.Literal(status))),
    approver: Nullable(Type.Object({ userId: Type.String(), name: Type.String() })),
    note: Type.String(),
    reason: Nullable(Type.String()),
    approvedTotals: Nullable(Totals),
    updatedAt: Nullable(Type.String()),
    updatedBy: Nullable(Type.String()),
    /** Whether one's own timer runs a session begun in the period (always false for someone else's sheet). */
    timerRunning: Type.Boolean(),
    totals: Figures,
    days: Type.Array(
      Type.Object({
        day: Type.String(),
        status: Type.Union(DAY_STATUSES.map((status) => Type.Literal(status))),
        /** The zone the day's punches were recorded in; null on a day without. */
        timeZone: Nullable(Type.String()),
        pairs: Type.Array(PunchPair),
        missingPunchOut: Type.Boolean(),
        punchedMinutes: Type.Integer(),
        ...Figures.properties,
      }),
    ),
    rows: Type.Array(
      Type.Object({
        projectId: Type.String(),
        projectName: Type.String(),
        taskId: Type.String(),
        taskName: Type.String(),
        /** Minutes on each of the period's days, in order. */
        minutes: Type.Array(Type.Integer()),
        totalMinutes: Type.Integer(),
      }),
    ),
  });

  const Approval = Type.Object({
    person: Type.Object({ userId: Type.String(), name: Type.String(), email: Type.String() }),
    status: Sheet.properties.status,
    approver: Sheet.properties.approver,
    note: Type.String(),
    reason: Nullable(Type.String()),
    updatedAt: Nullable(Type.String()),
    totals: Figures,
    approvedTotals: Nullable(Totals),
  });

  return async (app) => {
    app.get(
      '/api/companies/:companyId/timesheets',
      {
        config: { access: inCompany({ page: '/timesheets' }) },
        schema: {
          tags,
          summary: 'The timesheets of the period holding `day` of everyone the caller may approve (of one team, of one status when asked), with their figures; by default the latest period that has ended',
          params: Type.Object({ companyId: Id }),
          querystring: Type.Object({ day: Type.Optional(Day), teamId: Type.Optional(Id), status: Type.Optional(Sheet.properties.status) }),
          response: {
            200: Type.Object({ period: Sheet.properties.period, previousStart: Nullable(Type.String()), nextStart: Nullable(Type.String()), rows: Type.Array(Approval) }),
            ...errorResponses,
          },
        },
      },
      async (request) => timesheets.approvals(accessOf(request), request.query),
    );

    app.post(
      '/api/companies/:companyId/timesheets/approve',
      {
        config: { access: inCompany({ command: 'ApproveTimesheet', write: true }) },
        schema: {
          tags,
          summary: 'Approve several submitted timesheets at once: each approved or refused with its reason, as one approval would be',
          params: Type.Object({ companyId: Id }),
          body: Type.Object({ timesheets: Type.Array(Type.Object({ userId: Id, start: Day }), { minItems: 1, maxItems: MAX_BULK_APPROVALS }) }),
          response: {
            200: Type.Object({
              message: Type.String(),
              position: Nullable(Type.String()),
              results: Type.Array(Type.Object({ userId: Type.String(), start: Type.String(), approved: Type.Boolean(), message: Nullable(Type.String()) })),
            }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const access = accessOf(request);
        await context.allowances.take(timesheetDecisionLimit, access.userId, request.body.timesheets.length);
        const { results, position } = await timesheets.approveMany(access, request.body.timesheets, requestMetadata(request, access.userId));
        const approved = results.filter((result) => result.approved).length;
        return { message: timesheetAnswers.approvedMany(approved, results.length), position: positionText(position), results };
      },
    );

    app.get(
      '/api/companies/:companyId/timesheets/:userId/sheet',
      {
        config: { access: inCompany() },
        schema: {
          tags,
          summary: 'A person’s timesheet of the period holding `day` (their local today when none): status, days with punches and leave, time by project and task, totals',
          params: Type.Object({ companyId: Id, userId: Id }),
          querystring: Type.Object({ day: Type.Optional(Day) }),
          response: { 200: Sheet, ...errorResponses },
        },
      },
      async (request) => timesheets.sheet(accessOf(request), request.params.userId, request.query.day),
    );

    app.get(
      '/api/companies/:companyId/timesheets/:userId/:start/history',
      {
        config: { access: inCompany() },
        schema: {
          tags,
          summary: 'What happened to a person’s timesheet of a period, oldest first: submissions, answers, reopenings and moves, each with who and when',
          params: TheirPeriod,
          response: {
            200: Type.Array(
              Type.Object({
                action: Type.Union(['Submitted', 'Approved', 'Rejected', 'Reopened', 'Moved'].map((action) => Type.Literal(action))),
                at: Type.String(),
                by: Type.Object({ userId: Nullable(Type.String()), name: Type.String() }),
                note: Nullable(Type.String()),
                reason: Nullable(Type.String()),
                approver: Sheet.properties.approver,
                totals: Nullable(Totals),
              }),
            ),
            ...errorResponses,
          },
        },
      },
      async (request) => timesheets.history(accessOf(request), request.params.userId, request.params.start),
    );

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
        await context.allowances.take(timesheetDecisionLimit, access.userId);
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
        await context.allowances.take(timesheetDecisionLimit, access.userId);
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
        await context.allowances.take(timesheetDecisionLimit, access.userId);
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
        await context.allowances.take(timesheetDecisionLimit, access.userId);
        const { userId, start } = request.params;
        const position = await timesheets.reopen(access, userId, start, request.body.reason, requestMetadata(request, access.userId));
        return { message: timesheetAnswers.reopened, position: positionText(position) };
      },
    );
  };
}
