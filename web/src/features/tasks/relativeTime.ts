const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When something happened, as the task page says it (management §9): 'Just now'
 * under a minute, then 'Nm ago', 'Nh ago', 'Nd ago' under 7 days, otherwise the
 * date. A time slightly ahead of `now` (clock skew) is 'Just now'.
 */
export function relativeTime(at: string | Date, now: Date, locale?: string): string {
  const then = typeof at === 'string' ? new Date(at) : at;
  const elapsed = now.getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return then.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}
