import { stringSearch } from '../../lib/stringSearch';

/** /application-dashboard: `user` the person shown, `day` the local day (YYYY-MM-DD; today without one). */
export const applicationDashboardSearch = stringSearch('user', 'day');

/** /application-dashboard-internal: `team` the team shown (all without one, for an Admin), `day` as above. */
export const applicationDashboardInternalSearch = stringSearch('team', 'day');
