import { isWorkingDay, type WorkRules } from '../../domain/attendance/day-status.ts';
import { type DayRange, rangeDays } from '../../domain/dashboards/range.ts';
import { percentOf } from '../../domain/accounting/time.ts';

/** The range's working days that have begun by `today`: the days someone was expected to work. */
export function workingDaysSoFar(range: DayRange, today: string, rules: WorkRules): number {
  return rangeDays(range).filter((day) => day <= today && isWorkingDay(day, rules)).length;
}

/**
 * Utilization: tracked time as a percentage of the expected time, the daily
 * threshold on each working day for each person counted; null when nothing
 * was expected (a weekend, a range still to come).
 */
export function utilizationPercent(trackedMinutes: number, expected: { workingDays: number; dailyThresholdMinutes: number; people: number }): number | null {
  const expectedMinutes = expected.workingDays * expected.dailyThresholdMinutes * expected.people;
  return expectedMinutes > 0 ? percentOf(trackedMinutes, expectedMinutes) : null;
}
