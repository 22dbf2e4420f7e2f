import type { ApiAnswer } from '../../lib/api';
import type { paths } from '../../lib/openapi';

/** A page of the /manage-tasks table. */
export type TaskPage = ApiAnswer<'get', '/api/companies/{companyId}/tasks'>;

/** A row of the /manage-tasks table. */
export type TaskRow = TaskPage['tasks'][number];

/** The server-side sort keys of the tasks table (projections TASK_SORTS). */
export type TaskSort = NonNullable<paths['/api/companies/{companyId}/tasks']['get']['parameters']['query']['sort']>;

export interface TaskFilter {
  projectIds: string[];
  assigneeId: string | null;
  status: string | null;
  priority: string | null;
  search: string;
  sort: TaskSort;
  order: 'asc' | 'desc';
  page: number;
}
