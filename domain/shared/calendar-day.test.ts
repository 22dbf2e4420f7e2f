import { describe, expect, it } from 'vitest';
import { daysAfter, eachDay, isCalendarDay, isLastDayOfMonth } from './calendar-day.ts';

describe('calendar days', () => {
  it('counts days on across a leap day and the turn of a year, each with its weekday, as the calendar has them', () => {
    const days = eachDay('2028-02-27', '2029-01-02');
    expect(days.slice(0, 4)).toEqual([
      { day: '2028-02-27', weekday: 7 },
      { day: '2028-02-28', weekday: 1 },
      { day: '2028-02-29', weekday: 2 },
      { day: '2028-03-01', weekday: 3 },
    ]);
    expect(days.at(-1)).toEqual({ day: '2029-01-02', weekday: 2 });
    // Every day counted is the one after the one before, and a real day of that weekday.
    for (const [i, { day, weekday }] of days.entries()) {
      expect(isCalendarDay(day)).toBe(true);
      expect(new Date(`${day}T00:00:00Z`).getUTCDay() || 7).toBe(weekday);
      if (i > 0) expect(day).toBe(daysAfter(days[i - 1].day, 1));
    }
    expect(eachDay('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('knows the last day of each month, February of leap years and centuries too', () => {
    expect(['2026-01-31', '2026-02-28', '2028-02-29', '2000-02-29', '2026-04-30', '2026-12-31'].every(isLastDayOfMonth)).toBe(true);
    expect(['2026-01-30', '2028-02-28', '1900-02-28', '2026-04-29'].map(isLastDayOfMonth)).toEqual([false, false, true, false]);
  });
});
