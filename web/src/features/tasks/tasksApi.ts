import { api, type ApiAnswer, APP_HEADERS } from '../../lib/api';
import { readAfterHeaders } from '../../lib/readAfter';
import { ApiError } from '../../lib/ApiError';
import type { TaskFields } from './Task';
import type { TaskFilter } from './TaskRow';

/** Management §9: the tasks table shows 50 a page. */
export const TASK_PAGE_SIZE = 50;
/** Management §9: the history modal loads 10 entries at a time. */
export const HISTORY_PAGE_SIZE = 10;
/** Management §8. */
export const UPLOAD_FAILED = 'File could not be uploaded';

const tableQuery = ({ projectIds, assigneeId, status, priority, search, sort, order, page }: TaskFilter) => ({
  projectIds: projectIds.join(','),
  sort,
  order,
  page,
  pageSize: TASK_PAGE_SIZE,
  assigneeId: assigneeId || undefined,
  // The filters offer the server's choices only.
  status: (status || undefined) as TaskListQuery['status'],
  priority: (priority || undefined) as TaskListQuery['priority'],
  search: search || undefined,
});

type TaskListQuery = NonNullable<Parameters<typeof api.get<'/api/companies/{companyId}/tasks'>>[1]>['query'];

const task = (companyId: string, taskId: string) => ({ path: { companyId, taskId } });

/** The task calls of the projects API (api/projects/routes.ts). */
export const tasksApi = {
  list: (companyId: string, filter: TaskFilter) => api.get('/api/companies/{companyId}/tasks', { path: { companyId }, query: tableQuery(filter) }),
  get: (companyId: string, taskId: string) => api.get('/api/companies/{companyId}/tasks/{taskId}', task(companyId, taskId)),
  create: (companyId: string, body: TaskFields) => api.post('/api/companies/{companyId}/tasks', { path: { companyId }, body }),
  update: (companyId: string, taskId: string, body: Partial<TaskFields>) =>
    api.patch('/api/companies/{companyId}/tasks/{taskId}', { ...task(companyId, taskId), body }),
  remove: (companyId: string, taskId: string) => api.delete('/api/companies/{companyId}/tasks/{taskId}', task(companyId, taskId)),
  addComment: (companyId: string, taskId: string, html: string) =>
    api.post('/api/companies/{companyId}/tasks/{taskId}/comments', { ...task(companyId, taskId), body: { html } }),
  removeComment: (companyId: string, taskId: string, commentId: string) =>
    api.delete('/api/companies/{companyId}/tasks/{taskId}/comments/{commentId}', { path: { companyId, taskId, commentId } }),
  history: (companyId: string, taskId: string, offset: number) =>
    api.get('/api/companies/{companyId}/tasks/{taskId}/history', { ...task(companyId, taskId), query: { limit: HISTORY_PAGE_SIZE, offset } }),
  completeHistory: (companyId: string, taskId: string) =>
    api.get('/api/companies/{companyId}/tasks/{taskId}/history', { ...task(companyId, taskId), query: { complete: true } }),
  assignees: (companyId: string) => api.get('/api/companies/{companyId}/assignees', { path: { companyId } }),
  uploadImage: (companyId: string, taskId: string, file: File) =>
    uploadImage(`/api/companies/${encodeURIComponent(companyId)}/tasks/${encodeURIComponent(taskId)}/images`, file),
};

type UploadedImage = ApiAnswer<'post', '/api/companies/{companyId}/tasks/{taskId}/images'>;

/** Multipart, so not through `api` (JSON only); failures are ApiErrors like every other call. */
async function uploadImage(path: string, file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', credentials: 'include', headers: { Accept: 'application/json', ...APP_HEADERS, ...readAfterHeaders() }, body: form });
  } catch {
    throw new ApiError(0, UPLOAD_FAILED);
  }
  const payload = (await response.json().catch(() => undefined)) as Partial<UploadedImage> & { message?: string } | undefined;
  if (!response.ok || !payload?.url || !payload.mime) throw new ApiError(response.status, payload?.message ?? UPLOAD_FAILED);
  return { url: payload.url, mime: payload.mime };
}
