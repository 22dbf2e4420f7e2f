import { describe, expect, it } from 'vitest';
import { breakMs, teamTotals } from './application-day.ts';

const part = (from: string, to: string | null) => ({ in: `2026-04-10T${from}:00.000Z`, out: to && `2026-04-10T${to}:00.000Z` });

describe('an application dashboard day', () => {
  it('takes the gaps between punches as the break, whatever their order, and none after an open punch', () => {
    expect(breakMs([])).toBe(0);
    expect(breakMs([part('04:00', '05:00')])).toBe(0);
    expect(breakMs([part('07:00', null), part('04:00', '05:00'), part('05:30', '06:30')])).toBe(60 * 60_000);
  });

  it('sums a team’s people, with the earliest punch in and the latest punch out', () => {
    const person = (punchIn: string | null, punchOut: string | null) => ({
      trackedMinutes: 1,
      idleMinutes: 0,
      unproductiveMinutes: 0,
      productiveMinutes: 1,
      breakMs: breakMs([part('04:00', '05:00'), part('06:00', '07:00')]),
      punchIn,
      punchOut,
    });
    expect(teamTotals([person('2026-04-10T05:00:00.000Z', null), person('2026-04-10T04:00:00.000Z', '2026-04-10T07:00:00.000Z')])).toEqual({
      trackedMinutes: 2,
      idleMinutes: 0,
      unproductiveMinutes: 0,
      productiveMinutes: 2,
      breakMs: 2 * 60 * 60_000,
      punchIn: '2026-04-10T04:00:00.000Z',
      punchOut: '2026-04-10T07:00:00.000Z',
    });
  });
});
