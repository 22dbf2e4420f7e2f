const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD: no zero day, month or year, no 31 February. */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  if (year === 0 || month === 0 || day === 0) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Management §9: the earliest year of leave, regularization and leave policies. */
export const FIRST_YEAR = 2023;

/** The year of a YYYY-MM-DD day. */
export const yearOf = (day: string) => Number(day.slice(0, 4));
