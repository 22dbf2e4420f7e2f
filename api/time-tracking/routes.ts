import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { hoursAndMinutes } from '../../domain/accounting/time.ts';
import { TIMER_SOURCES } from '../../domain/time-tracking/events.ts';
import { punchStatus, trackerMessages } from '../../domain/time-tracking/tracker.ts';
import { accessOf, inCompany } from '../http/access.ts';
import type { ApiContext } from '../http/context.ts';
import { requestMetadata, positionText } from '../http/context.ts';
import { checkedRange, CompanyParams, Day, errorResponses, Id, LogPosition, Nullable, TaskId, Text, TimeZone } from '../http/schemas.ts';
import { timerStatus } from '../../projections/time-tracking/queries.ts';
import { figuresBy, timelogPieces, totalOf, unitFigures } from '../../projections/timelog/queries.ts';

const Session = Type.Object({
  sessionId: Type.String(),
  source: Type.Enum(TIMER_SOURCES),
  timeZone: Type.String(),
  startedAt: Type.String(),
  teamId: Type.String(),
  projectId: Type.String(),
  projectName: Type.String(),
  taskId: Type.String(),
  taskName: Type.String(),
  taskDetails: Type.String(),
});

const Entry = Type.Object({
  day: Type.String(),
  start: Type.String(),
  end: Type.String(),
  seconds: Type.Number(),
  idleMinutes: Type.Integer(),
  splitIndex: Type.Integer(),
  totalSplits: Type.Integer(),
});

/** How long a session ended for lack of heartbeats is told of. */
const ABANDONED_TOLD_FOR_MS = 7 * 86_400_000;

/** Browsers track as 'web'; the desktop agent signs in with an API token and tracks as 'desktop'. */
const sourceOf = (request: FastifyRequest) => (request.tokenUserId ? 'desktop' : 'web');

export function timerRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const { timeTracking } = context;
  const tags = ['timer and punch'];

  /** The spec's punch status (core §3): the day's last punch, 'punchin' or 'punchout', null before any today. */
  const punchView = ({ isPunchedIn, today }: ReturnType<typeof punchStatus>) => ({
    isPunchedIn,
    lastPunchinoutStatus: today && (today === 'in' ? ('punchin' as const) : ('punchout' as const)),
  });

  /**
   * From the read model: a client reads its own start or stop by sending the
   * command's position (x-read-after), as for every other page; the command's
   * own answer already carries what it did.
   */
  async function status(companyId: string, userId: string) {
    const now = context.now();
    const { running, punch, abandoned } = await timerStatus(context.db, companyId, userId, new Date(now.getTime() - ABANDONED_TOLD_FOR_MS));
    return {
      session: running,
      punch: punchView(punchStatus({ running, punch }, now)),
      abandoned,
      serverTime: now.toISOString(),
    };
  }

  const Status = Type.Object({
    session: Type.Union([Session, Type.Null()]),
    punch: Type.Object({ isPunchedIn: Type.Boolean(), lastPunchinoutStatus: Type.Union([Type.Literal('punchin'), Type.Literal('punchout'), Type.Null()]) }),
    abandoned: Type.Union([Type.Object({ sessionId: Type.String(), startedAt: Type.String(), endedAt: Type.String(), lastHeartbeatAt: Type.String() }), Type.Null()]),
    serverTime: Type.String(),
  });

  return async (app) => {
    app.get(
      '/api/time',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The server’s UTC time: clients show durations by this clock, not their own',
          response: { 200: Type.Object({ timestamp: Type.Number(), toUTCString: Type.String(), toISOString: Type.String() }) },
        },
      },
      async (_request, reply) => {
        const now = context.now();
        reply.header('cache-control', 'no-store');
        return { timestamp: now.getTime(), toUTCString: now.toUTCString(), toISOString: now.toISOString() };
      },
    );

    app.get(
      '/api/companies/:companyId/timer',
      { config: { access: inCompany() }, schema: { tags, summary: 'The caller’s running session, punch status and any session ended for lack of heartbeats', params: CompanyParams, response: { 200: Status, ...errorResponses } } },
      async (request) => {
        const access = accessOf(request);
        return status(access.company.company_id, access.userId);
      },
    );

    app.post(
      '/api/companies/:companyId/timer/start',
      {
        config: { access: inCompany({ command: 'StartTimer', write: true }), apiToken: true },
        schema: {
          tags,
          summary: 'Start the timer on a task assigned to the caller (send an Idempotency-Key; web or, with an API token, desktop)',
          params: CompanyParams,
          body: Type.Object({
            teamId: Id,
            projectId: Id,
            taskId: TaskId,
            taskDetails: Type.Optional(Text(2000)),
            timeZone: Type.Optional(Nullable(TimeZone)),
          }),
          response: { 200: Type.Object({ message: Type.String(), session: Type.Union([Session, Type.Null()]), position: LogPosition }), ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const body = request.body;
        const { position, session } = await timeTracking.start(
          access,
          { teamId: body.teamId, projectId: body.projectId, taskId: body.taskId, taskDetails: body.taskDetails ?? '', timeZone: body.timeZone ?? null },
          sourceOf(request),
          requestMetadata(request, access.userId),
        );
        return { message: trackerMessages.started, session, position: positionText(position) };
      },
    );

    app.post(
      '/api/companies/:companyId/timer/stop',
      {
        config: { access: inCompany({ command: 'StopTimer', write: true }), apiToken: true },
        schema: {
          tags,
          summary: 'Stop the timer and save its time log, split per local day',
          params: CompanyParams,
          body: Type.Optional(Type.Object({ sessionId: Type.Optional(Id) })),
          response: { 200: Type.Object({ message: Type.String(), splitMessage: Type.Union([Type.String(), Type.Null()]), entries: Type.Array(Entry), position: LogPosition }), ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { position, entries } = await timeTracking.stop(access, request.body?.sessionId, requestMetadata(request, access.userId));
        return {
          message: trackerMessages.stopped,
          splitMessage: entries.length > 1 ? trackerMessages.split(entries.length) : null,
          entries,
          position: positionText(position),
        };
      },
    );

    app.post(
      '/api/companies/:companyId/timer/cancel',
      {
        config: { access: inCompany({ command: 'CancelTimer', write: true }), apiToken: true },
        schema: { tags, summary: 'Cancel the running session without saving', params: CompanyParams, response: { 200: Type.Object({ message: Type.String(), position: LogPosition }), ...errorResponses } },
      },
      async (request) => {
        const access = accessOf(request);
        const { position } = await timeTracking.cancel(access, requestMetadata(request, access.userId));
        return { message: trackerMessages.cancelled, position: positionText(position) };
      },
    );

    app.post(
      '/api/companies/:companyId/timer/heartbeat',
      {
        config: { access: inCompany({ command: 'Heartbeat', write: true }), apiToken: true },
        schema: {
          tags,
          summary: 'The running client is alive (every 30 s); the desktop agent adds its idle minutes since the last beat',
          params: CompanyParams,
          body: Type.Object({ sessionId: Id, idleMinutes: Type.Optional(Type.Number({ minimum: 0, maximum: 60 })) }),
          response: { 200: Type.Object({ serverTime: Type.String() }), ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        await timeTracking.heartbeat(access, request.body.sessionId, request.body.idleMinutes ?? 0, requestMetadata(request, access.userId));
        return { serverTime: context.now().toISOString() };
      },
    );

    for (const direction of ['in', 'out'] as const) {
      app.post(
        `/api/companies/:companyId/punch/${direction}`,
        {
          config: { access: inCompany({ command: direction === 'in' ? 'PunchIn' : 'PunchOut', write: true }), apiToken: true },
          schema: {
            tags,
            summary: direction === 'in' ? 'Punch in' : 'Punch out (refused while the timer runs)',
            params: CompanyParams,
            body: Type.Optional(Type.Object({ timeZone: Type.Optional(Nullable(TimeZone)) })),
            response: { 200: Type.Object({ message: Type.String(), position: LogPosition }), ...errorResponses },
          },
        },
        async (request) => {
          const access = accessOf(request);
          const { position } = await timeTracking.punch(access, direction, request.body?.timeZone ?? null, requestMetadata(request, access.userId));
          return { message: direction === 'in' ? trackerMessages.punchedIn : trackerMessages.punchedOut, position: positionText(position) };
        },
      );
    }

    app.get(
      '/api/companies/:companyId/timelogs',
      {
        config: { access: inCompany() },
        schema: {
          tags,
          summary: 'The caller’s time log entries and daily totals between two local days (at most 366), as every page shows them',
          params: CompanyParams,
          querystring: Type.Object({ from: Day, to: Day }),
          response: {
            200: Type.Object({
              entries: Type.Array(
                Type.Object({
                  day: Type.String(),
                  sessionId: Type.String(),
                  splitIndex: Type.Integer(),
                  totalSplits: Type.Integer(),
                  ratePart: Type.Integer(),
                  start: Type.String(),
                  end: Type.String(),
                  taskHours: Type.Integer(),
                  taskMinutes: Type.Integer(),
                  idleMinutes: Type.Integer(),
                  rateCents: Type.Integer(),
                  earningsCents: Type.Integer(),
                  projectId: Type.String(),
                  projectName: Type.String(),
                  taskId: Type.String(),
                  taskName: Type.String(),
                  taskDetails: Type.String(),
                  timeZone: Type.String(),
                  source: Type.String(),
                }),
              ),
              days: Type.Array(
                Type.Object({
                  day: Type.String(),
                  totalMinutes: Type.Integer(),
                  idleMinutes: Type.Integer(),
                  unproductiveMinutes: Type.Integer(),
                  productiveMinutes: Type.Integer(),
                  earningsCents: Type.Integer(),
                }),
              ),
            }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const range = checkedRange(request.query);
        const companyId = access.company.company_id;
        const [entries, units] = await Promise.all([
          timelogPieces(context.db, companyId, access.userId, range).execute(),
          unitFigures(context.db, companyId, range, { teams: null, userIds: [access.userId] }),
        ]);
        return {
          entries: entries.map((e) => {
            const { hours, minutes } = hoursAndMinutes(e.tracked_minutes);
            return {
              day: e.day,
              sessionId: e.session_id,
              splitIndex: e.split_index,
              totalSplits: e.total_splits,
              ratePart: e.rate_part,
              start: e.start_at.toISOString(),
              end: e.end_at.toISOString(),
              taskHours: hours,
              taskMinutes: minutes,
              idleMinutes: e.idle_minutes,
              rateCents: e.rate_cents,
              earningsCents: Number(e.earnings_cents),
              projectId: e.project_id,
              projectName: e.project_name,
              taskId: e.task_id,
              taskName: e.task_name,
              taskDetails: e.task_details,
              timeZone: e.time_zone,
              source: e.source,
            };
          }),
          days: [...figuresBy(units, (unit) => unit.day)]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([day, of]) => {
              const total = totalOf(of);
              return {
                day,
                totalMinutes: total.trackedMinutes,
                idleMinutes: total.idleMinutes,
                unproductiveMinutes: total.unproductiveMinutes,
                productiveMinutes: total.productiveMinutes,
                earningsCents: total.earningsCents,
              };
            }),
        };
      },
    );
  };
}
