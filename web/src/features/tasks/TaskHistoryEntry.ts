import type { ApiAnswer } from '../../lib/api';

/** A page of a task's history, newest first (management §3). */
export type TaskHistoryPage = ApiAnswer<'get', '/api/companies/{companyId}/tasks/{taskId}/history'>;

/**
 * One change of a task: `changeType` is created, updated, deleted,
 * comment_added or comment_deleted; `field`, for updated, the TaskFields key
 * that changed; `commentText`, for comment_added, the comment as plain text.
 */
export type TaskHistoryEntry = TaskHistoryPage['history'][number];
