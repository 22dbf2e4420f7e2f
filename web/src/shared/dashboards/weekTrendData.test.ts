import { describe, expect, it } from 'vitest';
import { hoursToMinutes, weekTrendData } from './weekTrendData';

describe('weekTrendData', () => {
  it('gives Monday to Sunday from the API’s minutes, a weekday without time as zeros', () => {
    const data = weekTrendData([{ weekday: 'Wed', trackedMinutes: 480, idleMinutes: 120, unproductiveMinutes: 0, productiveMinutes: 360 }]);
    expect(data.map((point) => point.weekday)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(data[2]).toEqual({ weekday: 'Wed', trackedHours: 8, idleHours: 2, productivePercent: 75, unproductivePercent: 0, idlePercent: 25 });
    expect(data[0]).toEqual({ weekday: 'Mon', trackedHours: 0, idleHours: 0, productivePercent: 0, unproductivePercent: 0, idlePercent: 0 });
  });
  it('gives shares that add up to 100, as the parts add up to the tracked minutes', () => {
    const [point] = weekTrendData([{ weekday: 'Mon', trackedMinutes: 7, idleMinutes: 1, unproductiveMinutes: 1, productiveMinutes: 5 }]);
    expect([point.productivePercent, point.unproductivePercent, point.idlePercent]).toEqual([71.4, 14.3, 14.3]);
    expect(point.productivePercent + point.unproductivePercent + point.idlePercent).toBeCloseTo(100, 10);
  });
  it('turns chart hours back into the whole minutes they came from', () => {
    for (const minutes of [0, 1, 59, 425, 7 * 60 + 5, 100_003]) expect(hoursToMinutes(minutes / 60)).toBe(minutes);
  });
});
