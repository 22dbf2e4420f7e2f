import { Temporal } from 'temporal-polyfill';
import type { RangePreset } from './range-presets.ts';

export { RANGE_COVERS, RANGE_LABELS, RANGE_PRESETS, type RangePreset } from './range-presets.ts';

/** The longest range a dashboard shows. */
export const MAX_RANGE_DAYS = 366;

/** Local calendar days, both included, YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

export const rangeMessages = {
  malformed: 'Dates must be valid calendar dates in the form YYYY-MM-DD.',
  reversed: 'The start date must not be after the end date.',
  tooLong: `A range may span at most ${MAX_RANGE_DAYS} days.`,
} as const;

/**
 * A preset as days of the viewer's calendar, ending on `today`: Today and
 * Yesterday are one day; Last Week is the 7 days up to today, Last 30 Days
 * the 30 days up to today.
 */
export function presetRange(preset: RangePreset, today: string): DayRange {
  const day = Temporal.PlainDate.from(today);
  if (preset === 0) return { from: today, to: today };
  if (preset === 1) {
    const yesterday = day.subtract({ days: 1 }).toString();
    return { from: yesterday, to: yesterday };
  }
  return { from: day.subtract({ days: preset - 1 }).toString(), to: today };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function plainDate(text: string): Temporal.PlainDate | null {
  if (!DAY.test(text)) return null;
  try {
    return Temporal.PlainDate.from(text, { overflow: 'reject' });
  } catch {
    return null;
  }
}

/** Why a range cannot be shown, or null when it can. */
export function rangeProblem(range: DayRange): string | null {
  const from = plainDate(range.from);
  const to = plainDate(range.to);
  if (!from || !to) return rangeMessages.malformed;
  if (Temporal.PlainDate.compare(from, to) > 0) return rangeMessages.reversed;
  if (rangeDays(range).length > MAX_RANGE_DAYS) return rangeMessages.tooLong;
  return null;
}

/** Every day of a valid range, in order. */
export function rangeDays(range: DayRange): string[] {
  const days: string[] = [];
  const to = Temporal.PlainDate.from(range.to);
  for (let day = Temporal.PlainDate.from(range.from); Temporal.PlainDate.compare(day, to) <= 0 && days.length <= MAX_RANGE_DAYS; day = day.add({ days: 1 })) {
    days.push(day.toString());
  }
  return days;
}

/** The week chart's labels (core §9), Monday first. */
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const weekdayOf = (day: string): Weekday => WEEKDAYS[Temporal.PlainDate.from(day).dayOfWeek - 1];

/**
 * The week charts' seven weekdays in the order the range's days run, oldest
 * first, ending on the weekday of its last day: Last Week ending on Saturday
 * 28th runs Sunday 22nd to Saturday 28th, so Sunday comes first, not after
 * Saturday. A range of a week or more sums each weekday over its days.
 */
export function rangeWeekdays(range: DayRange): Weekday[] {
  const last = Temporal.PlainDate.from(range.to).dayOfWeek;
  return Array.from({ length: WEEKDAYS.length }, (_, index) => WEEKDAYS[(last + index) % WEEKDAYS.length]);
}
