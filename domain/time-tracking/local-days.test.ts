import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
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

  it('keeps whole milliseconds: a 60-second session is 60 seconds, not 59.99999976', () => {
    const parts = splitByLocalDay('2038-01-19T03:13:08.002Z', '2038-01-19T03:14:08.002Z', 'UTC');
    expect(parts.map((p) => p.seconds)).toEqual([60]);
    expect(Math.floor(parts[0].seconds / 60)).toBe(1);
  });

  it('keeps every part within the session when the zone moves the local date back (America/St_Johns, 1990)', () => {
    // At 1990-10-28T02:31Z St. John's went from 00:01 on 28 October back to 23:01 on 27 October.
    for (const [start, end] of [
      ['1990-10-28T02:00:00Z', '1990-10-28T04:00:00Z'],
      ['1990-10-28T02:45:00Z', '1990-10-28T04:00:00Z'],
      ['1990-10-28T02:31:00Z', '1990-10-28T03:30:00Z'],
    ]) {
      const parts = splitByLocalDay(start, end, 'America/St_Johns');
      const ms = (iso: string) => Date.parse(iso);
      expect(parts.length).toBeGreaterThan(0);
      expect(ms(parts[0].start)).toBe(ms(start));
      expect(ms(parts.at(-1)!.end)).toBe(ms(end));
      parts.forEach((part, i) => {
        expect(ms(part.end)).toBeGreaterThan(ms(part.start));
        expect(part.seconds).toBe((ms(part.end) - ms(part.start)) / 1000);
        expect(part.day).toBe(localDay(part.start, 'America/St_Johns'));
        if (i > 0) expect(ms(part.start)).toBe(ms(parts[i - 1].end));
        if (i > 0) expect(part.day > parts[i - 1].day).toBe(true);
      });
      expect(parts.reduce((sum, p) => sum + p.seconds, 0)).toBe((ms(end) - ms(start)) / 1000);
    }
  });

  it.each([
    ['America/St_Johns', '1990-10-28T02:31:00Z'],
    ['America/Goose_Bay', '1990-10-28T03:01:00Z'],
    ['America/Moncton', '1993-10-31T03:01:00Z'],
    ['Antarctica/Casey', '2010-03-04T15:00:00Z'],
  ])('keeps the parts in order around %s setting its clock back over midnight at %s (property)', (zone, switchedAt) => {
    const switchMs = Date.parse(switchedAt);
    fc.assert(
      fc.property(fc.integer({ min: -2 * 24 * 3600_000, max: 24 * 3600_000 }), fc.integer({ min: 1, max: 3 * 24 * 3600_000 }), (offsetMs, durationMs) => {
        const start = switchMs + offsetMs;
        const end = start + durationMs;
        const parts = splitByLocalDay(new Date(start).toISOString(), new Date(end).toISOString(), zone);
        expect(Date.parse(parts[0].start)).toBe(start);
        expect(Date.parse(parts.at(-1)!.end)).toBe(end);
        parts.forEach((part, i) => {
          expect(part.seconds).toBeGreaterThan(0);
          expect(Math.round(part.seconds * 1000)).toBe(Date.parse(part.end) - Date.parse(part.start));
          if (i > 0) expect(Date.parse(part.start)).toBe(Date.parse(parts[i - 1].end));
          if (i > 0) expect(part.day > parts[i - 1].day).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
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

describe('the local day of an instant', () => {
  const temporalDay = (iso: string, zone: string) => Temporal.Instant.from(iso).toZonedDateTimeISO(zone).toPlainDate().toString();
  const zones = ['Asia/Kolkata', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Kiritimati', 'America/St_Johns', 'Europe/London', 'Pacific/Apia', 'UTC'];

  it('agrees with Temporal at every transition of a zone, a millisecond either side, and in any order asked (property)', () => {
    const transitions = zones.flatMap((zone) => {
      const found: [string, number][] = [];
      let at: Temporal.ZonedDateTime | null = Temporal.Instant.from('1985-01-01T00:00:00Z').toZonedDateTimeISO(zone);
      while (at && at.year < 2032) {
        at = at.getTimeZoneTransition('next');
        if (at) found.push([zone, at.epochMilliseconds]);
      }
      return found;
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...transitions), fc.integer({ min: -2, max: 2 }), fc.integer({ min: -30, max: 30 })), { minLength: 1, maxLength: 20 }), (asked) => {
        for (const [[zone, transition], ms, hours] of asked) {
          for (const iso of [new Date(transition + ms).toISOString(), new Date(transition + hours * 3_600_000).toISOString()]) {
            expect(localDay(iso, zone)).toBe(temporalDay(iso, zone));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with Temporal for instants written with an offset, and refuses what is no instant', () => {
    expect(localDay('2026-03-10T23:30:00+05:30', 'Asia/Kolkata')).toBe('2026-03-10');
    expect(() => localDay('2026-03-10T23:30:00', 'Asia/Kolkata')).toThrow(RangeError);
    expect(() => localDay('2026-03-10T23:30:00Z', 'Mars/Olympus')).toThrow(RangeError);
  });
});
