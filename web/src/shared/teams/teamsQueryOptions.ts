import { queryOptions } from '@tanstack/react-query';
import { teamsApi } from './teamsApi';

/** The active company's teams with their members: all of them for Admins, one's own teams for everyone else. */
export const teamsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['company', companyId, 'teams'],
    queryFn: () => teamsApi.list(companyId),
  });
