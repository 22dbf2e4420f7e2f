import type { AppCategory } from '../../../../domain/app-usage/events.ts';
import { api } from '../../lib/api';

/** The application usage calls (api/app-usage/routes.ts); a null team is every team the viewer may see. */
export const appUsageApi = {
  person: (companyId: string, userId: string, day: string) =>
    api.get('/api/companies/{companyId}/application-dashboard', { path: { companyId }, query: { day, userId } }),
  team: (companyId: string, teamId: string | null, day: string) =>
    api.get('/api/companies/{companyId}/application-dashboard/team', { path: { companyId }, query: { day, teamId: teamId ?? undefined } }),
  personOpeningDay: (companyId: string, userId: string) =>
    api.get('/api/companies/{companyId}/application-dashboard/opening-day', { path: { companyId }, query: { userId } }),
  teamOpeningDay: (companyId: string, teamId: string | null) =>
    api.get('/api/companies/{companyId}/application-dashboard/team/opening-day', { path: { companyId }, query: { teamId: teamId ?? undefined } }),
  categories: (companyId: string) => api.get('/api/companies/{companyId}/app-categories', { path: { companyId } }),
  setCategory: (companyId: string, application: string, category: AppCategory) =>
    api.put('/api/companies/{companyId}/app-categories', { path: { companyId }, body: { application, category } }),
};
