import { Temporal } from 'temporal-polyfill';

export const FALLBACK_TIME_ZONE = 'Asia/Kolkata';

/** The zone a client sent, when it is one; else the fallback. */
export const zoneOrFallback = (zone: string | null) => (zone && isTimeZone(zone) ? zone : FALLBACK_TIME_ZONE);

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
 * elapsed time between instants, counted in whole milliseconds, so DST days
 * come out as 23 or 25 hours and the parts always add up to the whole.
 */
export function splitByLocalDay(startIso: string, endIso: string, timeZone: string): DayPart[] {
  const end = Temporal.Instant.from(endIso);
  let cursor = Temporal.Instant.from(startIso);
  if (Temporal.Instant.compare(end, cursor) <= 0) return [];
  const parts: DayPart[] = [];
  for (;;) {
    const nextDay = nextDayStart(cursor, timeZone);
    const partEnd = Temporal.Instant.compare(nextDay, end) < 0 ? nextDay : end;
    parts.push({
      day: localDay(cursor.toString(), timeZone),
      start: cursor.toString(),
      end: partEnd.toString(),
      seconds: (partEnd.epochMilliseconds - cursor.epochMilliseconds) / 1000,
    });
    if (partEnd === end) return parts;
    cursor = partEnd;
  }
}

/**
 * The first start of a later local day after `cursor`: midnight, or the first
 * moment of a day whose midnight a DST switch skips. Where a zone sets its
 * clock back over midnight (America/St_Johns in 1990), the next day's first
 * midnight can lie before `cursor`; its repeated, later midnight is taken then.
 */
function nextDayStart(cursor: Temporal.Instant, timeZone: string): Temporal.Instant {
  for (let day = cursor.toZonedDateTimeISO(timeZone).toPlainDate().add({ days: 1 }); ; day = day.add({ days: 1 })) {
    const first = day.toZonedDateTime({ timeZone }).toInstant();
    if (Temporal.Instant.compare(first, cursor) > 0) return first;
    const later = day.toPlainDateTime().toZonedDateTime(timeZone, { disambiguation: 'later' }).toInstant();
    if (Temporal.Instant.compare(later, cursor) > 0) return later;
  }
}

/** The local calendar day of an instant in a zone. */
export function localDay(instantIso: string, timeZone: string): string {
  const ms = instantIso.endsWith('Z') ? Date.parse(instantIso) : Number.NaN;
  if (!Number.isNaN(ms)) {
    const local = new Date(ms + offsetMsAt(ms, timeZone));
    const year = local.getUTCFullYear();
    if (year >= 1000 && year <= 9999) return local.toISOString().slice(0, 10);
  }
  return Temporal.Instant.from(instantIso).toZonedDateTimeISO(timeZone).toPlainDate().toString();
}

/**
 * Per zone, the span between two of its transitions that was last asked
 * about, with its UTC offset. Every timer and punch command asks for today
 * in the person's zone; Temporal's polyfill took a tenth of a timer
 * command's time to answer it.
 */
const offsetSpans = new Map<string, { from: number; until: number; offsetMs: number }>();

function offsetMsAt(ms: number, timeZone: string): number {
  const known = offsetSpans.get(timeZone);
  if (known && ms >= known.from && ms < known.until) return known.offsetMs;
  const zoned = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone);
  const offsetMs = zoned.offsetNanoseconds / 1_000_000;
  // The last transition up to `ms` itself (transitions fall on whole seconds), and the next one after it.
  const from = zoned.add({ milliseconds: 1 }).getTimeZoneTransition('previous')?.epochMilliseconds ?? Number.NEGATIVE_INFINITY;
  const until = zoned.getTimeZoneTransition('next')?.epochMilliseconds ?? Number.POSITIVE_INFINITY;
  if (ms >= from && ms < until && (offsetSpans.has(timeZone) || offsetSpans.size < 2000)) offsetSpans.set(timeZone, { from, until, offsetMs });
  return offsetMs;
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
