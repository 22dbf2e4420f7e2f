import { describe, expect, it } from 'vitest';
import { attendanceColumns, dayCell, neutralised, rateAt, timelogFigures, wallTime } from './cells.ts';

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

describe('time log figures', () => {
  it('rounds the time once to whole minutes and rolls minutes over 59 into hours', () => {
    expect(timelogFigures(3599.6, null)).toEqual({ hours: 1, minutes: 0, rate: null, earnings: null });
    expect(timelogFigures(2 * 3600 + 29 * 60 + 29, null)).toMatchObject({ hours: 2, minutes: 29 });
    expect(timelogFigures(2 * 3600 + 29 * 60 + 30, null)).toMatchObject({ hours: 2, minutes: 30 });
  });

  it('prices (hours + minutes/60) × the rate, to the cent', () => {
    // 1 h 20 min at $12.50: 16.666… → 16.67.
    expect(timelogFigures(80 * 60, 1250)).toEqual({ hours: 1, minutes: 20, rate: 12.5, earnings: 16.67 });
    expect(timelogFigures(150 * 60, 1000)).toEqual({ hours: 2, minutes: 30, rate: 10, earnings: 25 });
  });

  it('takes the rate in force at the entry’s start; none before the first, and 0 is none', () => {
    const rates = [
      { effectiveAt: 100, rateCents: 1000 },
      { effectiveAt: 200, rateCents: 2000 },
      { effectiveAt: 300, rateCents: 0 },
    ];
    expect(rateAt(rates, 99)).toBeNull();
    expect(rateAt(rates, 100)).toBe(1000);
    expect(rateAt(rates, 250)).toBe(2000);
    expect(rateAt(rates, 300)).toBeNull();
    expect(rateAt([], 300)).toBeNull();
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
  it('are Date, Status, then a Punch In / Punch Out pair per punch of the busiest day', () => {
    expect(attendanceColumns(0)).toEqual(['Date', 'Status', 'Punch In', 'Punch Out']);
    expect(attendanceColumns(2)).toEqual(['Date', 'Status', 'Punch In', 'Punch Out', 'Punch In', 'Punch Out']);
  });
});
