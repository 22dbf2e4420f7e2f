/** A task as lists show it (projects accordion, tasks table). */
export interface TaskSummary {
  /** Readable id: the project prefix, a dash and a running number, e.g. "WR-12". */
  taskId: string;
  title: string;
  status: string;
  priority: string;
  /** Local date YYYY-MM-DD, or null. */
  eta: string | null;
  /** `name` is empty when the assignee has left the company. */
  assignee: { userId: string; name: string };
}
