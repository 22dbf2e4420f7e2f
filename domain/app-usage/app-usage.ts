import { type Actor, authorizeOwn } from '../members/authorization.ts';
import type { Decider } from '../shared/decider.ts';
import { conflict, invalid } from '../shared/errors.ts';
import { agentSession, trackerMessages, type TrackerState } from '../time-tracking/tracker.ts';
import { type AppUsageEvent, type AppUsageSample, MAX_APPLICATION_LENGTH } from './events.ts';

/** A batch covers at most this much time, so an agent sends one a minute. */
export const MAX_BATCH_SECONDS = 60;

export const appUsageMessages = {
  tooMuch: 'A batch holds at most a minute of samples.',
  outsideSession: 'The samples of a batch must lie within one timer session, between its start and its end (or now while it runs).',
  applicationInvalid: `Each sample needs an application name of at most ${MAX_APPLICATION_LENGTH} characters.`,
} as const;

/** A batch stream holds one event at most: once written, a replay of its batch id writes nothing. */
export interface AppUsageState {
  recorded: boolean;
}

export interface RecordAppUsage {
  type: 'RecordAppUsage';
  companyId: string;
  userId: string;
  actor: Actor;
  /** The stored batch id, derived from the agent's own id, its person and company. */
  batchId: string;
  samples: readonly AppUsageSample[];
}

export interface AppUsageContext {
  now: Date;
  /** The person's running session and those that ended lately, from their tracker stream. */
  tracker: Pick<TrackerState, 'running' | 'ended'>;
}

export const appUsage: Decider<RecordAppUsage, AppUsageEvent, AppUsageState, AppUsageContext> = {
  initialState: { recorded: false },

  evolve: () => ({ recorded: true }),

  decide(command, state, { now, tracker }) {
    const { companyId, userId, actor } = command;
    authorizeOwn(actor, 'RecordAppUsage', companyId, userId);
    if (state.recorded) return [];
    const total = command.samples.reduce((sum, sample) => sum + sample.seconds, 0);
    if (command.samples.length === 0 || total > MAX_BATCH_SECONDS) throw invalid(appUsageMessages.tooMuch);
    const samples = command.samples.map((sample) => ({ ...sample, application: sample.application.trim() }));
    if (samples.some((s) => s.application.length === 0 || s.application.length > MAX_APPLICATION_LENGTH)) throw invalid(appUsageMessages.applicationInvalid);
    // What an agent saw while offline counts in the session it saw it in, running or ended lately.
    const sessionOf = (sample: AppUsageSample) => agentSession(tracker, Date.parse(sample.start), Date.parse(sample.start) + sample.seconds * 1000, now);
    const session = sessionOf(samples[0]);
    if (!session) throw tracker.running ? invalid(appUsageMessages.outsideSession) : conflict(trackerMessages.noSession);
    if (!samples.every((sample) => sessionOf(sample)?.sessionId === session.sessionId)) throw invalid(appUsageMessages.outsideSession);
    const { sessionId, teamId, projectId, timeZone } = session;
    return [{ type: 'AppUsageRecorded', data: { companyId, userId, batchId: command.batchId, sessionId, teamId, projectId, timeZone, samples } }];
  },
};
