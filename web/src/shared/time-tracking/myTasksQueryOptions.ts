import { queryOptions } from '@tanstack/react-query';
import { timerApi } from './timerApi';

/** The project's tasks the timer may run on (assigned to the caller, not DONE); the server announces their changes as the family 'my-tasks'. */
export const myTasksQueryOptions = (companyId: string, projectId: string) =>
  queryOptions({
    queryKey: ['company', companyId, 'my-tasks', projectId],
    queryFn: () => timerApi.myTasks(companyId, projectId),
  });
