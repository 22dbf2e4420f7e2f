import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TaskFilter } from './TaskRow';
import { tasksApi } from './tasksApi';

/** One page of the /manage-tasks table; the previous page stays on screen while the next one loads. */
export const tasksTableQueryOptions = (companyId: string, filter: TaskFilter) =>
  queryOptions({
    queryKey: ['company', companyId, 'tasks', filter],
    queryFn: () => tasksApi.list(companyId, filter),
    placeholderData: keepPreviousData,
    enabled: filter.projectIds.length > 0,
  });
