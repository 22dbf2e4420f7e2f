import { hoursAndMinutes } from '../../../../domain/dashboards/time-summary.ts';

/** A duration as every dashboard shows it: whole hours and two-digit minutes, e.g. "7h 05m". */
export function formatDuration(ms: number): string {
  const { hours, minutes } = hoursAndMinutes(ms);
  return `${hours}h ${String(minutes).padStart(2, '0')}m`;
}
