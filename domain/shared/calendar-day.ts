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

/** The YYYY-MM-DD day so many days after (or, negative, before) another. */
export function daysAfter(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** How many days a month has (`month` 1 to 12). */
export function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : MONTH_DAYS[month - 1];
}

/** Whether a YYYY-MM-DD day is the last of its month. */
export const isLastDayOfMonth = (day: string): boolean => Number(day.slice(8, 10)) === daysInMonth(Number(day.slice(0, 4)), Number(day.slice(5, 7)));

/**
 * Each day from one to another, both included, with its ISO weekday (1 is
 * Monday): counted on rather than parsed day by day, as a year of hundreds
 * of accounts walks many days.
 */
export function eachDay(from: string, through: string): { day: string; weekday: number }[] {
  const days: { day: string; weekday: number }[] = [];
  let [year, month, date] = from.split('-').map(Number);
  let weekday = new Date(`${from}T00:00:00Z`).getUTCDay() || 7;
  for (;;) {
    const day = `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
    if (day > through) return days;
    days.push({ day, weekday });
    weekday = (weekday % 7) + 1;
    if (++date > daysInMonth(year, month)) {
      date = 1;
      if (++month > 12) {
        month = 1;
        year++;
      }
    }
  }
}
