import { Temporal } from 'temporal-polyfill';

export const FALLBACK_TIME_ZONE = 'Asia/Kolkata';

export interface DayPart {
  /** The local calendar day, YYYY-MM-DD. */
  day: string;
  start: string;
  end: string;
  /** Real elapsed seconds in this part (a 25-hour day has 90,000). */
  seconds: number;
}

/**
 * Cuts [start, end) at each local midnight of the zone. Durations are real
 * elapsed time between instants, so DST days come out as 23 or 25 hours and
 * the parts always add up to the whole.
 */
export function splitByLocalDay(startIso: string, endIso: string, timeZone: string): DayPart[] {
  const end = Temporal.Instant.from(endIso);
  let cursor = Temporal.Instant.from(startIso);
  if (Temporal.Instant.compare(end, cursor) <= 0) return [];
  const parts: DayPart[] = [];
  for (;;) {
    const local = cursor.toZonedDateTimeISO(timeZone);
    // The next day's start: midnight, or the first moment of a day whose midnight a DST switch skips.
    const nextDay = local.toPlainDate().add({ days: 1 }).toZonedDateTime({ timeZone }).toInstant();
    const partEnd = Temporal.Instant.compare(nextDay, end) < 0 ? nextDay : end;
    parts.push({
      day: local.toPlainDate().toString(),
      start: cursor.toString(),
      end: partEnd.toString(),
      seconds: partEnd.epochMilliseconds / 1000 - cursor.epochMilliseconds / 1000,
    });
    if (partEnd === end) return parts;
    cursor = partEnd;
  }
}

/** The local calendar day of an instant in a zone. */
export function localDay(instantIso: string, timeZone: string): string {
  return Temporal.Instant.from(instantIso).toZonedDateTimeISO(timeZone).toPlainDate().toString();
}

const checkedZones = new Map<string, boolean>();

/** Whether Temporal knows the zone; remembered, as every timer start asks. */
export function isTimeZone(zone: string): boolean {
  let known = checkedZones.get(zone);
  if (known === undefined) {
    try {
      Temporal.Now.zonedDateTimeISO(zone);
      known = true;
    } catch {
      known = false;
    }
    if (checkedZones.size < 2000) checkedZones.set(zone, known);
  }
  return known;
}
