import { api, type ApiAnswer, type ApiBody } from '../../lib/api';

const idempotent = (key: string) => ({ 'Idempotency-Key': key });

export type StartTimer = ApiBody<'post', '/api/companies/{companyId}/timer/start'>;

/** One day's part of a stopped session (a session crossing local midnight has several). */
export type SavedEntry = ApiAnswer<'post', '/api/companies/{companyId}/timer/stop'>['entries'][number];

/**
 * The timer and punch calls (api/time-tracking/routes.ts). Commands carry the key of
 * the user action that caused them, so a retried or doubled request is written once.
 */
export const timerApi = {
  serverTime: () => api.get('/api/time'),
  status: (companyId: string) => api.get('/api/companies/{companyId}/timer', { path: { companyId } }),
  myTasks: (companyId: string, projectId: string) =>
    api.get('/api/companies/{companyId}/projects/{projectId}/my-tasks', { path: { companyId, projectId } }),
  start: (companyId: string, body: StartTimer, key: string) =>
    api.post('/api/companies/{companyId}/timer/start', { path: { companyId }, body, headers: idempotent(key) }),
  stop: (companyId: string, sessionId: string, key: string) =>
    api.post('/api/companies/{companyId}/timer/stop', { path: { companyId }, body: { sessionId }, headers: idempotent(key) }),
  cancel: (companyId: string, key: string) => api.post('/api/companies/{companyId}/timer/cancel', { path: { companyId }, headers: idempotent(key) }),
  heartbeat: (companyId: string, sessionId: string) =>
    api.post('/api/companies/{companyId}/timer/heartbeat', { path: { companyId }, body: { sessionId } }),
  punch: (companyId: string, direction: 'in' | 'out', timeZone: string, key: string) =>
    api.post(direction === 'in' ? '/api/companies/{companyId}/punch/in' : '/api/companies/{companyId}/punch/out', {
      path: { companyId },
      body: { timeZone },
      headers: idempotent(key),
    }),
};
