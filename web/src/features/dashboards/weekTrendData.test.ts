import { describe, expect, it } from 'vitest';
import { hoursToMs, weekTrendData } from './weekTrendData';

const hour = 3_600_000;

describe('weekTrendData', () => {
  it('gives Monday to Sunday, a weekday without time as zeros', () => {
    const data = weekTrendData([{ weekday: 'Wed', trackedMs: 8 * hour, idleMs: 2 * hour, productiveMs: 6 * hour }]);
    expect(data.map((point) => point.weekday)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(data[2]).toEqual({ weekday: 'Wed', trackedHours: 8, idleHours: 2, productivePercent: 75, idlePercent: 25 });
    expect(data[0]).toEqual({ weekday: 'Mon', trackedHours: 0, idleHours: 0, productivePercent: 0, idlePercent: 0 });
  });
  it('turns chart hours back into whole milliseconds', () => {
    const ms = 7 * hour + 5 * 60_000;
    expect(hoursToMs(ms / hour)).toBe(ms);
  });
});
