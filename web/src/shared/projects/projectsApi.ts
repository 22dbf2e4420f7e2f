import { api } from '../../lib/api';

/** The project calls of the projects API (api/projects/routes.ts). */
export const projectsApi = {
  list: (companyId: string) => api.get('/api/companies/{companyId}/projects', { path: { companyId } }),
  create: (companyId: string, name: string) => api.post('/api/companies/{companyId}/projects', { path: { companyId }, body: { name } }),
  rename: (companyId: string, projectId: string, name: string) =>
    api.patch('/api/companies/{companyId}/projects/{projectId}', { path: { companyId, projectId }, body: { name } }),
  remove: (companyId: string, projectId: string) =>
    api.delete('/api/companies/{companyId}/projects/{projectId}', { path: { companyId, projectId } }),
};
