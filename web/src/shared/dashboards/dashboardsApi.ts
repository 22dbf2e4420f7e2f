import type { DayRange } from '../../../../domain/dashboards/range.ts';
import { api } from '../../lib/api';

/** The dashboard calls (api/dashboards/routes.ts); a null team is every team the viewer may see. */
export const dashboardsApi = {
  team: (companyId: string, teamId: string | null, range: DayRange) =>
    api.get('/api/companies/{companyId}/dashboards/team', { path: { companyId }, query: { ...range, teamId: teamId ?? undefined } }),
  individual: (companyId: string, userId: string, range: DayRange) =>
    api.get('/api/companies/{companyId}/dashboards/individual', { path: { companyId }, query: { ...range, userId } }),
  day: (companyId: string, userId: string, day: string) =>
    api.get('/api/companies/{companyId}/dashboards/individual/day', { path: { companyId }, query: { day, userId } }),
  people: (companyId: string) => api.get('/api/companies/{companyId}/dashboards/people', { path: { companyId } }),
};
