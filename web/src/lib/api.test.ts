import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { api, type ApiAnswer } from './api';
import { ApiError } from './ApiError';

/** Answers every fetch with `body` and records what was asked. */
function answerWith(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api', () => {
  it('fills the path parameters, appends the query and answers the route’s JSON', async () => {
    const fetchMock = answerWith(200, [{ teamId: 't1', teamName: 'Crew', members: [] }]);
    const teams = await api.get('/api/companies/{companyId}/teams', { path: { companyId: 'a/b c' }, query: { search: 'x y' } });
    expect(teams[0].teamName).toBe('Crew');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/companies/a%2Fb%20c/teams?search=x+y');
    expect(fetchMock.mock.calls[0][1].method).toBe('GET');
  });

  it('sends a body as JSON with the extra headers, and leaves out query values that are not set', async () => {
    const fetchMock = answerWith(200, { message: 'ok', session: null });
    await api.post('/api/companies/{companyId}/timer/start', {
      path: { companyId: 'c1' },
      body: { teamId: 't', projectId: 'p', taskId: 'AB-1' },
      headers: { 'Idempotency-Key': 'k1' },
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/companies/c1/timer/start');
    expect(JSON.parse(String(init.body))).toEqual({ teamId: 't', projectId: 'p', taskId: 'AB-1' });
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'Idempotency-Key': 'k1' });

    await api.get('/api/companies/{companyId}/dashboards/team', { path: { companyId: 'c1' }, query: { from: '2026-03-01', to: '2026-03-07', teamId: undefined } });
    expect(fetchMock.mock.calls[1][0]).toBe('/api/companies/c1/dashboards/team?from=2026-03-01&to=2026-03-07');
  });

  it('turns a refusal into an ApiError with the server’s message', async () => {
    answerWith(403, { statusCode: 403, error: 'forbidden', message: 'Access denied' });
    await expect(api.delete('/api/companies/{companyId}/teams/{teamId}', { path: { companyId: 'c1', teamId: 't1' } })).rejects.toEqual(new ApiError(403, 'Access denied'));
  });

  it('types each call by the OpenAPI document', () => {
    expectTypeOf<ApiAnswer<'get', '/api/companies/{companyId}/teams'>>().toEqualTypeOf<
      { teamId: string; teamName: string; members: { userId: string; name: string; email: string; role: string }[] }[]
    >();
    // Checked by the compiler (npm run typecheck), never run.
    const unchecked = () => {
      // @ts-expect-error: no such route
      void api.get('/api/companies/{companyId}/nothing', { path: { companyId: 'c1' } });
      // @ts-expect-error: the company is a path parameter of the route
      void api.get('/api/companies/{companyId}/teams');
      // @ts-expect-error: a team is created with a name
      void api.post('/api/companies/{companyId}/teams', { path: { companyId: 'c1' }, body: { title: 'Crew' } });
      // A command without a body needs none.
      void api.post('/api/companies/{companyId}/timer/cancel', { path: { companyId: 'c1' } });
    };
    expect(unchecked).toBeTypeOf('function');
  });
});
