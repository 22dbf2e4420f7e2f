import { Temporal } from 'temporal-polyfill';

/** When a screenshot was taken, in the zone it was taken in, e.g. "Tue, Mar 10, 2026, 10:29:05". */
export function formatShotTime(instant: string, timeZone: string): string {
  return Temporal.Instant.from(instant)
    .toZonedDateTimeISO(timeZone)
    .toLocaleString('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
}
