import { describe, expect, it } from 'vitest';
import { presetRange, RANGE_COVERS, RANGE_LABELS, rangeDays, rangeWeekdays, weekdayOf } from './range.ts';

// Saturday 28 November 2026.
const SATURDAY = '2026-11-28';

describe('presetRange', () => {
  it('keeps the spec’s labels (core §2) and says what each covers', () => {
    expect(Object.values(RANGE_LABELS)).toEqual(['Today', 'Yesterday', 'Last Week', 'Last 30 Days']);
    expect(RANGE_COVERS[7]).toBe('The 7 days up to today, today included');
  });
  it('gives today and yesterday as one day each', () => {
    expect(presetRange(0, SATURDAY)).toEqual({ from: SATURDAY, to: SATURDAY });
    expect(presetRange(1, SATURDAY)).toEqual({ from: '2026-11-27', to: '2026-11-27' });
  });
  it('gives Last Week as the 7 days ending today (core §4: option 7), Sunday 22 to Saturday 28', () => {
    expect(presetRange(7, SATURDAY)).toEqual({ from: '2026-11-22', to: SATURDAY });
    expect(rangeDays(presetRange(7, SATURDAY))).toHaveLength(7);
  });
  it('gives Last 30 Days as the 30 days ending today, across a month', () => {
    expect(presetRange(30, SATURDAY)).toEqual({ from: '2026-10-30', to: SATURDAY });
    expect(rangeDays(presetRange(30, '2026-03-01'))[0]).toBe('2026-01-31');
  });
});

describe('rangeWeekdays', () => {
  it('runs Last Week’s weekdays oldest to newest: Sunday 22 first, Saturday 28 (today) last', () => {
    const range = presetRange(7, SATURDAY);
    expect(rangeWeekdays(range)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });
  it('names each day of a 7-day range in its place', () => {
    for (const today of ['2026-11-23', '2026-11-25', '2026-11-29']) {
      const range = presetRange(7, today);
      expect(rangeWeekdays(range)).toEqual(rangeDays(range).map(weekdayOf));
    }
  });
  it('is Monday to Sunday for a range ending on a Sunday', () => {
    expect(rangeWeekdays({ from: '2026-11-23', to: '2026-11-29' })).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });
  it('ends on the last day of a shorter or longer range', () => {
    expect(rangeWeekdays(presetRange(0, SATURDAY)).at(-1)).toBe('Sat');
    expect(rangeWeekdays({ from: '2026-11-02', to: '2026-11-04' }).at(-1)).toBe('Wed');
    expect(rangeWeekdays(presetRange(30, SATURDAY))).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });
});
