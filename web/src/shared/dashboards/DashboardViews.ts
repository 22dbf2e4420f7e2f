import type { ApiAnswer } from '../../lib/api';

/** The team dashboard over a range of days (core §2). */
export type TeamDashboard = ApiAnswer<'get', '/api/companies/{companyId}/dashboards/team'>;

/** One person's dashboard over a range of days. */
export type IndividualDashboard = ApiAnswer<'get', '/api/companies/{companyId}/dashboards/individual'>;

/** One day of the individual dashboard's daily table. */
export type DaySummary = IndividualDashboard['days'][number];

/** Tracked time and its parts in whole minutes, their shares of it, and whether the desktop agent saw usage. */
export type TimeTotals = TeamDashboard['totals'];

/** One day of one person in detail: time-log entries and punches. */
export type DayDetail = ApiAnswer<'get', '/api/companies/{companyId}/dashboards/individual/day'>;
