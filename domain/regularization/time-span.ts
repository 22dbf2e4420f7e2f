import { Temporal } from 'temporal-polyfill';

/** Two instants, ISO text; the end is not included. */
export interface Span {
  start: string;
  end: string;
}

const MINUTE_MS = 60_000;

/** A local day in a zone, from its first moment to the next day's (23 or 25 hours over a DST change). */
export function localDaySpan(date: string, timeZone: string): Span {
  const day = Temporal.PlainDate.from(date);
  return { start: day.toZonedDateTime({ timeZone }).toInstant().toString(), end: day.add({ days: 1 }).toZonedDateTime({ timeZone }).toInstant().toString() };
}

/** Time typed as a start on a local day and a duration: the instants it covers, in real elapsed minutes. */
export function typedSpan(date: string, startMinute: number, durationMinutes: number, timeZone: string): Span {
  const plainTime = Temporal.PlainTime.from({ hour: Math.floor(startMinute / 60), minute: startMinute % 60 });
  const start = Temporal.PlainDate.from(date).toZonedDateTime({ timeZone, plainTime });
  return { start: start.toInstant().toString(), end: start.add({ minutes: durationMinutes }).toInstant().toString() };
}

export const spanMs = (span: Span) => Date.parse(span.end) - Date.parse(span.start);

export const overlaps = (a: Span, b: Span) => Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);

/** The part of a span inside another (zero long when they do not meet). */
export function clipped(span: Span, within: Span): Span {
  const start = Math.max(Date.parse(span.start), Date.parse(within.start));
  const end = Math.max(start, Math.min(Date.parse(span.end), Date.parse(within.end)));
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}

export const minutesMs = (minutes: number) => minutes * MINUTE_MS;
