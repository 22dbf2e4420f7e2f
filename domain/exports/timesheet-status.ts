import { type PeriodSchedule, periodOf } from '../timesheets/periods.ts';
import type { TimesheetStatus } from '../timesheets/timesheet.ts';

/** The status of the timesheet holding each day: that of its period's record, else Open. */
export function timesheetStatusOfDay(schedule: PeriodSchedule, statuses: ReadonlyMap<string, TimesheetStatus>): (day: string) => TimesheetStatus {
  return (day) => statuses.get(periodOf(schedule, day).start) ?? 'Open';
}
