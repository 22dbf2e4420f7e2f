import { describe, expect, it } from 'vitest';
import { breakMs, dayTotals, teamTotals } from './application-day.ts';

const part = (from: string, to: string | null) => ({ in: `2026-04-10T${from}:00.000Z`, out: to && `2026-04-10T${to}:00.000Z` });

describe('an application dashboard day', () => {
  it('takes the gaps between punches as the break, whatever their order, and none after an open punch', () => {
    expect(breakMs([])).toBe(0);
    expect(breakMs([part('04:00', '05:00')])).toBe(0);
    expect(breakMs([part('07:00', null), part('04:00', '05:00'), part('05:30', '06:30')])).toBe(60 * 60_000);
  });

  it('takes unproductive time from productive time, never below zero', () => {
    const figures = { trackedMs: 60_000, idleMs: 10_000, unproductiveMs: 20_000, parts: [], punchIn: null, punchOut: null };
    expect(dayTotals(figures).productiveMs).toBe(30_000);
    expect(dayTotals({ ...figures, unproductiveMs: 90_000 }).productiveMs).toBe(0);
  });

  it('sums a team’s people, with the earliest punch in and the latest punch out', () => {
    const person = (punchIn: string | null, punchOut: string | null) =>
      dayTotals({ trackedMs: 60_000, idleMs: 0, unproductiveMs: 0, parts: [part('04:00', '05:00'), part('06:00', '07:00')], punchIn, punchOut });
    expect(teamTotals([person('2026-04-10T05:00:00.000Z', null), person('2026-04-10T04:00:00.000Z', '2026-04-10T07:00:00.000Z')])).toEqual({
      trackedMs: 120_000,
      productiveMs: 120_000,
      idleMs: 0,
      unproductiveMs: 0,
      breakMs: 2 * 60 * 60_000,
      punchIn: '2026-04-10T04:00:00.000Z',
      punchOut: '2026-04-10T07:00:00.000Z',
    });
  });
});
