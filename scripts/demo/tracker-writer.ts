import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CompanyAccess } from '../../api/access/membership.ts';
import { recordBeat } from '../../api/time-tracking/abandoned-sessions.ts';
import type { Decider, DomainEvent } from '../../domain/shared/decider.ts';
import { type HeartbeatEvent, type TimerSource, timerSessionStream, type TrackerEvent, trackerStream } from '../../domain/time-tracking/events.ts';
import { sessionBeats } from '../../domain/time-tracking/session-beats.ts';
import { type Heartbeat, type RunningSession, tracker, type TrackerCommand, type TrackerState } from '../../domain/time-tracking/tracker.ts';
import { type CommandResult, handleCommands, StreamStateCache, type Submission } from '../../eventstore/command-handler.ts';
import type { EventMetadata, EventStore, LogPosition } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import type { IdleBeat } from './schedule.ts';

/** A command and the moment it is decided at (epoch ms). */
export interface Timed<Command> {
  command: Command;
  at: number;
}

/**
 * The decider deciding each command at a moment of its own: a stretch of
 * someone's punches and sessions, decided in order as they happened, goes
 * in one append (handleCommands).
 */
export function atTheirMoments<Command, Event extends DomainEvent, State, Context extends { now: Date }>(
  decider: Decider<Command, Event, State, Context>,
  context: Omit<Context, 'now'>,
): Decider<Timed<Command>, Event, State, undefined> {
  return {
    initialState: decider.initialState,
    evolve: decider.evolve,
    decide: ({ command, at }, state) => decider.decide(command, state, { ...context, now: new Date(at) } as Context),
  };
}

/** What a session is on, as the start command names it. */
export interface SessionTask {
  teamId: string;
  projectId: string;
  projectName: string;
  taskId: string;
  taskName: string;
  taskDetails: string;
}

/** The answers of a group of commands: their events, or the first refusal thrown. */
function outcomes<Event extends DomainEvent>(settled: PromiseSettledResult<CommandResult<Event>>[]): CommandResult<Event>[] {
  const refused = settled.find((outcome) => outcome.status === 'rejected');
  if (refused) throw refused.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<CommandResult<Event>>).value);
}

/**
 * One person's punches and timer, through the tracker's decider, in batches:
 * commands are queued and written together on `flush` (one append for a
 * stretch of work). A session with idle beats is written in three appends, as
 * the beats go on its own stream between its start and stop: before its
 * start, the demo records a beat in timer_liveness at the real now, as the
 * live device sending that session, so a running server's sweep never takes
 * it for abandoned.
 */
export function trackerWriter({
  store,
  db,
  access,
  zone,
  source,
  isAssignedOpenTask,
  metadata,
  wrote,
}: {
  store: EventStore;
  db: Kysely<Database>;
  access: CompanyAccess;
  zone: string;
  source: TimerSource;
  isAssignedOpenTask: (projectId: string, taskId: string) => boolean;
  metadata: EventMetadata;
  wrote: (position: LogPosition | null) => void;
}) {
  const companyId = access.company.company_id;
  const { userId, actor } = access;
  const stream = trackerStream(companyId, userId);
  const decider = atTheirMoments(tracker, { isAssignedOpenTask });
  const cache = new StreamStateCache<TrackerState, TrackerEvent>(1);
  let queued: Submission<Timed<TrackerCommand>>[] = [];

  const stamped = (at: number): EventMetadata => ({ ...metadata, companyId, userId, decidedAt: new Date(at).toISOString() });
  const queue = (command: TrackerCommand, at: number) => queued.push({ command: { command, at }, metadata: stamped(at) });
  const alive = (sessionId: string) => recordBeat(db, { sessionId, companyId, userId, at: new Date() });

  async function flush(): Promise<TrackerEvent[]> {
    if (queued.length === 0) return [];
    const submissions = queued;
    queued = [];
    const written = outcomes(await handleCommands(store, stream, decider, submissions, undefined, cache));
    for (const { position } of written) wrote(position);
    return written.flatMap(({ events }) => events);
  }

  const start = (sessionId: string, task: SessionTask, at: number) =>
    queue({ type: 'StartTimer', companyId, userId, actor, sessionId, source, timeZone: zone, ...task }, at);

  /** The idle beats of a running session, in one append on its stream; the heartbeats its stop carries. */
  async function idleBeats(running: RunningSession, beats: readonly IdleBeat[]): Promise<Heartbeat[]> {
    const submissions = beats.map(({ at, minutes }) => ({
      command: { command: { type: 'RecordHeartbeat' as const, companyId, userId, actor, sessionId: running.sessionId, idleMinutes: minutes }, at },
      metadata: stamped(at),
    }));
    const written = outcomes(await handleCommands(store, timerSessionStream(running.sessionId), atTheirMoments(sessionBeats, { running }), submissions, undefined));
    for (const { position } of written) wrote(position);
    return written.flatMap(({ events }) => events.map((event: HeartbeatEvent) => ({ at: event.data.at, idleMinutes: event.data.idleMinutes })));
  }

  /** The session just started, as the tracker holds it. */
  const runningOf = (events: TrackerEvent[], sessionId: string): RunningSession => {
    const started = events.find((event) => event.type === 'TimerStarted' && event.data.sessionId === sessionId);
    if (started?.type !== 'TimerStarted') throw new Error(`Session ${sessionId} did not start`);
    const { companyId: _c, userId: _u, ...session } = started.data;
    return session;
  };

  return {
    punch(direction: 'in' | 'out', at: number) {
      queue({ type: direction === 'in' ? 'PunchIn' : 'PunchOut', companyId, userId, actor, timeZone: zone }, at);
    },

    /** A session from `startAt` to `endAt` with its idle beats; returns its id. */
    async session(task: SessionTask, { startAt, endAt, idle }: { startAt: number; endAt: number; idle: readonly IdleBeat[] }): Promise<string> {
      const sessionId = randomUUID();
      start(sessionId, task, startAt);
      let heartbeats: Heartbeat[] = [];
      if (idle.length > 0) {
        await alive(sessionId);
        heartbeats = await idleBeats(runningOf(await flush(), sessionId), idle);
      }
      queue({ type: 'StopTimer', companyId, userId, actor, sessionId, heartbeats }, endAt);
      return sessionId;
    },

    /** A session started at `startAt` and running now, alive as of now; returns its id. */
    async running(task: SessionTask, startAt: number): Promise<string> {
      const sessionId = randomUUID();
      start(sessionId, task, startAt);
      await alive(sessionId);
      await flush();
      return sessionId;
    },

    flush,
  };
}

export type TrackerWriter = ReturnType<typeof trackerWriter>;
