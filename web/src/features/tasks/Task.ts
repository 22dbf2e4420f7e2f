import type { TaskSummary } from './TaskSummary';

/** A comment on a task; `html` was sanitised by the server's allow-list when it was written. */
export interface TaskComment {
  commentId: string;
  userId: string;
  userName: string;
  html: string;
  createdAt: string;
}

/** A task with its comments, as `GET /api/companies/:companyId/tasks/:taskId` answers. */
export interface Task extends TaskSummary {
  /** Rich text (HTML), shown as Summary. */
  description: string;
  projectId: string;
  projectName: string;
  createdAt: string;
  updatedAt: string;
  comments: TaskComment[];
}

/** The fields a task is created with and edited by (domain TaskFields). */
export interface TaskFields {
  projectId: string;
  title: string;
  description: string;
  status: string;
  priority: string;
  eta: string | null;
  assigneeId: string;
}
