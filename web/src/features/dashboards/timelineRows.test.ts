import { describe, expect, it } from 'vitest';
import { timelineRows } from './timelineRows';

const work = { projectName: 'Website', taskName: 'Design' };

describe('timelineRows', () => {
  it('places an entry on the 24-hour scale of the zone, a row per day', () => {
    const entry = { start: '2025-07-14T07:00:00Z', end: '2025-07-14T09:30:00Z', trackedMinutes: 150, ...work };
    const rows = timelineRows(['2025-07-14', '2025-07-15'], [entry], 'Europe/Berlin');
    expect(rows).toEqual([
      { day: '2025-07-14', bars: [{ startMinute: 9 * 60, endMinute: 11 * 60 + 30, entry }] },
      { day: '2025-07-15', bars: [] },
    ]);
  });
  it('draws an entry crossing midnight in the zone on both days, each bar telling the whole entry', () => {
    const entry = { start: '2025-07-14T21:00:00Z', end: '2025-07-14T23:00:00Z', trackedMinutes: 120, ...work };
    const [monday, tuesday] = timelineRows(['2025-07-14', '2025-07-15'], [entry], 'Europe/Berlin');
    expect(monday.bars).toEqual([{ startMinute: 23 * 60, endMinute: 24 * 60, entry }]);
    expect(tuesday.bars).toEqual([{ startMinute: 0, endMinute: 60, entry }]);
  });
  it('keeps wall-clock positions on a day the clocks go forward', () => {
    // Europe/Berlin skips 02:00–03:00 on 30 March 2025: one real hour from 01:30 ends at 03:30.
    const [day] = timelineRows(['2025-03-30'], [{ start: '2025-03-30T00:30:00Z', end: '2025-03-30T01:30:00Z', trackedMinutes: 60, ...work }], 'Europe/Berlin');
    expect(day.bars[0]).toMatchObject({ startMinute: 90, endMinute: 210 });
  });
  it('leaves out work outside the days shown and orders a day’s bars', () => {
    const [day] = timelineRows(
      ['2025-07-14'],
      [
        { start: '2025-07-14T12:00:00Z', end: '2025-07-14T13:00:00Z', trackedMinutes: 60, ...work },
        { start: '2025-07-10T12:00:00Z', end: '2025-07-10T13:00:00Z', trackedMinutes: 60, ...work },
        { start: '2025-07-14T06:00:00Z', end: '2025-07-14T07:00:00Z', trackedMinutes: 60, ...work },
      ],
      'UTC',
    );
    expect(day.bars.map((bar) => bar.startMinute)).toEqual([360, 720]);
  });
});
