import { WEEKDAYS, type Weekday } from '../../../../domain/dashboards/range.ts';
import { percentOf } from '../../../../domain/dashboards/time-summary.ts';
import type { TimeTotals } from './DashboardViews';

const HOUR_MS = 3_600_000;

/** One weekday of the week charts: hours for the line charts, shares of the tracked time for the productivity columns. */
export interface WeekTrendPoint {
  weekday: Weekday;
  trackedHours: number;
  idleHours: number;
  productivePercent: number;
  idlePercent: number;
}

/** The week charts' points, Monday to Sunday (core §9), a weekday without time as zeros. */
export function weekTrendData(trend: readonly (TimeTotals & { weekday: Weekday })[]): WeekTrendPoint[] {
  return WEEKDAYS.map((weekday) => {
    const totals = trend.find((point) => point.weekday === weekday) ?? { trackedMs: 0, idleMs: 0, productiveMs: 0 };
    return {
      weekday,
      trackedHours: totals.trackedMs / HOUR_MS,
      idleHours: totals.idleMs / HOUR_MS,
      productivePercent: percentOf(totals.productiveMs, totals.trackedMs),
      idlePercent: percentOf(totals.idleMs, totals.trackedMs),
    };
  });
}

/** Hours of a chart's axis or tooltip as the dashboards show durations. */
export const hoursToMs = (hours: number) => Math.round(hours * HOUR_MS);
