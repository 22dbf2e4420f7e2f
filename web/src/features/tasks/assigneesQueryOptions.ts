import { queryOptions } from '@tanstack/react-query';
import { tasksApi } from './tasksApi';

/** Everyone a task can be assigned to: the members of the company's teams, by name. */
export const assigneesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: ['company', companyId, 'assignees'],
    queryFn: () => tasksApi.assignees(companyId),
  });
