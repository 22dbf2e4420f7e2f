import { largestRemainder } from './allocation.ts';

export const MINUTE_MS = 60_000;

/** Minutes shown for a duration: the exact total truncated to whole minutes. */
export const wholeMinutes = (ms: number) => Math.floor(Math.max(0, ms) / MINUTE_MS);

/** Whole hours and the minutes over them (minutes over 59 roll into hours, core §9). */
export function hoursAndMinutes(minutes: number): { hours: number; minutes: number } {
  const whole = Math.max(0, Math.floor(minutes));
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}

/** The exact time of a person's day in one team (see dayParts). */
export interface ExactDay {
  trackedMs: number;
  idleMs: number;
  /** Non-idle time the desktop agent saw in applications the company counts as unproductive. */
  unproductiveMs: number;
}

/** The parts of tracked time as shown, in whole minutes: productive + unproductive + idle = tracked. */
export interface TimeParts {
  trackedMinutes: number;
  idleMinutes: number;
  unproductiveMinutes: number;
  productiveMinutes: number;
}

export const NO_TIME: TimeParts = { trackedMinutes: 0, idleMinutes: 0, unproductiveMinutes: 0, productiveMinutes: 0 };

/**
 * The accounting rule for a person's day in one team (the unit every figure
 * of time is a sum of): tracked, idle and unproductive time are their exact
 * totals truncated to whole minutes, idle never above tracked and
 * unproductive never above what is not idle; productive is the rest, so the
 * parts always add up to the tracked minutes (core §9: productive = total −
 * idle). Truncating never leaves the rest negative: ⌊T⌋ ≥ ⌊I⌋ + ⌊min(U, T − I)⌋.
 */
export function dayParts({ trackedMs, idleMs, unproductiveMs }: ExactDay): TimeParts {
  const trackedMinutes = wholeMinutes(trackedMs);
  const idleExact = Math.min(Math.max(0, idleMs), Math.max(0, trackedMs));
  const idleMinutes = wholeMinutes(idleExact);
  const unproductiveMinutes = wholeMinutes(Math.min(Math.max(0, unproductiveMs), Math.max(0, trackedMs) - idleExact));
  return { trackedMinutes, idleMinutes, unproductiveMinutes, productiveMinutes: trackedMinutes - idleMinutes - unproductiveMinutes };
}

/** Figures of several units together (a range, a team): the sums of theirs, which add up as each does. */
export function sumParts(parts: Iterable<TimeParts>): TimeParts {
  const sum = { ...NO_TIME };
  for (const part of parts) {
    sum.trackedMinutes += part.trackedMinutes;
    sum.idleMinutes += part.idleMinutes;
    sum.unproductiveMinutes += part.unproductiveMinutes;
    sum.productiveMinutes += part.productiveMinutes;
  }
  return sum;
}

/**
 * Each part's share of the whole in percent, to one decimal, adding up to
 * exactly 100 (largest remainder over tenths of a percent); all 0 without a whole.
 */
export function percentShares(parts: readonly number[]): number[] {
  const whole = parts.reduce((sum, part) => sum + part, 0);
  if (whole <= 0) return parts.map(() => 0);
  const tenths = largestRemainder(1000n, parts.map((part) => BigInt(part) * 1000n), BigInt(whole));
  return tenths.map((share) => Number(share) / 10);
}

/** One part's share of a whole in percent, to one decimal (a single gauge; 0 without a whole). */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

/** The parts' shares of tracked time, adding up to 100 (percentShares). */
export function timeShares(parts: TimeParts): { idle: number; unproductive: number; productive: number } {
  const [idle, unproductive, productive] = percentShares([parts.idleMinutes, parts.unproductiveMinutes, parts.productiveMinutes]);
  return { idle, unproductive, productive };
}
