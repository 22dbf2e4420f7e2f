/**
 * The dashboards' arithmetic (core §9), in one place. Time is kept in whole
 * milliseconds and money in cents; a view shows hours and minutes.
 */

/**
 * Productive time is tracked time less idle time and less the (non-idle)
 * time the desktop agent saw in applications categorised unproductive. An
 * application without a category is neutral: its time counts as productive.
 */
export function productiveMs(trackedMs: number, idleMs: number, unproductiveMs = 0): number {
  return Math.max(0, trackedMs - idleMs - unproductiveMs);
}

/** Whole hours and the minutes over them (minutes over 59 roll into hours), seconds dropped. */
export function hoursAndMinutes(ms: number): { hours: number; minutes: number } {
  const totalMinutes = Math.floor(Math.max(0, ms) / 60_000);
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}

/**
 * Earnings = (hours + minutes/60) × hourly rate, to the cent (core §9): the
 * time tracked at one rate, in whole minutes, times that rate in cents per hour.
 */
export function earningsCents(trackedMs: number, rateCentsPerHour: number): number {
  const { hours, minutes } = hoursAndMinutes(trackedMs);
  return Math.round((hours * 60 + minutes) * rateCentsPerHour / 60);
}

/** A rate as typed (dollars, maybe with cents) in cents per hour. */
export const rateCents = (dollarsPerHour: number) => Math.round(dollarsPerHour * 100);

/** A share of the whole in percent, 0 when there is no whole. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}
