import { describe, expect, it } from 'vitest';
import { finishedWorkMs, type FollowedPunch, punchParts, startOfDay, summarizeParts, workMs } from './punch-pairs.ts';

const HOUR = 3_600_000;
const punch = (overrides: Partial<FollowedPunch>): FollowedPunch => ({
  punchIn: '2026-03-10T03:30:00Z',
  timeZone: 'Asia/Kolkata',
  day: '2026-03-10',
  reachDay: '2026-03-10',
  punchOut: null,
  ...overrides,
});
const lengths = (parts: { in: string; out: string | null }[]) => parts.map((p) => (p.out ? (Date.parse(p.out) - Date.parse(p.in)) / HOUR : null));

describe('punch pairs per local day', () => {
  it('keeps a pair within one day whole', () => {
    const parts = punchParts(punch({ punchOut: '2026-03-10T12:30:00Z' }));
    expect(parts).toEqual([{ day: '2026-03-10', in: '2026-03-10T03:30:00Z', out: '2026-03-10T12:30:00Z', continued: false, continues: false }]);
  });

  it('cuts a pair over midnight in the punch’s zone, as the timer’s sessions are', () => {
    // 22:00 on the 10th to 02:00 on the 11th in Kolkata.
    const parts = punchParts(punch({ punchIn: '2026-03-10T16:30:00Z', punchOut: '2026-03-10T20:30:00Z', reachDay: '2026-03-11' }));
    expect(parts.map((p) => [p.day, p.continued, p.continues])).toEqual([
      ['2026-03-10', false, true],
      ['2026-03-11', true, false],
    ]);
    expect(parts[0].out).toBe('2026-03-10T18:30:00Z');
    expect(lengths(parts)).toEqual([2, 2]);
  });

  it('gives a DST day its real length: the night of the switch in New York is an hour shorter', () => {
    // 22:00 EST on Saturday 7 March to 06:00 EDT on Sunday 8 March: 7 real hours.
    const parts = punchParts(punch({ punchIn: '2026-03-08T03:00:00Z', timeZone: 'America/New_York', day: '2026-03-07', punchOut: '2026-03-08T10:00:00Z' }));
    expect(parts.map((p) => p.day)).toEqual(['2026-03-07', '2026-03-08']);
    expect(lengths(parts)).toEqual([2, 5]);
  });

  it('counts days far from UTC in their own zone', () => {
    // Kiritimati is UTC+14: 23:00 on 1 May to 01:00 on 2 May there, all of it 1 May in UTC.
    const parts = punchParts(punch({ punchIn: '2026-05-01T09:00:00Z', timeZone: 'Pacific/Kiritimati', day: '2026-05-01', punchOut: '2026-05-01T11:00:00Z' }));
    expect(parts.map((p) => p.day)).toEqual(['2026-05-01', '2026-05-02']);
    expect(lengths(parts)).toEqual([1, 1]);
  });

  it('leaves an open punch open on its last day', () => {
    expect(punchParts(punch({}))).toEqual([{ day: '2026-03-10', in: '2026-03-10T03:30:00Z', out: null, continued: false, continues: false }]);
  });

  it('carries an open punch to the day a session under it ran into', () => {
    const parts = punchParts(punch({ punchIn: '2026-03-10T16:30:00Z', reachDay: '2026-03-11' }));
    expect(parts).toEqual([
      { day: '2026-03-10', in: '2026-03-10T16:30:00Z', out: '2026-03-10T18:30:00Z', continued: false, continues: true },
      { day: '2026-03-11', in: '2026-03-10T18:30:00Z', out: null, continued: true, continues: false },
    ]);
  });

  it('keeps a punch out at the instant of its punch in as an empty pair', () => {
    const parts = punchParts(punch({ punchOut: '2026-03-10T03:30:00Z' }));
    expect(lengths(parts)).toEqual([0]);
  });

  it('finds the first moment of a day whose midnight a DST switch skips', () => {
    // Santiago skipped from 00:00 to 01:00 on 6 September 2026.
    expect(startOfDay('2026-09-06', 'America/Santiago')).toBe('2026-09-06T04:00:00Z');
  });

  it('answers a day asked for again, in another zone too, as the first time', () => {
    expect([startOfDay('2026-03-10', 'Asia/Kolkata'), startOfDay('2026-03-10', 'UTC'), startOfDay('2026-03-10', 'Asia/Kolkata')]).toEqual([
      '2026-03-09T18:30:00Z',
      '2026-03-10T00:00:00Z',
      '2026-03-09T18:30:00Z',
    ]);
  });
});

describe('a day’s work time', () => {
  const parts = [
    { in: '2026-03-10T03:30:00Z', out: '2026-03-10T07:30:00Z' },
    { in: '2026-03-10T08:30:00Z', out: null },
  ];

  it('sums closed pairs and keeps the first in, the last out and the open in', () => {
    expect(summarizeParts(parts)).toEqual({ punchedMs: 4 * HOUR, checkIn: '2026-03-10T03:30:00Z', checkOut: null, openIn: '2026-03-10T08:30:00Z' });
    expect(summarizeParts(parts.slice(0, 1)).checkOut).toBe('2026-03-10T07:30:00Z');
  });

  it('counts an open punch to now today, to the last tracked time on a past day, and not at all without any', () => {
    const open = { punchedMs: 4 * HOUR, openIn: '2026-03-10T08:30:00Z', lastActivityAt: '2026-03-10T10:30:00Z' };
    expect(finishedWorkMs(open)).toBe(6 * HOUR);
    expect(finishedWorkMs({ ...open, lastActivityAt: null })).toBe(4 * HOUR);
    expect(finishedWorkMs({ ...open, lastActivityAt: '2026-03-10T08:00:00Z' })).toBe(4 * HOUR);
    const day = { day: '2026-03-10', punchedMs: 4 * HOUR, openInMs: Date.parse(open.openIn), finishedMs: 6 * HOUR };
    expect(workMs(day, '2026-03-10', new Date('2026-03-10T11:30:00Z'))).toBe(7 * HOUR);
    expect(workMs(day, '2026-03-11', new Date('2026-03-11T11:30:00Z'))).toBe(6 * HOUR);
    expect(workMs({ ...day, openInMs: null }, '2026-03-10', new Date('2026-03-10T11:30:00Z'))).toBe(6 * HOUR);
  });
});
