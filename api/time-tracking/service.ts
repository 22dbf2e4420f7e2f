import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type HeartbeatEvent, timerSessionStream, trackerStream, type TimerSource, type TrackerEvent } from '../../domain/time-tracking/events.ts';
import { acceptedIdleMinutes, type RecordHeartbeat, sessionBeats, type SessionBeatsState } from '../../domain/time-tracking/session-beats.ts';
import { tracker, type TrackerCommand, trackerMessages, type TrackerState } from '../../domain/time-tracking/tracker.ts';
import { invalid } from '../../domain/shared/errors.ts';
import { handleCommand, loadStream, StreamStateCache, uuidFrom } from '../../eventstore/command-handler.ts';
import type { EventMetadata, EventStore } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import type { CompanyAccess } from '../access/membership.ts';
import type { ReadModelCache } from '../live/read-model-cache.ts';
import { recordBeat, sessionHeartbeats } from './abandoned-sessions.ts';
import { localDay, zoneOrFallback } from '../../domain/time-tracking/local-days.ts';
import { createPeriodLocks, type PeriodLocks } from '../timesheets/locks.ts';

export type TimeTrackingService = ReturnType<typeof createTimeTrackingService>;

/** The tables a timer's task is read from: a change to any of them clears the cached tasks. */
export const TIMER_TASK_TABLES = ['tasks', 'projects'] as const;

export type TimerTaskRow = NonNullable<Awaited<ReturnType<typeof loadTask>>>;

function loadTask(db: Kysely<Database>, companyId: string, projectId: string, taskId: string) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('projects as p', 'p.project_id', 't.project_id')
    .select(['t.title', 't.status', 't.assignee_id', 'p.name as project_name'])
    .where('t.company_id', '=', companyId)
    .where('t.task_id', '=', taskId)
    .where('t.project_id', '=', projectId)
    .where('t.deleted', '=', false)
    .where('p.deleted', '=', false)
    .executeTakeFirst();
}

/**
 * The local days on which a tracker event changes time: the days a stopped
 * session's saved entries fall on, a punch's day. Starting a session saves
 * no time (the start is checked on its own, see start), nor does a cancel.
 */
function daysChangedBy(event: TrackerEvent): string[] {
  switch (event.type) {
    case 'TimerStarted':
    case 'TimerCancelled':
      return [];
    case 'TimerStopped':
    case 'TimerAbandoned':
      return event.data.entries.map((entry) => entry.day);
    case 'PunchedIn':
    case 'PunchedOut':
      return [event.data.day];
  }
}

export function createTimeTrackingService({
  store,
  db,
  tasks,
  now = () => new Date(),
  locks = createPeriodLocks({ store, now }),
}: {
  store: EventStore;
  db: Kysely<Database>;
  /** Tasks by "companyId:projectId:taskId", as the start command checks them. */
  tasks: ReadModelCache<TimerTaskRow>;
  now?: () => Date;
  /** The lock of approved periods; shared with the timesheets' service, which tells it of approvals. */
  locks?: PeriodLocks;
}) {
  // Trackers grow by a few events a day for years; their folded state stays in memory.
  const trackers = new StreamStateCache<TrackerState, TrackerEvent>();
  // A running session's idle beats, so that the next one costs one append.
  const beats = new StreamStateCache<SessionBeatsState, HeartbeatEvent>(2_000);


  /** Every command on the tracker is checked against the person's approved periods, on the days its events change. */
  const run = (companyId: string, userId: string, command: TrackerCommand, metadata: EventMetadata, isAssignedOpenTask = () => false) =>
    handleCommand(
      store,
      trackerStream(companyId, userId),
      tracker,
      command,
      { now: now(), isAssignedOpenTask },
      { ...metadata, companyId, userId },
      trackers,
      // A start or a cancel saves no time: no guard, so they never wait for the person's other changes of time.
      command.type === 'StartTimer' || command.type === 'CancelTimer' ? undefined : locks.guard(companyId, userId, command.type, (events) => events.flatMap(daysChangedBy)),
    );

  /** The tracker as its stream stands now. */
  const readTracker = async (companyId: string, userId: string) => (await loadStream(store, trackerStream(companyId, userId), tracker, trackers)).state;

  const runningSession = async (companyId: string, userId: string) => (await readTracker(companyId, userId)).running;

  return {
    async start(
      access: CompanyAccess,
      input: { teamId: string; projectId: string; taskId: string; taskDetails: string; timeZone: string | null },
      source: TimerSource,
      metadata: EventMetadata,
    ) {
      const companyId = access.company.company_id;
      if (!access.teamRoles.has(input.teamId)) throw invalid(trackerMessages.needTeam);
      const task = await tasks.get(`${companyId}:${input.projectId}:${input.taskId}`, () => loadTask(db, companyId, input.projectId, input.taskId));
      if (!task) throw invalid(trackerMessages.selectProjectAndTask);
      // Its time would be saved on a locked day, and its stop refused.
      await locks.refuseIfLocked(companyId, access.userId, localDay(now().toISOString(), zoneOrFallback(input.timeZone)));
      const sessionId = metadata.commandId ? uuidFrom(`session:${companyId}:${access.userId}:${metadata.commandId}`) : randomUUID();
      const isAssignedOpenTask = () => task.assignee_id === access.userId && task.status !== 'DONE';
      const { position, events } = await run(
        companyId,
        access.userId,
        {
          type: 'StartTimer',
          companyId,
          userId: access.userId,
          actor: access.actor,
          sessionId,
          source,
          timeZone: input.timeZone,
          teamId: input.teamId,
          projectId: input.projectId,
          projectName: task.project_name,
          taskId: input.taskId,
          taskName: task.title,
          taskDetails: input.taskDetails ?? '',
        },
        metadata,
        isAssignedOpenTask,
      );
      const started = events.find((e) => e.type === 'TimerStarted');
      if (started?.type !== 'TimerStarted') return { position, session: await runningSession(companyId, access.userId) };
      const { companyId: _c, userId: _u, ...session } = started.data;
      return { position, session };
    },

    async stop(access: CompanyAccess, sessionId: string | undefined, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      const running = await runningSession(companyId, access.userId);
      // Without a running session the decider refuses, unless this is a retry: the command handler answers it as the first time.
      const heartbeats = running ? await sessionHeartbeats(store, running.sessionId) : [];
      const outcome = await run(companyId, access.userId, { type: 'StopTimer', companyId, userId: access.userId, actor: access.actor, sessionId, heartbeats }, metadata);
      const stopped = outcome.events.find((e) => e.type === 'TimerStopped');
      const entries = stopped?.type === 'TimerStopped' ? stopped.data.entries : [];
      return { position: outcome.position, entries };
    },

    async cancel(access: CompanyAccess, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      return run(companyId, access.userId, { type: 'CancelTimer', companyId, userId: access.userId, actor: access.actor }, metadata);
    },

    /**
     * Records that the client is alive, in timer_liveness. A beat from the desktop
     * agent with idle minutes since the last one is also an event on the session's
     * stream (the time log needs it); a plain beat is none, so it runs the
     * decider's check alone.
     */
    async heartbeat(access: CompanyAccess, sessionId: string, idleMinutes: number, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      const command: RecordHeartbeat = { type: 'RecordHeartbeat', companyId, userId: access.userId, actor: access.actor, sessionId, idleMinutes };
      const running = await runningSession(companyId, access.userId);
      const idle = acceptedIdleMinutes(command, running);
      const at = now();
      await recordBeat(db, { sessionId, companyId, userId: access.userId, at });
      if (idle === 0) return null;
      // The event's id comes from the Idempotency-Key and the session's stream: the same key on another session is another beat.
      const { position } = await handleCommand(
        store,
        timerSessionStream(sessionId),
        sessionBeats,
        command,
        { now: at, running },
        { ...metadata, companyId, userId: access.userId },
        beats,
      );
      return position;
    },

    async punch(access: CompanyAccess, direction: 'in' | 'out', timeZone: string | null, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      const command: TrackerCommand = { type: direction === 'in' ? 'PunchIn' : 'PunchOut', companyId, userId: access.userId, actor: access.actor, timeZone };
      return run(companyId, access.userId, command, metadata);
    },

    readTracker,
  };
}
