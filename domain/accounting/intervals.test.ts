import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claim, type Interval, subtract, totalMs, union } from './intervals.ts';

// Short intervals on a short line, so that they overlap and touch often.
const LINE = 300;
const interval = fc.record({ start: fc.integer({ min: 0, max: LINE }), length: fc.integer({ min: 0, max: 60 }) }).map(({ start, length }) => ({ start, end: start + length }));
const intervals = fc.array(interval, { maxLength: 20 });
const permuted = intervals.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })));

const covers = (list: readonly Interval[], moment: number) => list.some(({ start, end }) => start <= moment && moment < end);
const moments = Array.from({ length: LINE + 61 }, (_, moment) => moment);
const clip = (list: readonly Interval[], to: Interval) =>
  list.map(({ start, end }) => ({ start: Math.max(start, to.start), end: Math.min(end, to.end) })).filter(({ start, end }) => start < end);

describe('the union of intervals', () => {
  it('merges overlapping and adjacent intervals and drops empty ones', () => {
    expect(union([{ start: 20, end: 30 }, { start: 0, end: 10 }, { start: 10, end: 15 }, { start: 25, end: 26 }, { start: 40, end: 40 }])).toEqual([
      { start: 0, end: 15 },
      { start: 20, end: 30 },
    ]);
  });

  it('covers the moments its intervals cover, sorted, with a gap between any two', () => {
    fc.assert(
      fc.property(intervals, (list) => {
        const merged = union(list);
        expect(moments.filter((moment) => covers(merged, moment) !== covers(list, moment))).toEqual([]);
        merged.forEach((part, i) => {
          expect(part.start).toBeLessThan(part.end);
          if (i > 0) expect(part.start).toBeGreaterThan(merged[i - 1].end);
        });
      }),
    );
  });

  it('is idempotent and does not depend on order', () => {
    fc.assert(
      fc.property(permuted, ([list, shuffled]) => {
        expect(union(union(list))).toEqual(union(list));
        expect(union(shuffled)).toEqual(union(list));
      }),
    );
  });

  it('totals at most the sum of the intervals and at least the largest', () => {
    fc.assert(
      fc.property(intervals, (list) => {
        const total = totalMs(union(list));
        expect(total).toBeLessThanOrEqual(totalMs(list));
        expect(total).toBeGreaterThanOrEqual(Math.max(0, ...list.map((one) => totalMs([one]))));
      }),
    );
  });
});

describe('an interval less what is covered', () => {
  it('keeps the gaps and the ends', () => {
    expect(subtract({ start: 0, end: 100 }, [{ start: -10, end: 10 }, { start: 20, end: 30 }, { start: 90, end: 120 }])).toEqual([
      { start: 10, end: 20 },
      { start: 30, end: 90 },
    ]);
    expect(subtract({ start: 5, end: 10 }, [{ start: 0, end: 10 }])).toEqual([]);
    expect(subtract({ start: 5, end: 10 }, [])).toEqual([{ start: 5, end: 10 }]);
  });

  it('lies inside the interval, meets nothing covered, and with the covered parts makes up the interval exactly', () => {
    fc.assert(
      fc.property(interval, intervals, (whole, list) => {
        const covered = union(list);
        const parts = subtract(whole, covered);
        for (const part of parts) {
          expect(part.start).toBeGreaterThanOrEqual(whole.start);
          expect(part.end).toBeLessThanOrEqual(whole.end);
          expect(part.start).toBeLessThan(part.end);
        }
        expect(moments.filter((moment) => covers(parts, moment) && covers(covered, moment))).toEqual([]);
        const coveredParts = clip(covered, whole);
        expect(totalMs(parts) + totalMs(coveredParts)).toBe(whole.end - whole.start);
        expect(union([...parts, ...coveredParts])).toEqual(union([whole]));
      }),
    );
  });
});

describe('claiming an interval', () => {
  it('returns what was free and leaves the union in the list', () => {
    fc.assert(
      fc.property(intervals, interval, (list, added) => {
        const covered = union(list);
        const before = covered.map((part) => ({ ...part }));
        expect(claim(covered, added)).toEqual(subtract(added, before));
        expect(covered).toEqual(union([...before, added]));
      }),
    );
  });

  it('counts each moment once, for the first interval that claims it', () => {
    const covered: Interval[] = [];
    expect(claim(covered, { start: 0, end: 10 })).toEqual([{ start: 0, end: 10 }]);
    expect(claim(covered, { start: 20, end: 30 })).toEqual([{ start: 20, end: 30 }]);
    expect(claim(covered, { start: 5, end: 25 })).toEqual([{ start: 10, end: 20 }]);
    expect(claim(covered, { start: 0, end: 30 })).toEqual([]);
    expect(covered).toEqual([{ start: 0, end: 30 }]);
  });
});
