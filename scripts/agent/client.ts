import { randomUUID } from 'node:crypto';

/** The answer of a call the server refused: its status and its message. */
export class AgentCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RunningSession {
  sessionId: string;
  startedAt: string;
  timeZone: string;
  taskName: string;
  projectName: string;
}

export interface TimerStatus {
  session: RunningSession | null;
  punch: { isPunchedIn: boolean };
  serverTime: string;
}

export interface UsageSample {
  application: string;
  windowTitle?: string;
  start: string;
  seconds: number;
  idle: boolean;
}

/**
 * The calls a desktop agent makes, with a personal API token (made on the
 * Profile page): what the timer, punches, heartbeats, application usage and
 * screenshots routes accept, and nothing else.
 */
export function agentClient({ url, token }: { url: string; token: string }) {
  const base = url.replace(/\/+$/, '');
  // Read your own writes: each call waits until the read models hold what the last command wrote (x-read-after).
  let lastPosition: string | null = null;

  async function call<T>(method: string, path: string, body?: { json: unknown } | { bytes: Buffer }, headers: Record<string, string> = {}): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(lastPosition ? { 'x-read-after': lastPosition } : {}),
        ...(body && 'json' in body ? { 'content-type': 'application/json' } : {}),
        ...(body && 'bytes' in body ? { 'content-type': 'application/octet-stream' } : {}),
        ...headers,
      },
      body: body ? ('json' in body ? JSON.stringify(body.json) : new Uint8Array(body.bytes)) : undefined,
    });
    const text = await response.text();
    const answer = text ? JSON.parse(text) : {};
    if (!response.ok) throw new AgentCallError(response.status, answer.message ?? `${method} ${path} answered ${response.status}`);
    if (typeof answer.position === 'string') lastPosition = answer.position;
    return answer as T;
  }

  const company = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}`;

  return {
    profile: () => call<{ name: string; companyList: { companyId: string; companyName: string }[] }>('GET', '/api/me'),
    companyDetails: (companyId: string) => call<{ teams: { teamId: string; teamName: string }[] }>('GET', company(companyId)),
    projects: (companyId: string) => call<{ projectId: string; name: string }[]>('GET', `${company(companyId)}/projects`),
    myTasks: (companyId: string, projectId: string) =>
      call<{ taskId: string; title: string }[]>('GET', `${company(companyId)}/projects/${encodeURIComponent(projectId)}/my-tasks`),
    status: (companyId: string) => call<TimerStatus>('GET', `${company(companyId)}/timer`),
    punchIn: (companyId: string, timeZone: string) => call<{ message: string }>('POST', `${company(companyId)}/punch/in`, { json: { timeZone } }),
    punchOut: (companyId: string) => call<{ message: string }>('POST', `${company(companyId)}/punch/out`, { json: {} }),
    start: (companyId: string, task: { teamId: string; projectId: string; taskId: string }, timeZone: string) =>
      call<{ message: string; session: RunningSession }>('POST', `${company(companyId)}/timer/start`, { json: { teamId: task.teamId, projectId: task.projectId, taskId: task.taskId, timeZone } }, { 'idempotency-key': randomUUID() }),
    heartbeat: (companyId: string, sessionId: string, idleMinutes: number) =>
      call<{ serverTime: string }>('POST', `${company(companyId)}/timer/heartbeat`, { json: { sessionId, idleMinutes } }),
    stop: (companyId: string) => call<{ message: string; splitMessage: string | null }>('POST', `${company(companyId)}/timer/stop`, { json: {} }),
    usage: (companyId: string, batchId: string, samples: UsageSample[]) =>
      call<{ message?: string }>('POST', `${company(companyId)}/app-usage`, { json: { batchId, samples } }),
    screenshot: (companyId: string, shot: { screenshotId: string; sessionId: string; takenAt: string; application?: string }, bytes: Buffer) => {
      const query = new URLSearchParams({ screenshotId: shot.screenshotId, sessionId: shot.sessionId, takenAt: shot.takenAt, ...(shot.application ? { application: shot.application } : {}) });
      return call<{ screenshotId: string; width: number; height: number }>('POST', `${company(companyId)}/screenshots?${query}`, { bytes });
    },
  };
}

export type AgentClient = ReturnType<typeof agentClient>;
