import { companySettings, type SettingsState } from '../../domain/settings/company-settings.ts';
import { companySettingsStream, type SettingsEvent } from '../../domain/settings/events.ts';
import type { DomainEvent } from '../../domain/shared/decider.ts';
import { timesheetStream, type TimesheetEvent } from '../../domain/timesheets/events.ts';
import { type Period, periodOf, type PeriodSchedule } from '../../domain/timesheets/periods.ts';
import { isLocked, timesheet, timesheetMessages, type TimesheetState } from '../../domain/timesheets/timesheet.ts';
import { conflict } from '../../domain/shared/errors.ts';
import { type Guard, type GuardPart, loadStream, StreamStateCache } from '../../eventstore/command-handler.ts';
import type { EventStore } from '../../eventstore/types.ts';

export type PeriodLocks = ReturnType<typeof createPeriodLocks>;

/** How long a company's schedule of periods is used before it is read again (see scheduleOf). */
const SCHEDULE_KEPT_MS = 5_000;

/**
 * The lock of a person's timesheet periods, for the commands that change
 * time: each period a command's events touch notes the change on its
 * timesheet's stream, written with the command's events (a Guard), and
 * refuses it once the timesheet is approved.
 */
export function createPeriodLocks({ store, now }: { store: EventStore; now: () => Date }) {
  const settings = new StreamStateCache<SettingsState, SettingsEvent>(1_000);
  const sheets = new StreamStateCache<TimesheetState, TimesheetEvent>(10_000);
  const schedules = new Map<string, { schedule: PeriodSchedule; readAt: number }>();

  /**
   * The company's periods as its settings stream held them at most a few
   * seconds ago. A change of rule only cuts periods that begin after it was
   * made, and none of those can be approved before it ends, days later: a
   * schedule that old never puts a day of an approved period elsewhere.
   */
  async function scheduleOf(companyId: string): Promise<PeriodSchedule> {
    const known = schedules.get(companyId);
    if (known && Date.now() - known.readAt < SCHEDULE_KEPT_MS) return known.schedule;
    const schedule = (await loadStream(store, companySettingsStream(companyId), companySettings, settings)).state.timesheetPeriods;
    schedules.delete(companyId);
    schedules.set(companyId, { schedule, readAt: Date.now() });
    if (schedules.size > 1_000) schedules.delete(schedules.keys().next().value!);
    return schedule;
  }

  /** A timesheet as kept here, or as stored when `fresh` (one of its writes was refused). */
  const sheetOf = async (streamId: string, fresh: boolean) => (!fresh && sheets.get(streamId)) || loadStream(store, streamId, timesheet, sheets);

  /**
   * Refuses to begin something on a day of an approved period (a timer
   * session) whose time would be refused later, as far as this process knows:
   * a timesheet approved here is known at once (`written`), one approved by
   * another process once a write here meets it. It changes no time itself,
   * so it writes nothing; the time it saves goes through the guard, and a
   * session begun all the same can be cancelled.
   */
  async function refuseIfLocked(companyId: string, userId: string, day: string): Promise<void> {
    const period = periodOf(await scheduleOf(companyId), day);
    const streamId = timesheetStream(companyId, userId, period.start);
    // A lock kept here may have been reopened elsewhere: a refusal is checked against the stream.
    if (isLocked((await sheetOf(streamId, false)).state) && isLocked((await sheetOf(streamId, true)).state)) throw conflict(timesheetMessages.locked(period));
  }

  /** The guard of a command on a person's time: `daysOf` names the local days its events change. */
  function guard<Event extends DomainEvent>(companyId: string, userId: string, change: string, daysOf: (events: readonly Event[]) => string[]): Guard<Event> {
    const noted: Guard<Event> = async (events, { fresh }) => {
      const days = [...new Set(daysOf(events))];
      if (days.length === 0) return [];
      const schedule = await scheduleOf(companyId);
      const periods = new Map<string, { period: Period; days: string[] }>();
      for (const day of days) {
        const period = periodOf(schedule, day);
        const entry = periods.get(period.start) ?? { period, days: [] };
        entry.days.push(day);
        periods.set(period.start, entry);
      }
      const at = now();
      return Promise.all(
        [...periods.values()].map(async ({ period, days: touched }): Promise<GuardPart> => {
          const streamId = timesheetStream(companyId, userId, period.start);
          const decideOn = ({ state }: { state: TimesheetState }) =>
            timesheet.decide({ type: 'RecordTimeChange', companyId, userId, start: period.start, days: touched, change }, state, { now: at, period });
          let known = await sheetOf(streamId, fresh);
          let notes: TimesheetEvent[];
          try {
            notes = decideOn(known);
          } catch (error) {
            // Refused on what is kept here, which may have been reopened elsewhere: decided again on the stream.
            if (fresh) throw error;
            known = await sheetOf(streamId, true);
            notes = decideOn(known);
          }
          // Kept as if written: a write that fails instead makes the next one read the stream (fresh).
          sheets.set(streamId, { ...known, version: known.version + notes.length, state: notes.reduce(timesheet.evolve, known.state) });
          return { streamId, events: notes, expected: known.version === 0 ? 'no_stream' : known.version };
        }),
      );
    };
    // A person's changes of time note on the same timesheets: in this process they take turns rather than collide.
    noted.turn = `period-locks-${companyId}-${userId}`;
    return noted;
  }

  /** A timesheet's stream was written here (approved, reopened): what is kept of it is read again. */
  const written = (streamId: string) => sheets.delete(streamId);

  return { guard, refuseIfLocked, written };
}
