import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { largestRemainder, shareOut } from './allocation.ts';
import { accountDay, type DayRow } from './day-account.ts';
import { idleSpans, overlapMs } from './idle.ts';
import { exactPrice, MS_PER_HOUR, roundedCents } from './money.ts';
import { piecesOf, rateAt } from './pieces.ts';
import { dayParts, percentShares, wholeMinutes } from './time.ts';

const RUNS = { numRuns: 2000 };
const ms = fc.integer({ min: 0, max: 26 * 3_600_000 });

describe('largestRemainder', () => {
  it('shares the total exactly, each share its exact value rounded down or up', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 15n }), { minLength: 1, maxLength: 30 }), fc.bigInt({ min: 1n, max: 3_600_000n }), (exact, unit) => {
        const sum = exact.reduce((a, b) => a + b, 0n);
        for (const total of [sum / unit, (sum + unit - 1n) / unit]) {
          if (total > exact.reduce((all, value) => all + (value + unit - 1n) / unit, 0n)) continue;
          const shares = largestRemainder(total, exact, unit);
          expect(shares.reduce((a, b) => a + b, 0n)).toBe(total);
          for (const [i, share] of shares.entries()) {
            expect(share >= exact[i] / unit).toBe(true);
            expect(share <= (exact[i] + unit - 1n) / unit).toBe(true);
          }
        }
      }),
      RUNS,
    );
  });

  it('gives the missing units to the largest remainders, the earlier row on a tie', () => {
    expect(shareOut(1, [30_000, 30_000, 59_000], 60_000)).toEqual([0, 0, 1]);
    expect(shareOut(1, [30_000, 30_000], 60_000)).toEqual([1, 0]);
    expect(shareOut(2, [40_000, 40_000, 59_000], 60_000)).toEqual([1, 0, 1]);
  });

  it('never gives a capped row more than its cap', () => {
    expect(shareOut(2, [50_000, 50_000, 10_000], 60_000, [0, 1, 5])).toEqual([0, 1, 1]);
    expect(shareOut(3, [0, 0, 0], 60_000, [1, 0, 5])).toEqual([1, 0, 2]);
  });
});

describe('dayParts', () => {
  it('shows each part truncated and productive as the rest, so the parts add up to tracked and none is negative', () => {
    fc.assert(
      fc.property(ms, ms, ms, (trackedMs, idleMs, unproductiveMs) => {
        const parts = dayParts({ trackedMs, idleMs, unproductiveMs });
        expect(parts.trackedMinutes).toBe(wholeMinutes(trackedMs));
        expect(parts.idleMinutes + parts.unproductiveMinutes + parts.productiveMinutes).toBe(parts.trackedMinutes);
        expect(parts.productiveMinutes).toBeGreaterThanOrEqual(0);
        expect(parts.idleMinutes).toBe(wholeMinutes(Math.min(idleMs, trackedMs)));
      }),
      RUNS,
    );
  });

  it('takes idle and unproductive time off tracked time (core §9: productive = total − idle)', () => {
    expect(dayParts({ trackedMs: 10 * 60_000 + 30_000, idleMs: 2 * 60_000 + 40_000, unproductiveMs: 3 * 60_000 + 20_000 })).toEqual({ trackedMinutes: 10, idleMinutes: 2, unproductiveMinutes: 3, productiveMinutes: 5 });
    expect(dayParts({ trackedMs: 60_000, idleMs: 120_000, unproductiveMs: 60_000 })).toEqual({ trackedMinutes: 1, idleMinutes: 1, unproductiveMinutes: 0, productiveMinutes: 0 });
  });
});

describe('percentShares', () => {
  it('adds up to 100 whenever there is a whole', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 5 }), (parts) => {
        const shares = percentShares(parts);
        const whole = parts.reduce((a, b) => a + b, 0);
        expect(Math.round(shares.reduce((a, b) => a + b, 0) * 10)).toBe(whole > 0 ? 1000 : 0);
      }),
      RUNS,
    );
    expect(percentShares([1, 1, 1])).toEqual([33.4, 33.3, 33.3]);
  });
});

describe('money', () => {
  it('prices 100 seconds at $60 an hour as $1.67, rounded once', () => {
    expect(roundedCents(exactPrice(100_000, 6000))).toBe(167n);
    expect(roundedCents(exactPrice(30_000, 1))).toBe(0n);
    expect(roundedCents(exactPrice(1_800_000, 1))).toBe(1n);
    expect(MS_PER_HOUR).toBe(3_600_000n);
  });
});

describe('idleSpans', () => {
  const session = { start: 0, end: 3_600_000 };
  const beat = fc.record({ at: fc.integer({ min: -60_000, max: 3_700_000 }), idleMinutes: fc.integer({ min: 0, max: 2 }) });

  it('places every idle minute just before its beat, within the session, never twice', () => {
    fc.assert(
      fc.property(fc.array(beat, { maxLength: 80 }), (beats) => {
        const spans = idleSpans(session, beats);
        for (const [i, span] of spans.entries()) {
          expect(span.start).toBeGreaterThanOrEqual(session.start);
          expect(span.end).toBeLessThanOrEqual(session.end);
          expect(span.start).toBeLessThan(span.end);
          if (i > 0) expect(span.start).toBeGreaterThan(spans[i - 1].end);
        }
        const reported = beats.filter((b) => b.at >= session.start && b.at <= session.end).reduce((sum, b) => sum + b.idleMinutes * 60_000, 0);
        const total = overlapMs(spans, session.start, session.end);
        expect(total).toBeLessThanOrEqual(reported);
        // Nothing is lost but what finds no room before its beat: each beat takes min(its idle, the room left before it).
        const inSession = beats.filter((b) => b.at >= session.start && b.at <= session.end && b.idleMinutes > 0).sort((a, b) => a.at - b.at);
        const expected = inSession.reduce((placed, b) => Math.min(placed + b.idleMinutes * 60_000, b.at - session.start), 0);
        expect(total).toBe(expected);
      }),
      RUNS,
    );
  });

  it('gives a beat just after local midnight the minutes before it, on both days (Asia/Kolkata, 10–11 Mar 2026)', () => {
    const start = Date.parse('2026-03-10T17:30:00Z');
    const midnight = Date.parse('2026-03-10T18:30:00Z');
    const end = Date.parse('2026-03-10T18:30:50Z');
    const spans = idleSpans({ start, end }, [{ at: Date.parse('2026-03-10T18:30:20Z'), idleMinutes: 2 }]);
    expect(overlapMs(spans, start, midnight)).toBe(100_000);
    expect(overlapMs(spans, midnight, end)).toBe(20_000);
  });

  it('stacks the beats of a slow agent back to back instead of on top of each other', () => {
    const spans = idleSpans(session, [
      { at: 600_000, idleMinutes: 1 },
      { at: 630_000, idleMinutes: 1 },
    ]);
    expect(spans).toEqual([{ start: 510_000, end: 630_000 }]);
  });
});

describe('piecesOf', () => {
  it('cuts a day part where the rate changed, pricing each piece at the rate in force then', () => {
    const rates = [
      { effectiveAt: 0, rateCents: 1000 },
      { effectiveAt: 5_400_000, rateCents: 2000 },
    ];
    const pieces = piecesOf([{ day: '2026-03-10', start: 3_600_000, end: 7_200_000 }], rates, [{ start: 5_000_000, end: 6_000_000 }]);
    expect(pieces).toEqual([
      { day: '2026-03-10', start: 3_600_000, end: 5_400_000, ratePart: 0, rateCents: 1000, trackedMs: 1_800_000, idleMs: 400_000 },
      { day: '2026-03-10', start: 5_400_000, end: 7_200_000, ratePart: 1, rateCents: 2000, trackedMs: 1_800_000, idleMs: 600_000 },
    ]);
    expect(rateAt(rates, -1)).toBe(0);
  });
});

describe('accountDay', () => {
  const row = fc.record({
    teamId: fc.constantFrom('a', 'b'),
    trackedMs: fc.integer({ min: 0, max: 10 * 3_600_000 }),
    idleShare: fc.double({ min: 0, max: 1, noNaN: true }),
    rateCents: fc.constantFrom(0, 1, 2999, 6000, 12345),
  });
  const rowsOf = (generated: { teamId: string; trackedMs: number; idleShare: number; rateCents: number }[]): DayRow[] =>
    generated.map(({ idleShare, ...r }) => ({ ...r, idleMs: Math.floor(r.trackedMs * idleShare) }));

  it('makes the rows of each team add up to its truncated total, and the rows of each rate to its price rounded once', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 25 }), (generated) => {
        const rows = rowsOf(generated);
        const figures = accountDay(rows);
        for (const team of ['a', 'b']) {
          const of = rows.flatMap((r, i) => (r.teamId === team ? [i] : []));
          expect(of.reduce((s, i) => s + figures[i].trackedMinutes, 0)).toBe(wholeMinutes(of.reduce((s, i) => s + rows[i].trackedMs, 0)));
          expect(of.reduce((s, i) => s + figures[i].idleMinutes, 0)).toBe(wholeMinutes(of.reduce((s, i) => s + rows[i].idleMs, 0)));
        }
        for (const rate of [1, 2999, 6000, 12345]) {
          const of = rows.flatMap((r, i) => (r.rateCents === rate ? [i] : []));
          const price = of.reduce((s, i) => s + exactPrice(rows[i].trackedMs, rate), 0n);
          expect(BigInt(of.reduce((s, i) => s + figures[i].earningsCents, 0))).toBe(roundedCents(price));
        }
        for (const [i, f] of figures.entries()) {
          expect(f.idleMinutes).toBeLessThanOrEqual(f.trackedMinutes);
          expect(Math.abs(f.trackedMinutes - rows[i].trackedMs / 60_000)).toBeLessThan(1);
          if (rows[i].rateCents === 0) expect(f.earningsCents).toBe(0);
        }
      }),
      RUNS,
    );
  });

  it('prices a 100-second day at $60 an hour at $1.67 on every surface, not $1.00 or $2.00', () => {
    expect(accountDay([{ teamId: 'a', trackedMs: 100_000, idleMs: 0, rateCents: 6000 }])).toEqual([{ trackedMinutes: 1, idleMinutes: 0, earningsCents: 167 }]);
  });

  it('lets rows of 30, 30 and 59 seconds show the day’s one minute once', () => {
    const figures = accountDay([30_000, 30_000, 59_000].map((trackedMs) => ({ teamId: 'a', trackedMs, idleMs: 0, rateCents: 6000 })));
    expect(figures.map((f) => f.trackedMinutes)).toEqual([0, 0, 1]);
    expect(figures.reduce((s, f) => s + f.earningsCents, 0)).toBe(198);
  });
});
