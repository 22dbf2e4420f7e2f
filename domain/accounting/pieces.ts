import { overlapMs, type Span } from './idle.ts';

/** A rate taking effect: cents per hour from `effectiveAt` (epoch ms) on; 0 is no rate. */
export interface RateChange {
  effectiveAt: number;
  rateCents: number;
}

/** A part of a session (or of approved manual time) on one local day. */
export interface DayPart {
  day: string;
  start: number;
  end: number;
}

/** The smallest piece the ledger prices: time of one local day at one rate, with the idle time in it. */
export interface TimePiece extends DayPart {
  /** Its place among the pieces of its day part: 0 unless a rate changed within it. */
  ratePart: number;
  rateCents: number;
  trackedMs: number;
  idleMs: number;
}

/** The rate in force at `at`: the latest change not after it (changes oldest first); 0 before any. */
export function rateAt(changes: readonly RateChange[], at: number): number {
  let rate = 0;
  for (const change of changes) {
    if (change.effectiveAt > at) break;
    rate = change.rateCents;
  }
  return rate;
}

/**
 * Time as the ledger keeps it: each day part cut where the rate changed
 * (the time before a change is priced at the old rate, the time after at the
 * new one), each piece with the idle time that falls in it.
 */
export function piecesOf(parts: readonly DayPart[], rates: readonly RateChange[], idle: readonly Span[]): TimePiece[] {
  return parts.flatMap((part) => {
    const cuts = rates.filter((change) => change.effectiveAt > part.start && change.effectiveAt < part.end).map((change) => change.effectiveAt);
    const bounds = [part.start, ...new Set(cuts), part.end];
    return bounds.slice(0, -1).map((start, ratePart) => {
      const end = bounds[ratePart + 1];
      return { day: part.day, start, end, ratePart, rateCents: rateAt(rates, start), trackedMs: end - start, idleMs: overlapMs(idle, start, end) };
    });
  });
}
