/** The daily table shows a week at a time (core §9: the dashboard shows 7 days). */
const DAYS_PER_PAGE = 7;

/** The days, oldest first, in pages of a week ending on the last day: only the first, oldest page may be short. */
export function weeksOf<Day>(days: readonly Day[]): Day[][] {
  const weeks: Day[][] = [];
  for (let end = days.length; end > 0; end -= DAYS_PER_PAGE) weeks.unshift(days.slice(Math.max(0, end - DAYS_PER_PAGE), end));
  return weeks.length ? weeks : [[]];
}
