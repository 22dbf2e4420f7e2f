import { type DayRange, presetRange, type RangePreset, rangeProblem } from '../../../../domain/dashboards/range.ts';
import type { RangeSearch } from './dashboardSearch';

/** The dashboards show the last 7 days until another range is picked (core §9). */
export const DEFAULT_RANGE_PRESET: RangePreset = 7;

export interface ViewedRange {
  /** The preset shown, or null for a custom range. */
  preset: RangePreset | null;
  range: DayRange;
  /** Why the range cannot be shown (a hand-made link), or null. */
  problem: string | null;
}

/** The days a dashboard shows: a custom range when the URL names one, else a preset counted back from `today`. */
export function viewedRange(search: RangeSearch, today: string): ViewedRange {
  if (search.from !== undefined || search.to !== undefined) {
    const range = { from: search.from ?? '', to: search.to ?? '' };
    return { preset: null, range, problem: rangeProblem(range) };
  }
  const preset = search.range ?? DEFAULT_RANGE_PRESET;
  return { preset, range: presetRange(preset, today), problem: null };
}
