import { queryOptions } from '@tanstack/react-query';
import { timerApi } from './timerApi';

/** The project's tasks the timer may run on (assigned to the caller, not DONE); task changes are announced for the company. */
export const myTasksQueryOptions = (companyId: string, projectId: string) =>
  queryOptions({
    queryKey: ['company', companyId, 'projects', projectId, 'my-tasks'],
    queryFn: () => timerApi.myTasks(companyId, projectId),
  });
