import type { TaskSummary } from '../tasks/TaskSummary';

/** A project of the active company with its live tasks, as `GET /api/companies/:companyId/projects` lists it. */
export interface Project {
  projectId: string;
  name: string;
  /** The two letters every task id of the project starts with. */
  prefix: string;
  /** Empty for Members, who only need project names for the timer. */
  tasks: TaskSummary[];
}
