import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDay, splitByLocalDay } from './local-days.ts';

const hours = (parts: { seconds: number }[]) => parts.map((p) => p.seconds / 3600);

describe('splitting a session at local midnight', () => {
  it('keeps a session within one local day whole', () => {
    expect(splitByLocalDay('2026-03-10T04:00:00Z', '2026-03-10T06:30:00Z', 'Asia/Kolkata')).toEqual([
      { day: '2026-03-10', start: '2026-03-10T04:00:00Z', end: '2026-03-10T06:30:00Z', seconds: 9000 },
    ]);
  });

  it('cuts at midnight in Asia/Kolkata (UTC+5:30), not at UTC midnight', () => {
    // 22:00 to 02:00 local.
    const parts = splitByLocalDay('2026-03-10T16:30:00Z', '2026-03-10T20:30:00Z', 'Asia/Kolkata');
    expect(parts.map((p) => p.day)).toEqual(['2026-03-10', '2026-03-11']);
    expect(hours(parts)).toEqual([2, 2]);
    expect(parts[0].end).toBe('2026-03-10T18:30:00Z');
  });

  it('counts the 23-hour spring-forward day in America/New_York', () => {
    // 2026-03-08: clocks go 02:00 → 03:00. From local midnight to next midnight is 23 h.
    const parts = splitByLocalDay('2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z', 'America/New_York');
    expect(parts.map((p) => p.day)).toEqual(['2026-03-08']);
    expect(hours(parts)).toEqual([23]);
  });

  it('counts the 25-hour fall-back day in America/New_York', () => {
    // 2026-11-01: clocks go 02:00 → 01:00. A session from 23:00 on Oct 31 to 01:00 on Nov 2.
    const parts = splitByLocalDay('2026-11-01T03:00:00Z', '2026-11-02T06:00:00Z', 'America/New_York');
    expect(parts.map((p) => p.day)).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
    expect(hours(parts)).toEqual([1, 25, 1]);
  });

  it('handles the 30-minute DST shift of Australia/Lord_Howe', () => {
    // 2026-10-04: 02:00 → 02:30 (UTC+10:30 → +11). That day is 23.5 hours long.
    const parts = splitByLocalDay('2026-10-03T13:30:00Z', '2026-10-04T13:00:00Z', 'Australia/Lord_Howe');
    expect(parts.map((p) => p.day)).toEqual(['2026-10-04']);
    expect(hours(parts)).toEqual([23.5]);
  });

  it('uses the local day of Pacific/Kiritimati (UTC+14), a day ahead of UTC', () => {
    expect(localDay('2026-05-01T11:00:00Z', 'Pacific/Kiritimati')).toBe('2026-05-02');
    const parts = splitByLocalDay('2026-05-01T09:00:00Z', '2026-05-01T11:00:00Z', 'Pacific/Kiritimati');
    expect(parts.map((p) => [p.day, p.seconds / 3600])).toEqual([
      ['2026-05-01', 1],
      ['2026-05-02', 1],
    ]);
  });

  it('always adds up to the session, with no negative or empty part (property)', () => {
    const zones = ['Asia/Kolkata', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Kiritimati', 'Europe/London', 'UTC'];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 5 * 24 * 3600 }),
        fc.constantFrom(...zones),
        (start, seconds, zone) => {
          const end = new Date(start.getTime() + seconds * 1000);
          const parts = splitByLocalDay(start.toISOString(), end.toISOString(), zone);
          expect(parts.reduce((sum, p) => sum + p.seconds, 0)).toBeCloseTo(seconds, 6);
          expect(parts.every((p) => p.seconds > 0)).toBe(true);
          expect(new Set(parts.map((p) => p.day)).size).toBe(parts.length);
          expect(parts.every((p) => p.seconds <= 25 * 3600)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
