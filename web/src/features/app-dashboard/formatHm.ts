import { hoursAndMinutes } from '../../../../domain/accounting/time.ts';

/** Whole minutes as the application dashboard shows its day's figures: 'Xhrs Ymins', e.g. '0hrs 5mins' (formatHms without the seconds, which the minutes no longer have). */
export function formatHm(minutes: number): string {
  const parts = hoursAndMinutes(minutes);
  return `${parts.hours}hrs ${parts.minutes}mins`;
}
