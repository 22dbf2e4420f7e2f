import { describe, expect, it } from 'vitest';
import { hoursToMinutes, weekTrendData } from './weekTrendData';

// Last Week on Saturday 28 November 2026: Sunday 22 to Saturday 28.
const LAST_WEEK = { from: '2026-11-22', to: '2026-11-28' };

describe('weekTrendData', () => {
  it('gives the range’s weekdays oldest to newest from the API’s minutes, a weekday without time as zeros', () => {
    const data = weekTrendData([{ weekday: 'Wed', trackedMinutes: 480, idleMinutes: 120, unproductiveMinutes: 0, productiveMinutes: 360 }], LAST_WEEK);
    expect(data.map((point) => point.weekday)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(data[3]).toEqual({ weekday: 'Wed', trackedHours: 8, idleHours: 2, productivePercent: 75, unproductivePercent: 0, idlePercent: 25 });
    expect(data[0]).toEqual({ weekday: 'Sun', trackedHours: 0, idleHours: 0, productivePercent: 0, unproductivePercent: 0, idlePercent: 0 });
  });
  it('puts the oldest day of Last Week first and today last, whatever order the API lists the weekdays in', () => {
    const minutes = (weekday: 'Sun' | 'Sat', trackedMinutes: number) => ({ weekday, trackedMinutes, idleMinutes: 0, unproductiveMinutes: 0, productiveMinutes: trackedMinutes });
    const data = weekTrendData([minutes('Sat', 60), minutes('Sun', 120)], LAST_WEEK);
    expect([data[0].weekday, data[0].trackedHours]).toEqual(['Sun', 2]);
    expect([data[6].weekday, data[6].trackedHours]).toEqual(['Sat', 1]);
  });
  it('runs Monday to Sunday for a range ending on a Sunday', () => {
    expect(weekTrendData([], { from: '2026-11-23', to: '2026-11-29' }).map((point) => point.weekday)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });
  it('gives shares that add up to 100, as the parts add up to the tracked minutes', () => {
    const [point] = weekTrendData([{ weekday: 'Sun', trackedMinutes: 7, idleMinutes: 1, unproductiveMinutes: 1, productiveMinutes: 5 }], LAST_WEEK);
    expect([point.productivePercent, point.unproductivePercent, point.idlePercent]).toEqual([71.4, 14.3, 14.3]);
    expect(point.productivePercent + point.unproductivePercent + point.idlePercent).toBeCloseTo(100, 10);
  });
  it('turns chart hours back into the whole minutes they came from', () => {
    for (const minutes of [0, 1, 59, 425, 7 * 60 + 5, 100_003]) expect(hoursToMinutes(minutes / 60)).toBe(minutes);
  });
});
