import { Temporal } from 'temporal-polyfill';

/** The wall-clock time (HH:mm, 24-hour) of an instant in a time zone. */
export function formatClock(instant: string, timeZone: string): string {
  return Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone).toPlainTime().toString({ smallestUnit: 'minute' });
}
