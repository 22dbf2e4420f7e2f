import { hoursAndMinutes } from '../../../../domain/accounting/time.ts';

/** Minutes on a chart's axis, only the parts they have: "8h", "1h 30m", "12m", "0h". */
export function formatShortDuration(minutes: number): string {
  const parts = hoursAndMinutes(minutes);
  if (parts.minutes === 0) return `${parts.hours}h`;
  return parts.hours === 0 ? `${parts.minutes}m` : `${parts.hours}h ${parts.minutes}m`;
}
