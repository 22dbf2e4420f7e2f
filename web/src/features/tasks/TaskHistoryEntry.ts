/** One change of a task, newest first in the history (management §3). */
export interface TaskHistoryEntry {
  id: string;
  /** created, updated, deleted, comment_added or comment_deleted. */
  changeType: string;
  /** For updated: the TaskFields key that changed (title, description, status, priority, eta, assigneeId, projectId). */
  field: string | null;
  previousValues: string | null;
  newValues: string | null;
  changedBy: { userId: string; userName: string };
  timestamp: string;
  /** For comment_added: the comment as plain text. */
  commentText: string | null;
}

export interface TaskHistoryPage {
  history: TaskHistoryEntry[];
  hasMore: boolean;
  nextOffset: number;
  totalCount: number;
}
