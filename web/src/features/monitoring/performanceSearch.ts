import { stringSearch } from '../../lib/stringSearch';
import { rangeSearch } from '../../shared/dashboards/dashboardSearch';

/** /v2/performance-dashboard: the range as the dashboards keep it, and `team` the team shown. */
export const performanceSearch = (search: Record<string, unknown>) => ({ ...stringSearch('team')(search), ...rangeSearch(search) });

export type PerformanceSearch = ReturnType<typeof performanceSearch>;
