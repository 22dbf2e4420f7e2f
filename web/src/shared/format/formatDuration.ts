import { hoursAndMinutes } from '../../../../domain/accounting/time.ts';

/** Whole minutes as every page shows them: whole hours and two-digit minutes, e.g. "7h 05m". */
export function formatDuration(minutes: number): string {
  const parts = hoursAndMinutes(minutes);
  return `${parts.hours}h ${String(parts.minutes).padStart(2, '0')}m`;
}
