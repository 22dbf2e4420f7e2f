import { ApiError } from './ApiError';
import type { paths } from './openapi';
import { readAfterHeaders, rememberPosition } from './readAfter';

/**
 * Sent with every request. A page of another site cannot send it, so the
 * server refuses a change that carries neither it nor a JSON body (CSRF).
 */
export const APP_HEADERS = { 'X-Requested-With': 'timeledger' };

const unreachableMessage = 'Unable to reach the server. Please check your connection and try again.';
const serverTroubleMessage = 'The server is not responding right now. Please try again in a moment.';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** The API's paths (as the OpenAPI document writes them, e.g. '/api/companies/{companyId}/teams') that answer a method. */
export type ApiPath<M extends Method> = { [P in keyof paths]: [NonNullable<paths[P][M]>] extends [never] ? never : P }[keyof paths];

type Operation<M extends Method, P extends ApiPath<M>> = NonNullable<paths[P][M]>;
type JsonOf<Part> = Part extends { content: { 'application/json': infer Json } } ? Json : undefined;
type Successes<Responses> = Responses[Extract<keyof Responses, 200 | 201 | 202 | 204>];

/** What the route answers when it succeeds. */
export type ApiAnswer<M extends Method, P extends ApiPath<M>> = JsonOf<Successes<Operation<M, P>['responses']>>;

/** The JSON body the route takes. */
export type ApiBody<M extends Method, P extends ApiPath<M>> = JsonOf<NonNullable<Operation<M, P>['requestBody']>>;

type RouteParameters<M extends Method, P extends ApiPath<M>> = Operation<M, P>['parameters'];
type PathParameters<M extends Method, P extends ApiPath<M>> = NonNullable<RouteParameters<M, P>['path']>;
type Absent<T> = [T] extends [never] ? true : false;

/** A command that takes no body declares an empty object or null: leaving it out is sending none. */
type BodyOption<M extends Method, P extends ApiPath<M>> =
  Absent<NonNullable<Operation<M, P>['requestBody']>> extends true
    ? { body?: never }
    : undefined extends Operation<M, P>['requestBody']
      ? { body?: ApiBody<M, P> }
      : null extends ApiBody<M, P>
        ? { body?: ApiBody<M, P> }
        : { body: ApiBody<M, P> };

/** What a call names: path parameters, query parameters, the body, and extra headers (an Idempotency-Key). */
type CallOptions<M extends Method, P extends ApiPath<M>> = (Absent<PathParameters<M, P>> extends true ? { path?: never } : { path: PathParameters<M, P> }) &
  (Absent<NonNullable<RouteParameters<M, P>['query']>> extends true ? { query?: never } : Pick<RouteParameters<M, P>, 'query'>) &
  BodyOption<M, P> & { headers?: Record<string, string> };

/** The options argument, left out when a call needs none. */
type OptionsArgument<Options> = object extends Options ? [options?: Options] : [options: Options];

/** The path with its parameters filled in and its query appended, e.g. /api/companies/c1/tasks?page=2. */
export function urlOf(path: string, params?: Record<string, string>, query?: Record<string, string | number | boolean | undefined | null>): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path} needs its ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(name, String(value));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

async function request<T>(method: Method, url: string, body?: unknown, extraHeaders?: Record<string, string>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: method.toUpperCase(),
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
export function messageOf(payload: unknown): string | undefined {
  if (payload && typeof payload === 'object' && 'message' in payload && typeof payload.message === 'string') {
    return payload.message;
  }
  return undefined;
}

function caller<M extends Method>(method: M) {
  return <P extends ApiPath<M>>(path: P, ...[options]: OptionsArgument<CallOptions<M, P>>): Promise<ApiAnswer<M, P>> => {
    const { path: params, query, body, headers } = (options ?? {}) as {
      path?: Record<string, string>;
      query?: Record<string, string | number | boolean | undefined | null>;
      body?: unknown;
      headers?: Record<string, string>;
    };
    return request(method, urlOf(path, params, query), body, headers);
  };
}

/**
 * JSON over fetch with the session cookie, typed by the API's OpenAPI
 * document (openapi.ts, `npm run api:types`): a call names a path of the
 * document with its parameters and body, and gets that route's answer.
 * Every failure is an `ApiError`.
 */
export const api = {
  get: caller('get'),
  post: caller('post'),
  patch: caller('patch'),
  put: caller('put'),
  delete: caller('delete'),
};
