import { clockText, durationText } from '../../../../domain/regularization/time-text.ts';

/** A request's time as typed on its day: "09:00–10:30 (1h 30m)". */
export function requestTime(request: { startMinute: number; durationMinutes: number }): string {
  const end = request.startMinute + request.durationMinutes;
  return `${clockText(request.startMinute)}–${end >= 24 * 60 ? '24:00' : clockText(end)} (${durationText(request.durationMinutes)})`;
}
