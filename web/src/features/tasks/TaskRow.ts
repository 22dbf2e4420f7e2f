import type { TaskSummary } from './TaskSummary';

/** A row of the /manage-tasks table. */
export interface TaskRow extends TaskSummary {
  projectId: string;
  projectName: string;
  updatedAt: string;
}

/** The server-side sort keys of the tasks table (projections TASK_SORTS). */
export type TaskSort = 'taskId' | 'title' | 'status' | 'priority' | 'eta' | 'assignee' | 'updatedAt';

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

export interface TaskPage {
  tasks: TaskRow[];
  total: number;
}
