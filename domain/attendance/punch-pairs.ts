import { Temporal } from 'temporal-polyfill';
import { splitByLocalDay } from '../time-tracking/local-days.ts';

/**
 * A punch in, as attendance follows it: its zone and local day, the last
 * local day it reaches while open (a timer session running through midnight
 * carries it on, as the tracker's punch status does), and its punch out once
 * there is one.
 */
export interface FollowedPunch {
  punchIn: string;
  timeZone: string;
  day: string;
  reachDay: string;
  punchOut: string | null;
}

/** A punch's part on one local day; `out` null while open, or for good when it was never punched out. */
export interface PunchPart {
  day: string;
  in: string;
  out: string | null;
  /** The in is the day's start: the punch began on an earlier day. */
  continued: boolean;
  /** The out is the day's end: the punch goes on the next day. */
  continues: boolean;
}

/**
 * A punch cut at each local midnight of its zone, as the timer's sessions
 * are (so a DST day's part is 23 or 25 hours long). An open punch covers its
 * days up to its reach, the last part left open.
 */
export function punchParts(punch: FollowedPunch): PunchPart[] {
  const end = punch.punchOut ?? (punch.reachDay > punch.day ? startOfDay(punch.reachDay, punch.timeZone) : null);
  const closed = end ? splitByLocalDay(punch.punchIn, end, punch.timeZone) : [];
  const parts: PunchPart[] = closed.map((part, index) => ({ day: part.day, in: part.start, out: part.end, continued: index > 0, continues: true }));
  if (punch.punchOut === null) {
    const lastIn = end ?? punch.punchIn;
    parts.push({ day: punch.reachDay, in: lastIn, out: null, continued: end !== null, continues: false });
  } else if (parts.length === 0) {
    // A punch out at the very instant of its punch in.
    parts.push({ day: punch.day, in: punch.punchIn, out: punch.punchOut, continued: false, continues: false });
  } else {
    parts[parts.length - 1].continues = false;
  }
  return parts;
}

/** The first instant of a local day: midnight, or the first moment of a day whose midnight a DST switch skips. */
export function startOfDay(day: string, timeZone: string): string {
  const key = `${timeZone} ${day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    start = Temporal.PlainDate.from(day).toZonedDateTime({ timeZone }).toInstant().toString();
    if (dayStarts.size >= 5000) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return start;
}

/** Days' starts asked for lately: a projection batch asks for the same few days of one zone over and over, and Temporal's polyfill is slow to answer. */
const dayStarts = new Map<string, string>();

/** What a day's punch parts come to: time punched in (closed parts), check in and out, and the open part's in. */
export function summarizeParts(parts: readonly Pick<PunchPart, 'in' | 'out'>[]) {
  const sorted = [...parts].sort((a, b) => Date.parse(a.in) - Date.parse(b.in));
  const last = sorted.at(-1);
  const open = sorted.filter((part) => part.out === null).at(-1);
  return {
    punchedMs: sorted.reduce((sum, part) => sum + (part.out === null ? 0 : Date.parse(part.out) - Date.parse(part.in)), 0),
    checkIn: sorted[0]?.in ?? null,
    checkOut: last?.out ?? null,
    openIn: open?.in ?? null,
  };
}

/**
 * A day's work time once it is over: its closed pairs, and a punch never
 * punched out counted to the last time tracked that day after it, or not at
 * all: the product cannot know when the person stopped, so it counts only
 * what their own time log shows.
 */
export function finishedWorkMs({ punchedMs, openIn, lastActivityAt }: { punchedMs: number; openIn: string | null; lastActivityAt: string | null }): number {
  if (!openIn || !lastActivityAt) return punchedMs;
  return punchedMs + Math.max(0, Date.parse(lastActivityAt) - Date.parse(openIn));
}

/** A day's work time now: on the person's today a punch still open counts to now; any other day as finished. */
export function workMs(day: { day: string; punchedMs: number; openInMs: number | null; finishedMs: number }, today: string, now: Date): number {
  if (day.openInMs === null || day.day !== today) return day.finishedMs;
  return day.punchedMs + Math.max(0, now.getTime() - day.openInMs);
}
