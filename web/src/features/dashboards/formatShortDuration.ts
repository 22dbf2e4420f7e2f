import { hoursAndMinutes } from '../../../../domain/dashboards/time-summary.ts';

/** A duration for a chart's axis, only the parts it has: "8h", "1h 30m", "12m", "0h". */
export function formatShortDuration(ms: number): string {
  const { hours, minutes } = hoursAndMinutes(ms);
  if (minutes === 0) return `${hours}h`;
  return hours === 0 ? `${minutes}m` : `${hours}h ${minutes}m`;
}
