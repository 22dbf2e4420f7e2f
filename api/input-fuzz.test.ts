import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/test-server.ts';
import { type ApiUser, createCompany, signedInUser } from '../tests/support/users.ts';
import { APP_HEADER, APP_HEADER_VALUE } from './http/csrf.ts';

/**
 * Every route of the OpenAPI document, called as an authorised Admin with
 * input made bad from the route's own schema: unknown properties, wrong
 * types, text that is no id, NUL and unpaired surrogates, numbers past their
 * bounds, strings and lists past their lengths, oversized bodies and wrong
 * content types. None may answer 5xx, none may be accepted, and none may
 * write an event. A new route is walked the same way without a line here.
 */
type Schema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  maxLength?: number;
  maximum?: number;
  minimum?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Route {
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | null;
}

/** Routes that are not JSON over HTTP; their own tests cover them. */
const NOT_JSON = new Set(['GET /api/live', 'GET /api/docs/json', 'GET /api/docs/yaml']);

let server: TestServer;
let admin: ApiUser;
let routes: Route[];
let ids: Record<string, string>;

const eventCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM events`.execute(server.db)).rows[0].n);

/** A value the schema accepts, using the company's real ids where a parameter names one. */
function validSample(schema: Schema, name = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return validSample(options.find((option) => option.type !== 'null' && option.const !== '') ?? options[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, validSample(schema.properties![key], key)]));
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      if (ids[name]) return ids[name];
      if (schema.format === 'date') return '2026-01-15';
      if (schema.format === 'uuid') return ids.companyId;
      if (schema.pattern?.startsWith('^[A-Z]{2}-')) return ids.taskId;
      return 'x';
  }
}

/** Values the schema refuses: of the wrong type, ill-formed, or past its bounds. */
function invalidFor(schema: Schema): fc.Arbitrary<unknown> {
  const bad: fc.Arbitrary<unknown>[] = [
    fc.constant({ unexpected: true }),
    fc.constant([1, 2]),
    fc.string().map((text) => `${text}\u0000`),
    fc.string().map((text) => `${text}\uD800`),
    fc.constant('\uDC00'),
  ];
  const options = schema.anyOf ?? schema.oneOf ?? [schema];
  for (const option of options) {
    if (option.maxLength !== undefined) bad.push(fc.constant('y'.repeat(option.maxLength + 1)));
    if (option.format === 'uuid' || option.pattern) bad.push(fc.constantFrom('not-an-id', "1' OR '1'='1", '../../etc/passwd'));
    if (option.maximum !== undefined) bad.push(fc.constantFrom(option.maximum + 1, 1e308, 2 ** 63));
    if (option.minimum !== undefined) bad.push(fc.constant(option.minimum - 1));
    if (option.maxItems !== undefined) bad.push(fc.constant(Array.from({ length: option.maxItems + 1 }, () => ids.companyId)));
    if (option.type === 'integer') bad.push(fc.constant(1.5));
  }
  return fc.oneof(...bad);
}

/** The same for text in a path or query string, which arrives as a string. */
function invalidText(schema: Schema): fc.Arbitrary<string> {
  const bad: fc.Arbitrary<string>[] = [fc.constant('%00'), fc.constant('a%00b')];
  if (schema.maxLength !== undefined) bad.push(fc.constant('y'.repeat(schema.maxLength + 1)));
  if (schema.format === 'uuid' || schema.pattern || schema.enum || schema.anyOf) bad.push(fc.constantFrom('not-an-id', '..%2F..%2Fetc', '%27%20OR%201%3D1'));
  if (schema.type === 'integer' || schema.type === 'number') bad.push(fc.constantFrom('abc', '1e999', '99999999999999999999999', '-1', '1.5'));
  if (schema.type === 'boolean') bad.push(fc.constant('maybe'));
  return fc.oneof(...bad);
}

type Request = { params: Record<string, string>; query: Record<string, string>; body: unknown; contentType?: string; rawBody?: string };

function baseline(route: Route): Request {
  const params: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const p of route.parameters) {
    if (p.in === 'path') params[p.name] = encodeURIComponent(String(validSample(p.schema, p.name)));
    if (p.in === 'query' && p.required) query[p.name] = String(validSample(p.schema, p.name));
  }
  return { params, query, body: route.body ? validSample(route.body) : undefined };
}

/** One way to make this route's input bad. */
function badRequests(route: Route): fc.Arbitrary<Request> {
  const base = baseline(route);
  const ways: fc.Arbitrary<Request>[] = [];
  for (const p of route.parameters) {
    if (p.in === 'path') ways.push(invalidText(p.schema).map((value) => ({ ...base, params: { ...base.params, [p.name]: value } })));
    if (p.in === 'query') ways.push(invalidText(p.schema).map((value) => ({ ...base, query: { ...base.query, [p.name]: value } })));
  }
  if (route.parameters.some((p) => p.in === 'query')) ways.push(fc.constant({ ...base, query: { ...base.query, unexpected: '1' } }));
  if (route.method !== 'GET') {
    const body = (base.body ?? {}) as Record<string, unknown>;
    ways.push(fc.constant({ ...base, body: { ...body, unexpected: 1 } }));
    ways.push(fc.constant({ ...base, rawBody: JSON.stringify({ ...body, pad: 'z'.repeat(2 * 1024 * 1024) }) }));
    ways.push(fc.constant({ ...base, rawBody: '{"unterminated": ', contentType: 'application/json' }));
    ways.push(fc.constant({ ...base, rawBody: JSON.stringify(body), contentType: 'application/xml' }));
    for (const [name, schema] of Object.entries(route.body?.properties ?? {})) {
      ways.push(invalidFor(schema).map((value) => ({ ...base, body: { ...body, [name]: value } })));
    }
  }
  return ways.length > 0 ? fc.oneof(...ways) : fc.constant({ ...base, query: { ...base.query, unexpected: '1' } });
}

async function send(route: Route, request: Request) {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => request.params[name]);
  const query = Object.entries(request.query).map(([key, value]) => `${key}=${value}`);
  const url = `${server.url}${path}${query.length ? `?${query.join('&')}` : ''}`;
  const body = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  const response = await fetch(url, {
    method: route.method,
    headers: {
      cookie: admin.cookie,
      [APP_HEADER]: APP_HEADER_VALUE,
      ...(body !== undefined ? { 'content-type': request.contentType ?? 'application/json' } : {}),
    },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInUser(server, 'fuzz@input.test', 'Fuzz Admin');
  const companyId = await createCompany(admin, 'Fuzz Works');
  const teamId = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Fuzzers' })).body.teamId;
  const projectId = (await admin.call('POST', `/api/companies/${companyId}/projects`, { name: 'Fuzz Project' })).body.projectId;
  const taskId = (
    await admin.call('POST', `/api/companies/${companyId}/tasks`, {
      projectId,
      title: 'Fuzz task',
      description: '<p>fuzz</p>',
      status: 'TO DO',
      priority: 'P1',
      eta: null,
      assigneeId: admin.userId,
    })
  ).body.taskId;
  ids = { companyId, teamId, projectId, taskId, userId: admin.userId, assigneeId: admin.userId, commentId: companyId, inviteId: companyId, tokenId: companyId, sessionId: companyId };
  const spec = (await admin.call('GET', '/api/docs/json')).body as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: Schema }> } }>>;
  };
  routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema ?? null,
    })),
  );
});
afterAll(() => server.close());

describe('bad input on every route', () => {
  it('walks every route of the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(35);
  });

  it('answers every bad request with a 4xx and writes nothing', async () => {
    const walked = routes.filter((route) => !NOT_JSON.has(`${route.method} ${route.path}`));
    for (const route of walked) {
      // The log is counted around each route's bad requests, not each request: one that wrote is found by its route.
      const before = await eventCount();
      await fc.assert(
        fc.asyncProperty(badRequests(route), async (request) => {
          const status = await send(route, request);
          const label = `${route.method} ${route.path} ${JSON.stringify(request).slice(0, 300)}`;
          expect(status, label).toBeGreaterThanOrEqual(400);
          expect(status, label).toBeLessThan(500);
        }),
        { numRuns: 25, seed: 11 },
      );
      expect(await eventCount(), `${route.method} ${route.path} wrote events on bad input`).toBe(before);
    }
  }, 90_000);
});
