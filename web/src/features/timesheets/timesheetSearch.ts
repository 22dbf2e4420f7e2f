import { stringSearch } from '../../lib/stringSearch';

/** /timesheet's view in the URL: `day`, any day of the period shown, and `user`, whose timesheet (one's own by default). */
export interface TimesheetSearch {
  day?: string;
  user?: string;
}

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Keeps a well-formed day and the person; anything else shows one's own current period. */
export function timesheetSearch(search: Record<string, unknown>): TimesheetSearch {
  const { day, user } = stringSearch('day', 'user')(search);
  return { ...(day && DAY.test(day) ? { day } : {}), ...(user ? { user } : {}) };
}
