import { api } from '../../lib/api';
import type { TimerSession, TimerStatus } from './TimerStatus';
import type { TimerTask } from './TimerTask';

const companyPath = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}`;
const idempotent = (key: string) => ({ 'Idempotency-Key': key });

export interface StartTimer {
  teamId: string;
  projectId: string;
  taskId: string;
  taskDetails: string;
  timeZone: string;
}

/** One day's part of a stopped session (a session crossing local midnight has several). */
export interface SavedEntry {
  day: string;
  start: string;
  end: string;
  seconds: number;
}

/**
 * The timer and punch calls (api/routes/timer.ts). Commands carry the key of
 * the user action that caused them, so a retried or doubled request is written once.
 */
export const timerApi = {
  serverTime: () => api.get<{ timestamp: number }>('/api/time'),
  status: (companyId: string) => api.get<TimerStatus>(`${companyPath(companyId)}/timer`),
  myTasks: (companyId: string, projectId: string) =>
    api.get<TimerTask[]>(`${companyPath(companyId)}/projects/${encodeURIComponent(projectId)}/my-tasks`),
  start: (companyId: string, body: StartTimer, key: string) =>
    api.post<{ message: string; session: TimerSession | null }>(`${companyPath(companyId)}/timer/start`, body, idempotent(key)),
  stop: (companyId: string, sessionId: string, key: string) =>
    api.post<{ message: string; splitMessage: string | null; entries: SavedEntry[] }>(`${companyPath(companyId)}/timer/stop`, { sessionId }, idempotent(key)),
  cancel: (companyId: string, key: string) => api.post<{ message: string }>(`${companyPath(companyId)}/timer/cancel`, undefined, idempotent(key)),
  heartbeat: (companyId: string, sessionId: string) => api.post<{ serverTime: string }>(`${companyPath(companyId)}/timer/heartbeat`, { sessionId }),
  punch: (companyId: string, direction: 'in' | 'out', timeZone: string, key: string) =>
    api.post<{ message: string }>(`${companyPath(companyId)}/punch/${direction}`, { timeZone }, idempotent(key)),
};
