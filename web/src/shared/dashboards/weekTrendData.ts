import { NO_TIME, timeShares, type TimeParts } from '../../../../domain/accounting/time.ts';
import { type DayRange, rangeWeekdays, type Weekday } from '../../../../domain/dashboards/range.ts';

/** One weekday of the week charts: hours on the line charts' scale, the parts' shares of the tracked time for the productivity columns. */
export interface WeekTrendPoint {
  weekday: Weekday;
  trackedHours: number;
  idleHours: number;
  /** The shares of the API's minutes, adding up to 100 (or all 0 without time). */
  productivePercent: number;
  unproductivePercent: number;
  idlePercent: number;
}

/**
 * The week charts' points, one per weekday (core §9 labels them Mon–Sun), from
 * the API's minutes, in the order the range's days run: oldest first, its last
 * day last, as the tables read. A weekday without time as zeros.
 */
export function weekTrendData(trend: readonly (TimeParts & { weekday: Weekday })[], range: DayRange): WeekTrendPoint[] {
  return rangeWeekdays(range).map((weekday) => {
    const figures = trend.find((point) => point.weekday === weekday) ?? NO_TIME;
    const shares = timeShares(figures);
    return {
      weekday,
      trackedHours: figures.trackedMinutes / 60,
      idleHours: figures.idleMinutes / 60,
      productivePercent: shares.productive,
      unproductivePercent: shares.unproductive,
      idlePercent: shares.idle,
    };
  });
}

/** A chart's hours back into the whole minutes they were drawn from, to be shown as every figure is. */
export const hoursToMinutes = (hours: number) => Math.round(hours * 60);
