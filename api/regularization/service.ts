import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { type RegularizationEvent, regularizationStream } from '../../domain/regularization/events.ts';
import {
  type LoggedTime,
  regularization,
  type RegularizationCommand,
  type RegularizationContext,
  type RegularizationForm,
  regularizationMessages,
  type RegularizationState,
} from '../../domain/regularization/regularization.ts';
import { localDaySpan } from '../../domain/regularization/time-span.ts';
import { isCalendarDay } from '../../domain/shared/calendar-day.ts';
import { notFound } from '../../domain/shared/errors.ts';
import { isTimeZone } from '../../domain/time-tracking/local-days.ts';
import { handleCommand, loadStream, StreamStateCache, uuidFrom } from '../../eventstore/command-handler.ts';
import type { EventMetadata, EventStore } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import { liveProject, loggableTask, timerTimeWithin, visibleRegularizationRequest } from '../../projections/regularization/queries.ts';
import { requestDecider } from '../../projections/request-history/index.ts';
import type { CompanyAccess } from '../access/membership.ts';
import { approverNow } from '../access/deciding-now.ts';
import { createPeriodLocks, type PeriodLocks } from '../timesheets/locks.ts';

/** A time log entry is filed under the local day of its own zone: up to two days from the request's. */
const FILED_DAYS_APART = 2;

/** The facts of a command that needs none (deleting, declining, moving a request). */
export const noFacts = (now: Date): RegularizationContext => ({
  now,
  logged: null,
  project: () => undefined,
  task: () => undefined,
  assignee: () => undefined,
  inTeam: () => false,
});

/** The requester's timer time around one of their local days; none for a date that is no date (the decider refuses it first). */
async function loggedTime(db: Kysely<Database>, companyId: string, userId: string, date: string, timeZone: string): Promise<LoggedTime> {
  if (!isCalendarDay(date)) return { date, timeZone, spans: [] };
  const day = Temporal.PlainDate.from(date);
  const days = { from: day.subtract({ days: FILED_DAYS_APART }).toString(), to: day.add({ days: FILED_DAYS_APART }).toString() };
  return { date, timeZone, spans: await timerTimeWithin(db, companyId, userId, days, localDaySpan(date, timeZone)) };
}

/** The form's command fields, by name: nothing else a caller sends reaches a command. */
export type RegularizationInput = RegularizationForm & { timeZone: string | null };

/** The requester's stream as one API request has read it. */
type Seen = StreamStateCache<RegularizationState, RegularizationEvent>;

export type RegularizationService = ReturnType<typeof createRegularizationService>;

export function createRegularizationService({
  store,
  db,
  now,
  locks = createPeriodLocks({ store, now }),
}: {
  store: EventStore;
  db: Kysely<Database>;
  now: () => Date;
  /** The lock of approved periods: approved manual time is written on unlocked days only, and asked for on them only. */
  locks?: PeriodLocks;
}) {
  /** The zone the browser sent, else the company's: the requester's days and today are there. */
  const zoneOf = (access: CompanyAccess, timeZone: string | null) => (timeZone && isTimeZone(timeZone) ? timeZone : access.company.time_zone);

  /** The facts a form is checked against, looked up for the request's team and day. */
  async function formFacts(access: CompanyAccess, requesterId: string, teamId: string, form: RegularizationForm, timeZone: string, at: Date): Promise<RegularizationContext> {
    const companyId = access.company.company_id;
    const [project, task, assignee, logged] = await Promise.all([
      form.projectId ? liveProject(db, companyId, form.projectId) : undefined,
      form.projectId && form.taskId ? loggableTask(db, companyId, requesterId, form.projectId, form.taskId) : undefined,
      teamId && form.assigneeId ? requestDecider(db, companyId, { teamId }, form.assigneeId) : undefined,
      loggedTime(db, companyId, requesterId, form.date, timeZone),
    ]);
    return {
      now: at,
      logged,
      project: (id) => (id === form.projectId ? project : undefined),
      task: (projectId, taskId) => (projectId === form.projectId && taskId === form.taskId ? task : undefined),
      assignee: (userId) => (assignee?.userId === userId ? assignee : undefined),
      inTeam: (id) => access.teamRoles.has(id),
    };
  }

  /** `seen`: the stream as this request already read it (storedRequest), so it is not read again. */
  const run = (access: CompanyAccess, requesterId: string, command: RegularizationCommand, context: RegularizationContext, metadata: EventMetadata, seen?: Seen) => {
    const companyId = access.company.company_id;
    const guard = locks.guard<RegularizationEvent>(companyId, requesterId, command.type, (events) =>
      events.flatMap((event) => (event.type === 'RegularizationApproved' ? event.data.entries.map((entry) => entry.day) : [])),
    );
    return handleCommand(store, regularizationStream(companyId, requesterId), regularization, command, context, { ...metadata, companyId, userId: access.userId }, seen, guard);
  };

  const onStream = (access: CompanyAccess, userId: string, requestId: string) => ({
    companyId: access.company.company_id,
    userId,
    requestId,
    actor: access.actor,
    actorName: access.name,
  });

  /** A request the caller may see, and its requester; otherwise not found, as for one that does not exist. */
  async function requesterOf(access: CompanyAccess, requestId: string): Promise<string> {
    const found = await visibleRegularizationRequest(db, access.actor, requestId);
    if (!found) throw notFound(regularizationMessages.notFound);
    return found.requesterId;
  }

  /** The request as its stream holds it now (the read model may lag behind an edit). */
  async function storedRequest(companyId: string, requesterId: string, requestId: string, seen: Seen) {
    const { state } = await loadStream(store, regularizationStream(companyId, requesterId), regularization, seen);
    const request = state.requests.get(requestId);
    if (!request) throw notFound(regularizationMessages.notFound);
    return request;
  }

  return {
    async submit(access: CompanyAccess, teamId: string, input: RegularizationInput, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      // Derived from the key and the requester: a retried request is the same request.
      const requestId = metadata.commandId ? uuidFrom(`regularization:${companyId}:${access.userId}:${metadata.commandId}`) : randomUUID();
      const { timeZone, ...form } = input;
      const zone = zoneOf(access, timeZone);
      if (isCalendarDay(form.date)) await locks.refuseIfLocked(companyId, access.userId, form.date);
      const context = await formFacts(access, access.userId, teamId, form, zone, now());
      const command: RegularizationCommand = { type: 'SubmitRegularization', ...onStream(access, access.userId, requestId), teamId, timeZone: zone, form };
      const { position } = await run(access, access.userId, command, context, metadata);
      return { requestId, position };
    },

    async edit(access: CompanyAccess, requestId: string, input: RegularizationInput, metadata: EventMetadata) {
      const requesterId = await requesterOf(access, requestId);
      const seen: Seen = new StreamStateCache();
      const { teamId } = await storedRequest(access.company.company_id, requesterId, requestId, seen);
      const { timeZone, ...form } = input;
      const zone = zoneOf(access, timeZone);
      if (isCalendarDay(form.date)) await locks.refuseIfLocked(access.company.company_id, requesterId, form.date);
      const context = await formFacts(access, requesterId, teamId, form, zone, now());
      const command: RegularizationCommand = { type: 'EditRegularization', ...onStream(access, requesterId, requestId), timeZone: zone, form };
      return (await run(access, requesterId, command, context, metadata, seen)).position;
    },

    async remove(access: CompanyAccess, requestId: string, metadata: EventMetadata) {
      const requesterId = await requesterOf(access, requestId);
      return (await run(access, requesterId, { type: 'DeleteRegularization', ...onStream(access, requesterId, requestId) }, noFacts(now()), metadata)).position;
    },

    /**
     * The approver's rights over the request's team are those of this moment
     * (see deciding-now.ts); approving also checks the request against the
     * time log of its day.
     */
    async process(access: CompanyAccess, requestId: string, answer: 'ApproveRegularization' | 'DeclineRegularization', comment: string, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      const requesterId = await requesterOf(access, requestId);
      const seen: Seen = new StreamStateCache();
      const { teamId, date, timeZone } = await storedRequest(companyId, requesterId, requestId, seen);
      const [logged, actor] = await Promise.all([
        answer === 'ApproveRegularization' ? loggedTime(db, companyId, requesterId, date, timeZone) : null,
        approverNow(store, companyId, access.userId, [teamId]),
      ]);
      const command: RegularizationCommand = { type: answer, ...onStream(access, requesterId, requestId), actor, comment };
      return (await run(access, requesterId, command, { ...noFacts(now()), logged }, metadata, seen)).position;
    },
  };
}
