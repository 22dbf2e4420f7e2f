import { ApiError } from './ApiError';
import { readAfterHeaders, rememberPosition } from './readAfter';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Sent with every request. A page of another site cannot send it, so the
 * server refuses a change that carries neither it nor a JSON body (CSRF).
 */
export const APP_HEADERS = { 'X-Requested-With': 'timeledger' };

const unreachableMessage = 'Unable to reach the server. Please check your connection and try again.';
const serverTroubleMessage = 'The server is not responding right now. Please try again in a moment.';

async function request<T>(method: Method, path: string, body?: unknown, extraHeaders?: Record<string, string>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...APP_HEADERS,
        ...readAfterHeaders(),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...extraHeaders,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, unreachableMessage);
  }

  const text = await response.text();
  const payload: unknown = text ? parseJson(text) : undefined;

  if (!response.ok) {
    const fallback = response.status >= 500 ? serverTroubleMessage : `Request failed (${response.status}).`;
    throw new ApiError(response.status, messageOf(payload) ?? fallback);
  }
  rememberPosition(payload);
  return payload as T;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// Server errors are `{ statusCode, error, message }`; `message` is written for the user.
function messageOf(payload: unknown): string | undefined {
  if (payload && typeof payload === 'object' && 'message' in payload && typeof payload.message === 'string') {
    return payload.message;
  }
  return undefined;
}

/** JSON over fetch with the session cookie; every failure is an `ApiError`. */
export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  /** `headers` carries extras such as an 'Idempotency-Key', so a repeated command is written once. */
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) => request<T>('POST', path, body, headers),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
