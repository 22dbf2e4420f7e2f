import { api, APP_HEADERS } from '../../lib/api';
import { readAfterHeaders } from '../../lib/readAfter';
import { ApiError } from '../../lib/ApiError';
import type { CommandAnswer } from '../teams/CommandAnswer';
import type { Assignee } from './Assignee';
import type { Task, TaskFields } from './Task';
import type { TaskHistoryPage } from './TaskHistoryEntry';
import type { TaskFilter, TaskPage } from './TaskRow';

/** Management §9: the tasks table shows 50 a page. */
export const TASK_PAGE_SIZE = 50;
/** Management §9: the history modal loads 10 entries at a time. */
export const HISTORY_PAGE_SIZE = 10;
/** Management §8. */
export const UPLOAD_FAILED = 'File could not be uploaded';

const companyPath = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}`;
const taskPath = (companyId: string, taskId: string) => `${companyPath(companyId)}/tasks/${encodeURIComponent(taskId)}`;

function tableQuery(filter: TaskFilter): string {
  const query = new URLSearchParams({
    projectIds: filter.projectIds.join(','),
    sort: filter.sort,
    order: filter.order,
    page: String(filter.page),
    pageSize: String(TASK_PAGE_SIZE),
  });
  if (filter.assigneeId) query.set('assigneeId', filter.assigneeId);
  if (filter.status) query.set('status', filter.status);
  if (filter.priority) query.set('priority', filter.priority);
  if (filter.search) query.set('search', filter.search);
  return query.toString();
}

/** The task calls of the projects API (api/routes/projects.ts). */
export const tasksApi = {
  list: (companyId: string, filter: TaskFilter) => api.get<TaskPage>(`${companyPath(companyId)}/tasks?${tableQuery(filter)}`),
  get: (companyId: string, taskId: string) => api.get<Task>(taskPath(companyId, taskId)),
  create: (companyId: string, fields: TaskFields) =>
    api.post<CommandAnswer & { taskId: string; projectName: string }>(`${companyPath(companyId)}/tasks`, fields),
  update: (companyId: string, taskId: string, changes: Partial<TaskFields>) => api.patch<CommandAnswer>(taskPath(companyId, taskId), changes),
  remove: (companyId: string, taskId: string) => api.delete<CommandAnswer>(taskPath(companyId, taskId)),
  addComment: (companyId: string, taskId: string, html: string) =>
    api.post<CommandAnswer & { commentId: string }>(`${taskPath(companyId, taskId)}/comments`, { html }),
  removeComment: (companyId: string, taskId: string, commentId: string) =>
    api.delete<CommandAnswer>(`${taskPath(companyId, taskId)}/comments/${encodeURIComponent(commentId)}`),
  history: (companyId: string, taskId: string, offset: number) =>
    api.get<TaskHistoryPage>(`${taskPath(companyId, taskId)}/history?limit=${HISTORY_PAGE_SIZE}&offset=${offset}`),
  completeHistory: (companyId: string, taskId: string) => api.get<TaskHistoryPage>(`${taskPath(companyId, taskId)}/history?complete=true`),
  assignees: (companyId: string) => api.get<Assignee[]>(`${companyPath(companyId)}/assignees`),
  uploadImage: (companyId: string, taskId: string, file: File) => uploadImage(`${taskPath(companyId, taskId)}/images`, file),
};

/** Multipart, so not through `api` (JSON only); failures are ApiErrors like every other call. */
async function uploadImage(path: string, file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', credentials: 'include', headers: { Accept: 'application/json', ...APP_HEADERS, ...readAfterHeaders() }, body: form });
  } catch {
    throw new ApiError(0, UPLOAD_FAILED);
  }
  const payload = (await response.json().catch(() => undefined)) as { url?: string; message?: string } | undefined;
  if (!response.ok || !payload?.url) throw new ApiError(response.status, payload?.message ?? UPLOAD_FAILED);
  return { url: payload.url };
}
