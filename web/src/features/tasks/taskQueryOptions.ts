import { queryOptions } from '@tanstack/react-query';
import { tasksApi } from './tasksApi';

/** One task with its comments, for the task page. */
export const taskQueryOptions = (companyId: string, taskId: string) =>
  queryOptions({
    queryKey: ['company', companyId, 'task', taskId],
    queryFn: () => tasksApi.get(companyId, taskId),
  });
