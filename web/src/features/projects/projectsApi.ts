import { api } from '../../lib/api';
import type { CommandAnswer } from '../teams/CommandAnswer';
import type { Project } from './Project';

const projectsPath = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/projects`;
const projectPath = (companyId: string, projectId: string) => `${projectsPath(companyId)}/${encodeURIComponent(projectId)}`;

/** The project calls of the projects API (api/routes/projects.ts). */
export const projectsApi = {
  list: (companyId: string) => api.get<Project[]>(projectsPath(companyId)),
  create: (companyId: string, name: string) => api.post<CommandAnswer & { projectId: string }>(projectsPath(companyId), { name }),
  rename: (companyId: string, projectId: string, name: string) => api.patch<CommandAnswer>(projectPath(companyId, projectId), { name }),
  remove: (companyId: string, projectId: string) => api.delete<CommandAnswer>(projectPath(companyId, projectId)),
};
