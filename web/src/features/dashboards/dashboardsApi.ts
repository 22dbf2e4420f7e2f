import type { DayRange } from '../../../../domain/dashboards/range.ts';
import type { DashboardPeople, DayDetail, IndividualDashboard, TeamDashboard } from '../../../../domain/dashboards/views.ts';
import { api } from '../../lib/api';

const dashboardsPath = (companyId: string, path: string, query: Record<string, string | null>) => {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== null));
  const search = params.toString() ? `?${params}` : '';
  return `/api/companies/${encodeURIComponent(companyId)}/dashboards${path}${search}`;
};

/** The dashboard calls (api/routes/dashboards.ts); a null team is every team the viewer may see. */
export const dashboardsApi = {
  team: (companyId: string, teamId: string | null, range: DayRange) =>
    api.get<TeamDashboard>(dashboardsPath(companyId, '/team', { ...range, teamId })),
  individual: (companyId: string, userId: string, range: DayRange) =>
    api.get<IndividualDashboard>(dashboardsPath(companyId, '/individual', { ...range, userId })),
  day: (companyId: string, userId: string, day: string) =>
    api.get<DayDetail>(dashboardsPath(companyId, '/individual/day', { day, userId })),
  people: (companyId: string) => api.get<DashboardPeople>(dashboardsPath(companyId, '/people', {})),
};
