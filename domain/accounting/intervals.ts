/** A half-open stretch of time [start, end), in epoch milliseconds. */
export interface Interval {
  start: number;
  end: number;
}

/** The moments covered by any of the intervals: sorted, overlapping and adjacent ones merged, empty ones dropped. */
export function union(intervals: readonly Interval[]): Interval[] {
  const merged: Interval[] = [];
  for (const { start, end } of [...intervals].sort((a, b) => a.start - b.start)) {
    if (end <= start) continue;
    const last = merged.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else merged.push({ start, end });
  }
  return merged;
}

/** The parts of `interval` that `covered` (sorted and merged, as `union` returns it) leaves free. */
export function subtract(interval: Interval, covered: readonly Interval[]): Interval[] {
  const parts: Interval[] = [];
  let cursor = interval.start;
  for (let i = firstReaching(covered, cursor); i < covered.length && covered[i].start < interval.end; i++) {
    if (covered[i].start > cursor) parts.push({ start: cursor, end: covered[i].start });
    cursor = Math.max(cursor, covered[i].end);
  }
  if (cursor < interval.end) parts.push({ start: cursor, end: interval.end });
  return parts;
}

export function totalMs(intervals: readonly Interval[]): number {
  return intervals.reduce((sum, { start, end }) => sum + (end - start), 0);
}

/**
 * Adds `interval` to `covered` (sorted and merged) and returns the parts of
 * it that were not covered before. Unlike the functions above it changes the
 * list it is given: a person's thousands of samples in one batch then cost a
 * splice each, not a copy of the whole list.
 */
export function claim(covered: Interval[], interval: Interval): Interval[] {
  if (interval.end <= interval.start) return [];
  const free = subtract(interval, covered);
  const first = firstReaching(covered, interval.start);
  let last = first;
  while (last < covered.length && covered[last].start <= interval.end) last++;
  const start = last > first ? Math.min(interval.start, covered[first].start) : interval.start;
  const end = last > first ? Math.max(interval.end, covered[last - 1].end) : interval.end;
  covered.splice(first, last - first, { start, end });
  return free;
}

/** The index of the first interval of a sorted merged list that ends at or after `moment`. */
function firstReaching(covered: readonly Interval[], moment: number): number {
  let low = 0;
  let high = covered.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (covered[middle].end < moment) low = middle + 1;
    else high = middle;
  }
  return low;
}
