import { describe, expect, it } from 'vitest';
import { attendanceColumns, dayCell, neutralised, timelogCells, wallTime } from './cells.ts';

describe('the formula-injection guard', () => {
  it('puts an apostrophe before text that starts like a formula', () => {
    for (const text of ['=HYPERLINK("http://evil.test","x")', '+1+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutralised(text), JSON.stringify(text)).toBe(`'${text}`);
    }
  });

  it('leaves other text alone', () => {
    for (const text of ['Fix the login', '', ' =not at the start', 'a=b', "'quoted"]) expect(neutralised(text)).toBe(text);
  });
});

describe('time log cells', () => {
  it('show the row’s minutes as hours and minutes (over 59 rolled into hours) and as a time value', () => {
    expect(timelogCells({ trackedMinutes: 149, idleMinutes: 3, rateCents: 0, earningsCents: 0 })).toEqual({
      hours: 2,
      minutes: 29,
      idleMinutes: 3,
      rate: null,
      earnings: null,
      tracked: 149 / 1440,
      idle: 3 / 1440,
    });
  });

  it('show the rate and the row’s earnings in dollars as the time log priced them', () => {
    expect(timelogCells({ trackedMinutes: 80, idleMinutes: 0, rateCents: 1250, earningsCents: 1667 })).toMatchObject({ rate: 12.5, earnings: 16.67 });
  });
});

describe('date cells', () => {
  it('hold the wall time of the zone, as spreadsheets have no zones', () => {
    expect(wallTime('2026-03-03T18:00:00Z', 'Asia/Kolkata').toISOString()).toBe('2026-03-03T23:30:00.000Z');
    expect(wallTime('2026-03-03T20:00:00Z', 'Asia/Kolkata').toISOString()).toBe('2026-03-04T01:30:00.000Z');
    // New York on the night daylight saving ends: 01:30 comes twice, first EDT then EST.
    expect(wallTime('2026-11-01T05:30:00Z', 'America/New_York').toISOString()).toBe('2026-11-01T01:30:00.000Z');
    expect(wallTime('2026-11-01T06:30:00Z', 'America/New_York').toISOString()).toBe('2026-11-01T01:30:00.000Z');
    expect(wallTime('2026-03-03T12:00:00Z', 'Pacific/Kiritimati').toISOString()).toBe('2026-03-04T02:00:00.000Z');
  });

  it('hold a day as midnight of that day', () => {
    expect(dayCell('2026-03-04').toISOString()).toBe('2026-03-04T00:00:00.000Z');
  });
});

describe('attendance columns', () => {
  it('are Date, Status, Punched, Tracked, Timesheet, then a Punch In / Punch Out pair per punch of the busiest day', () => {
    expect(attendanceColumns(0)).toEqual(['Date', 'Status', 'Punched', 'Tracked', 'Timesheet', 'Punch In', 'Punch Out']);
    expect(attendanceColumns(2)).toEqual(['Date', 'Status', 'Punched', 'Tracked', 'Timesheet', 'Punch In', 'Punch Out', 'Punch In', 'Punch Out']);
  });
});
