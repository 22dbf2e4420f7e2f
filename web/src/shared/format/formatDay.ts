import { Temporal } from 'temporal-polyfill';

/** A calendar day (YYYY-MM-DD) as the dashboards name it, e.g. "Mon, Jul 14, 2025". */
export function formatDay(day: string): string {
  return Temporal.PlainDate.from(day).toLocaleString('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });
}
