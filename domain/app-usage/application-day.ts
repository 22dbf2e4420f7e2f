import { sumParts, type TimeParts } from '../accounting/time.ts';
import type { AppDayTotals } from './views.ts';

/** A day's part of a punch, as attendance keeps it: `out` null while open. */
interface PunchPart {
  in: string;
  out: string | null;
}

/**
 * The day's break (management §2): its punched span, first in to last out,
 * less the time punched in; that is, the gaps between its punches. A punch
 * still open ends no gap.
 */
export function breakMs(parts: readonly PunchPart[]): number {
  const sorted = [...parts].sort((a, b) => Date.parse(a.in) - Date.parse(b.in));
  let gaps = 0;
  for (let i = 1; i < sorted.length; i++) {
    const before = sorted[i - 1].out;
    if (before !== null) gaps += Math.max(0, Date.parse(sorted[i].in) - Date.parse(before));
  }
  return gaps;
}

/** A team's day: the sums of its people's, punch in the earliest and punch out the latest. */
export function teamTotals(people: readonly AppDayTotals[]): AppDayTotals {
  const instants = (pick: (t: AppDayTotals) => string | null) => people.map(pick).filter((at): at is string => at !== null).sort();
  const time: TimeParts = sumParts(people);
  return {
    trackedMinutes: time.trackedMinutes,
    idleMinutes: time.idleMinutes,
    unproductiveMinutes: time.unproductiveMinutes,
    productiveMinutes: time.productiveMinutes,
    breakMs: people.reduce((all, t) => all + t.breakMs, 0),
    punchIn: instants((t) => t.punchIn)[0] ?? null,
    punchOut: instants((t) => t.punchOut).at(-1) ?? null,
  };
}
