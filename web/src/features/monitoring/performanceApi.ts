import type { DayRange } from '../../../../domain/dashboards/range.ts';
import { api, type ApiAnswer } from '../../lib/api';

/** The performance dashboard over a range of days. */
export type PerformanceDashboard = ApiAnswer<'get', '/api/companies/{companyId}/performance'>;

/** One person's row of it. */
export type PerformancePerson = PerformanceDashboard['people'][number];

/** The performance dashboard's calls (api/monitoring/routes.ts); a null team is every team the viewer may see. */
export const performanceApi = {
  dashboard: (companyId: string, teamId: string | null, range: DayRange) =>
    api.get('/api/companies/{companyId}/performance', { path: { companyId }, query: { ...range, teamId: teamId ?? undefined } }),
  requestMonitoring: (companyId: string, userId: string, message: string) =>
    api.post('/api/companies/{companyId}/members/{userId}/request-monitoring', { path: { companyId, userId }, body: { message: message.trim() || null } }),
};
