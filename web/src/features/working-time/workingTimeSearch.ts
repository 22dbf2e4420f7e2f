import { stringSearch } from '../../lib/stringSearch';

/** /working-time's view in the URL: `month` (YYYY-MM) and `user`, the person shown (one's own by default). */
export interface WorkingTimeSearch {
  month?: string;
  user?: string;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Keeps a well-formed month and the person; anything else shows the viewer's current month. */
export function workingTimeSearch(search: Record<string, unknown>): WorkingTimeSearch {
  const { month, user } = stringSearch('month', 'user')(search);
  return { ...(month && MONTH.test(month) ? { month } : {}), ...(user ? { user } : {}) };
}
