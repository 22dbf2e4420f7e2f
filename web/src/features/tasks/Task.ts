import type { ApiAnswer, ApiBody } from '../../lib/api';

/** A task with its comments; `description` is rich text (HTML), shown as Summary. */
export type Task = ApiAnswer<'get', '/api/companies/{companyId}/tasks/{taskId}'>;

/** A comment on a task; `html` was sanitised by the server's allow-list when it was written. */
export type TaskComment = Task['comments'][number];

/** The fields a task is created with and edited by (domain TaskFields). */
export type TaskFields = ApiBody<'post', '/api/companies/{companyId}/tasks'>;
