import { queryOptions } from '@tanstack/react-query';
import { type RequestKind, requestsApi } from './requestsApi';

export const requestQueries = {
  /** Under its kind's family, ['company', companyId, kind]: a change of the company's requests of that kind reaches an open history. */
  history: (companyId: string, kind: RequestKind, requestId: string) =>
    queryOptions({ queryKey: ['company', companyId, kind, 'history', requestId], queryFn: () => requestsApi.history(companyId, requestId) }),
  // Who may be asked follows who is in which team: the assignees family tells of it.
  assignees: (companyId: string, teamId: string) =>
    queryOptions({ queryKey: ['company', companyId, 'assignees', 'requests', teamId], queryFn: () => requestsApi.assignees(companyId, teamId) }),
};
