import type { Kysely } from 'kysely';
import { companySettings } from '../../domain/settings/company-settings.ts';
import { companySettingsStream } from '../../domain/settings/events.ts';
import { BUSY_MESSAGE, conflict, DomainError, invalid, notFound } from '../../domain/shared/errors.ts';
import { localDay, zoneOrFallback } from '../../domain/time-tracking/local-days.ts';
import type { TrackerState } from '../../domain/time-tracking/tracker.ts';
import { type PeriodTotals, timesheetStream, type TimesheetEvent } from '../../domain/timesheets/events.ts';
import { daysOf, nextPeriod, type Period, periodOf, previousPeriod } from '../../domain/timesheets/periods.ts';
import { FiguresMovedError, type TimesheetStatus, timesheet, type TimesheetCommand, type TimesheetContext, timesheetMessages, type TimesheetState } from '../../domain/timesheets/timesheet.ts';
import { fold } from '../../domain/shared/decider.ts';
import { handleCommand, loadStream, toDomainEvent } from '../../eventstore/command-handler.ts';
import { comparePositions, type EventMetadata, type EventStore, type LogPosition } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import { attendanceDays, personZone, workRulesOf } from '../../projections/attendance/queries.ts';
import { PRODUCT_ACTOR, requestDecider } from '../../projections/request-history/index.ts';
import { settingsOf } from '../../projections/settings/queries.ts';
import { dashboardPeople } from '../../projections/dashboards/queries.ts';
import { figuresBy, rangeFigures, type TotalFigures, totalOf, unitFigures } from '../../projections/timelog/queries.ts';
import { timeByTask, timesheetOf, timesheetsOfPeriod } from '../../projections/timesheets/queries.ts';
import { approverNow, teamsNow } from '../access/deciding-now.ts';
import { periodWorkingTime } from '../../projections/working-time/index.ts';
import { visibleTeams } from '../../domain/dashboards/access.ts';
import { type CompanyAccess, companyToday, visiblePerson, visibleTeam } from '../access/membership.ts';
import type { ReadModelWatcher } from '../live/read-model-watcher.ts';
import type { PeriodLocks } from './locks.ts';

export type TimesheetsService = ReturnType<typeof createTimesheetsService>;

/** The figures a timesheet shows and an approval records, of the one accounting rule's. */
const periodTotals = ({ trackedMinutes, manualMinutes, idleMinutes, earningsCents }: TotalFigures): PeriodTotals => ({ trackedMinutes, manualMinutes, idleMinutes, earningsCents });

/** A decision on a timesheet as its history shows it; null for the lock's notes of changed time and the balance an approval records. */
function historyEntry(event: TimesheetEvent) {
  const entry = { note: null as string | null, reason: null as string | null, approver: null as { userId: string; name: string } | null, totals: null as PeriodTotals | null };
  switch (event.type) {
    case 'TimesheetSubmitted':
      return { ...entry, action: 'Submitted' as const, at: event.data.at, by: event.data.by, note: event.data.note, approver: event.data.approver };
    case 'TimesheetApproved':
      return { ...entry, action: 'Approved' as const, at: event.data.at, by: event.data.by, totals: event.data.totals };
    case 'TimesheetRejected':
      return { ...entry, action: 'Rejected' as const, at: event.data.at, by: event.data.by, reason: event.data.reason };
    case 'TimesheetReopened':
      return { ...entry, action: 'Reopened' as const, at: event.data.at, by: event.data.by, reason: event.data.reason };
    case 'TimesheetReassigned':
      return { ...entry, action: 'Moved' as const, at: event.data.at, by: PRODUCT_ACTOR, approver: event.data.to };
    case 'TimesheetTimeChanged':
    case 'TimesheetBalanceRecorded':
      return null;
  }
}

/** Approvals of one bulk request that run at once. */
const BULK_CONCURRENCY = 4;

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
    return periodTotals(totalOf(await unitFigures(db, companyId, { from: period.start, to: period.end }, { teams: null, userIds: [userId] })));
  }

  const service = {
    /**
     * A person's timesheet of the period holding `day` (their local today when
     * none): its status, its days with punches, leave and the time by project
     * and task, and the period's figures by the one accounting rule. Read from
     * the read models: what every other page shows.
     */
    async sheet(access: CompanyAccess, userId: string, day: string | undefined) {
      const companyId = access.company.company_id;
      const person = await visiblePerson(db, access, userId);
      const [settings, rules, zone] = await Promise.all([settingsOf(db, companyId), workRulesOf(db, companyId), personZone(db, companyId, userId, access.company.time_zone)]);
      const schedule = settings.timesheetPeriods;
      const today = localDay(now().toISOString(), zone);
      const period = periodOf(schedule, day ?? today);
      if (period.start > today) throw invalid(timesheetMessages.notBegun);
      const range = { from: period.start, to: period.end };
      const [attendance, units, cells, recorded, running] = await Promise.all([
        attendanceDays(db, { companyId, timeZone: access.company.time_zone }, userId, range, rules, now()),
        unitFigures(db, companyId, range, { teams: null, userIds: [userId] }),
        timeByTask(db, companyId, userId, range),
        timesheetOf(db, companyId, userId, period.start),
        userId === access.userId ? timerRunningIn(companyId, userId, period) : Promise.resolve(false),
      ]);
      const byDay = figuresBy(units, (unit) => unit.day);
      const days = daysOf(period);
      const tasks = new Map<string, { projectId: string; projectName: string; taskId: string; taskName: string; minutes: number[]; totalMinutes: number }>();
      for (const cell of cells) {
        const key = `${cell.projectId}:${cell.taskId}`;
        const row = tasks.get(key) ?? { projectId: cell.projectId, projectName: cell.projectName, taskId: cell.taskId, taskName: cell.taskName, minutes: days.map(() => 0), totalMinutes: 0 };
        row.minutes[days.indexOf(cell.day)] += cell.minutes;
        row.totalMinutes += cell.minutes;
        tasks.set(key, row);
      }
      const previous = previousPeriod(schedule, period);
      const next = nextPeriod(schedule, period);
      return {
        person: { userId: person.userId, name: person.name, timeZone: attendance.timeZone },
        period,
        today,
        previousStart: previous?.start ?? null,
        nextStart: next.start <= today ? next.start : null,
        status: recorded?.status ?? ('Open' as const),
        approver: recorded?.approver ?? null,
        note: recorded?.note ?? '',
        reason: recorded?.reason ?? null,
        approvedTotals: recorded?.totals ?? null,
        updatedAt: recorded?.updatedAt ?? null,
        updatedBy: recorded?.updatedBy ?? null,
        timerRunning: running,
        totals: periodTotals(totalOf(units)),
        days: attendance.days.map(({ day, status, timeZone, pairs, missingPunchOut, punchedMinutes }) => ({
          day,
          status,
          timeZone,
          pairs,
          missingPunchOut,
          punchedMinutes,
          ...periodTotals(totalOf(byDay.get(day) ?? [])),
        })),
        rows: [...tasks.values()].sort((a, b) => a.projectName.localeCompare(b.projectName) || a.taskName.localeCompare(b.taskName)),
      };
    },

    /**
     * The timesheets of a period for an approver: everyone they may approve
     * (the people of the teams they manage; an Admin, the whole company;
     * never themselves), of one team when asked, with each one's status and
     * figures by the one accounting rule. The period is the company's one
     * holding `day`, by default the latest that has ended.
     */
    async approvals(access: CompanyAccess, query: { day?: string; teamId?: string; status?: TimesheetStatus }) {
      const companyId = access.company.company_id;
      const { timesheetPeriods: schedule } = await settingsOf(db, companyId);
      const today = companyToday(access, now());
      const current = periodOf(schedule, today);
      const period = query.day ? periodOf(schedule, query.day) : (previousPeriod(schedule, current) ?? current);
      if (period.start > today) throw invalid(timesheetMessages.notBegun);
      const teams = query.teamId ? [(await visibleTeam(db, access, query.teamId)).teamId] : visibleTeams(access.actor);
      const people = (await dashboardPeople(db, companyId, { userId: access.userId, teams })).filter((person) => person.userId !== access.userId);
      const userIds = people.map((person) => person.userId);
      const [sheets, figures] = await Promise.all([
        timesheetsOfPeriod(db, companyId, userIds, period.start),
        rangeFigures(db, companyId, { from: period.start, to: period.end }, { teams: null, userIds }),
      ]);
      const previous = previousPeriod(schedule, period);
      const next = nextPeriod(schedule, period);
      const rows = people.map((person) => {
        const sheet = sheets.get(person.userId);
        const total = periodTotals(figures.byUser.get(person.userId) ?? totalOf([]));
        return {
          person,
          status: sheet?.status ?? ('Open' as const),
          approver: sheet?.approver ?? null,
          note: sheet?.note ?? '',
          reason: sheet?.reason ?? null,
          updatedAt: sheet?.updatedAt ?? null,
          totals: total,
          approvedTotals: sheet?.totals ?? null,
        };
      });
      return {
        period,
        previousStart: previous?.start ?? null,
        nextStart: next.start <= today ? next.start : null,
        rows: query.status ? rows.filter((row) => row.status === query.status) : rows,
      };
    },

    /**
     * What happened to a person's timesheet of a period, in order: each
     * submission, answer, reopening and move, from its stream (one person's
     * period, a few events), not the changes of time the lock notes.
     */
    async history(access: CompanyAccess, userId: string, start: string) {
      const period = await theirs(access, userId, start);
      const recorded = await store.readStream(timesheetStream(access.company.company_id, userId, period.start));
      return recorded.flatMap((event) => {
        const told = historyEntry(toDomainEvent<TimesheetEvent>(event));
        return told ? [told] : [];
      });
    },

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
        const [figures, timerRunningInPeriod, workingTime] = await Promise.all([
          figuresOf(companyId, userId, period),
          timerRunningIn(companyId, userId, period),
          periodWorkingTime(db, { companyId, timeZone: access.company.time_zone }, userId, period),
        ]);
        const context: TimesheetContext = { now: now(), period, personTeams, approving: { figures, afterChanges: state.changes, timerRunningInPeriod, workingTime } };
        try {
          return (await run(access, userId, period, { type: 'ApproveTimesheet', ...onTimesheet(access, userId, period), actor }, context, metadata)).position;
        } catch (error) {
          if (!(error instanceof FiguresMovedError)) throw error;
          if (attempt === APPROVAL_ATTEMPTS) throw conflict(BUSY_MESSAGE);
        }
      }
    },

    /**
     * Approves several timesheets, each on its own stream as one approval
     * would (a few at a time): each one approved or refused with its reason,
     * the others going on.
     */
    async approveMany(access: CompanyAccess, timesheets: readonly { userId: string; start: string }[], metadata: EventMetadata) {
      const results: { userId: string; start: string; approved: boolean; message: string | null }[] = [];
      let newest: LogPosition | null = null;
      const queue = [...timesheets];
      const approveNext = async () => {
        for (let item = queue.shift(); item; item = queue.shift()) {
          const { userId, start } = item;
          const one = { ...metadata, ...(metadata.commandId ? { commandId: `${metadata.commandId}:${userId}:${start}` } : {}) };
          try {
            const position = await service.approve(access, userId, start, one);
            if (position && (!newest || comparePositions(position, newest) > 0)) newest = position;
            results.push({ userId, start, approved: true, message: null });
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            results.push({ userId, start, approved: false, message: error.message });
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, timesheets.length) }, approveNext));
      const order = new Map(timesheets.map(({ userId, start }, index) => [`${userId}:${start}`, index]));
      results.sort((a, b) => order.get(`${a.userId}:${a.start}`)! - order.get(`${b.userId}:${b.start}`)!);
      return { results, position: newest as LogPosition | null };
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
  return service;
}
