import { nextPeriod, type PeriodSchedule, periodOf } from './periods.ts';
import type { TimesheetStatus } from './timesheet.ts';

/**
 * What a range's timesheets say of a person, for a row of a dashboard:
 * Approved when every period of the range that has ended is approved; else
 * the status of the earliest ended one that is not (the one to see to); null
 * when no period of the range has ended yet.
 */
export function rangeTimesheetStatus(schedule: PeriodSchedule, range: { from: string; to: string }, today: string, statuses: ReadonlyMap<string, TimesheetStatus>): TimesheetStatus | null {
  let seen = false;
  for (let period = periodOf(schedule, range.from); period.start <= range.to && period.end < today; period = nextPeriod(schedule, period)) {
    seen = true;
    const status = statuses.get(period.start) ?? 'Open';
    if (status !== 'Approved') return status;
  }
  return seen ? 'Approved' : null;
}
