import { queryOptions } from '@tanstack/react-query';
import { projectsApi } from './projectsApi';

/** The active company's projects with their tasks (Clients: the projects they were invited to). */
export const projectsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['company', companyId, 'projects'],
    queryFn: () => projectsApi.list(companyId),
  });
