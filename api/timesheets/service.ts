import type { Kysely } from 'kysely';
import { companySettings } from '../../domain/settings/company-settings.ts';
import { companySettingsStream } from '../../domain/settings/events.ts';
import { BUSY_MESSAGE, conflict, notFound } from '../../domain/shared/errors.ts';
import { localDay, zoneOrFallback } from '../../domain/time-tracking/local-days.ts';
import type { TrackerState } from '../../domain/time-tracking/tracker.ts';
import { type PeriodTotals, timesheetStream, type TimesheetEvent } from '../../domain/timesheets/events.ts';
import { type Period, periodOf } from '../../domain/timesheets/periods.ts';
import { FiguresMovedError, timesheet, type TimesheetCommand, type TimesheetContext, timesheetMessages, type TimesheetState } from '../../domain/timesheets/timesheet.ts';
import { fold } from '../../domain/shared/decider.ts';
import { handleCommand, loadStream, toDomainEvent } from '../../eventstore/command-handler.ts';
import type { EventMetadata, EventStore } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import { requestDecider } from '../../projections/request-history/index.ts';
import { totalOf, unitFigures } from '../../projections/timelog/queries.ts';
import { approverNow, teamsNow } from '../access/deciding-now.ts';
import { type CompanyAccess, visiblePerson } from '../access/membership.ts';
import type { ReadModelWatcher } from '../live/read-model-watcher.ts';
import type { PeriodLocks } from './locks.ts';

export type TimesheetsService = ReturnType<typeof createTimesheetsService>;

/** Times an approval reads the period's figures again when its time changed meanwhile. */
const APPROVAL_ATTEMPTS = 3;

/**
 * Timesheets: a person submits a period, their approver (or an Admin)
 * approves or rejects it, an Admin reopens an approved one. Each decided on
 * the period's own stream; an approval on the period's figures read once the
 * read models include its latest change of time.
 */
export function createTimesheetsService({
  store,
  db,
  watcher,
  readTracker,
  locks,
  now,
}: {
  store: EventStore;
  db: Kysely<Database>;
  watcher: ReadModelWatcher;
  /** A person's tracker as its stream holds it (the time-tracking service's). */
  readTracker: (companyId: string, userId: string) => Promise<Pick<TrackerState, 'running'>>;
  /** Told of each timesheet written here, so that a timer start here meets an approval at once. */
  locks: PeriodLocks;
  now: () => Date;
}) {
  /** The period starting on `start` in the company's schedule as its stream holds it now; not found when none does. */
  async function periodStarting(companyId: string, start: string): Promise<Period> {
    const { state } = await loadStream(store, companySettingsStream(companyId), companySettings);
    const period = periodOf(state.timesheetPeriods, start);
    if (period.start !== start) throw notFound(timesheetMessages.noSuchPeriod);
    return period;
  }

  /** Whether the person's timer runs a session begun on or before the period's last day. */
  async function timerRunningIn(companyId: string, userId: string, period: Period): Promise<boolean> {
    const { running } = await readTracker(companyId, userId);
    return running !== null && localDay(running.startedAt, running.timeZone) <= period.end;
  }

  const run = async (access: CompanyAccess, userId: string, period: Period, command: TimesheetCommand, context: TimesheetContext, metadata: EventMetadata) => {
    const companyId = access.company.company_id;
    const streamId = timesheetStream(companyId, userId, period.start);
    const outcome = await handleCommand(store, streamId, timesheet, command, context, { ...metadata, companyId, userId });
    locks.written(streamId);
    return outcome;
  };

  const onTimesheet = (access: CompanyAccess, userId: string, period: Period) => ({
    companyId: access.company.company_id,
    userId,
    start: period.start,
    actor: access.actor,
    actorName: access.name,
  });

  /** Someone else's timesheet: the person must be one the caller sees (else not found, as for nobody), the period one that exists. */
  async function theirs(access: CompanyAccess, userId: string, start: string) {
    await visiblePerson(db, access, userId);
    return periodStarting(access.company.company_id, start);
  }

  /** The period's figures by the one accounting rule: what the dashboards and the time log show for these days. */
  async function figuresOf(companyId: string, userId: string, period: Period): Promise<PeriodTotals> {
    const total = totalOf(await unitFigures(db, companyId, { from: period.start, to: period.end }, { teams: null, userIds: [userId] }));
    return { trackedMinutes: total.trackedMinutes, manualMinutes: total.manualMinutes, idleMinutes: total.idleMinutes, earningsCents: total.earningsCents };
  }

  return {
    async submit(access: CompanyAccess, start: string, input: { note: string; approverId: string; timeZone: string | null }, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      const period = await periodStarting(companyId, start);
      const zone = input.timeZone ? zoneOrFallback(input.timeZone) : access.company.time_zone;
      const [approver, running] = await Promise.all([requestDecider(db, companyId, { teamsOf: access.userId }, input.approverId), timerRunningIn(companyId, access.userId, period)]);
      const context: TimesheetContext = {
        now: now(),
        period,
        submitting: {
          today: localDay(now().toISOString(), zone),
          timerRunningInPeriod: running,
          approver: (userId) => (approver?.userId === userId ? approver : undefined),
        },
      };
      const command: TimesheetCommand = { type: 'SubmitTimesheet', ...onTimesheet(access, access.userId, period), note: input.note, approverId: input.approverId };
      return (await run(access, access.userId, period, command, context, metadata)).position;
    },

    /**
     * Approves on the period's figures as the read models hold them once they
     * include its latest change of time (a change comes before its note in
     * the log); a change written meanwhile makes it read them again.
     */
    async approve(access: CompanyAccess, userId: string, start: string, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      const period = await theirs(access, userId, start);
      const personTeams = await teamsNow(store, companyId, userId);
      const actor = await approverNow(store, companyId, access.userId, personTeams);
      const streamId = timesheetStream(companyId, userId, period.start);
      for (let attempt = 1; ; attempt++) {
        const recorded = await store.readStream(streamId);
        const state: TimesheetState = fold(timesheet, recorded.map((event) => toDomainEvent<TimesheetEvent>(event)));
        const lastChange = recorded.findLast((event) => event.type === 'TimesheetTimeChanged')?.position;
        if (lastChange) {
          await watcher.waitFor(lastChange);
          if (!watcher.hasReached(lastChange)) throw conflict(BUSY_MESSAGE);
        }
        const [figures, timerRunningInPeriod] = await Promise.all([figuresOf(companyId, userId, period), timerRunningIn(companyId, userId, period)]);
        const context: TimesheetContext = { now: now(), period, personTeams, approving: { figures, afterChanges: state.changes, timerRunningInPeriod } };
        try {
          return (await run(access, userId, period, { type: 'ApproveTimesheet', ...onTimesheet(access, userId, period), actor }, context, metadata)).position;
        } catch (error) {
          if (!(error instanceof FiguresMovedError)) throw error;
          if (attempt === APPROVAL_ATTEMPTS) throw conflict(BUSY_MESSAGE);
        }
      }
    },

    async reject(access: CompanyAccess, userId: string, start: string, reason: string, metadata: EventMetadata) {
      const companyId = access.company.company_id;
      const period = await theirs(access, userId, start);
      const personTeams = await teamsNow(store, companyId, userId);
      const actor = await approverNow(store, companyId, access.userId, personTeams);
      const command: TimesheetCommand = { type: 'RejectTimesheet', ...onTimesheet(access, userId, period), actor, reason };
      return (await run(access, userId, period, command, { now: now(), period, personTeams }, metadata)).position;
    },

    async reopen(access: CompanyAccess, userId: string, start: string, reason: string, metadata: EventMetadata) {
      const period = await theirs(access, userId, start);
      const command: TimesheetCommand = { type: 'ReopenTimesheet', ...onTimesheet(access, userId, period), reason };
      return (await run(access, userId, period, command, { now: now(), period }, metadata)).position;
    },
  };
}
