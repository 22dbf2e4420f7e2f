import { api, type ApiBody } from '../../lib/api';

/** The team calls of the organisation API (api/organisation/team-routes.ts). */
export const teamsApi = {
  list: (companyId: string) => api.get('/api/companies/{companyId}/teams', { path: { companyId } }),
  create: (companyId: string, body: ApiBody<'post', '/api/companies/{companyId}/teams'>) =>
    api.post('/api/companies/{companyId}/teams', { path: { companyId }, body }),
  rename: (companyId: string, teamId: string, name: string) =>
    api.patch('/api/companies/{companyId}/teams/{teamId}', { path: { companyId, teamId }, body: { name } }),
  remove: (companyId: string, teamId: string) => api.delete('/api/companies/{companyId}/teams/{teamId}', { path: { companyId, teamId } }),
  removeMember: (companyId: string, teamId: string, userId: string) =>
    api.delete('/api/companies/{companyId}/teams/{teamId}/members/{userId}', { path: { companyId, teamId, userId } }),
};
