import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../tests/support/users.ts';

/**
 * Every route of the OpenAPI description must be listed here: either scoped to
 * a company (then it is called across tenants and as a plain Member), or named
 * as not company-scoped. A new route without a case fails this test.
 */
type Case = { member: 'allowed' | 'refused'; body?: (ids: Ids) => unknown };
interface Ids {
  companyId: string;
  teamId: string;
  userId: string;
}

const companyScoped: Record<string, Case> = {
  'GET /api/companies/{companyId}': { member: 'allowed' },
  'GET /api/companies/{companyId}/teams': { member: 'allowed' },
  'POST /api/companies/{companyId}/teams': { member: 'refused', body: () => ({ name: 'Intruders' }) },
  'PATCH /api/companies/{companyId}/teams/{teamId}': { member: 'refused', body: () => ({ name: 'Renamed' }) },
  'DELETE /api/companies/{companyId}/teams/{teamId}': { member: 'refused' },
  'PUT /api/companies/{companyId}/teams/{teamId}/members/{userId}': { member: 'refused' },
  'DELETE /api/companies/{companyId}/teams/{teamId}/members/{userId}': { member: 'refused' },
  'GET /api/companies/{companyId}/members': { member: 'refused' },
  'PATCH /api/companies/{companyId}/members/{userId}': { member: 'refused', body: (ids) => ({ name: 'Renamed', teamIds: [ids.teamId], hourlyRate: null }) },
  'DELETE /api/companies/{companyId}/members/{userId}': { member: 'refused' },
  'POST /api/companies/{companyId}/invites': { member: 'refused', body: (ids) => ({ emails: ['someone@else.test'], role: 'Member', teamIds: [ids.teamId] }) },
};

/** Routes that name no company: the caller's own data, sign-in, or a secret link. */
const notCompanyScoped = new Set([
  'GET /api/health',
  'POST /api/auth/sign-up',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/verify-email',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'GET /api/me',
  'PATCH /api/me',
  'GET /api/companies',
  'POST /api/companies',
  'GET /api/invitations/{token}',
  'POST /api/invitations/{token}/accept',
  'POST /api/invitations/{token}/decline',
  'GET /api/me/invites',
  'GET /api/me/invites/{inviteId}',
  'POST /api/me/invites/{inviteId}/accept',
  'POST /api/me/invites/{inviteId}/decline',
  'GET /api/live',
]);

let server: TestServer;
let adminA: ApiUser;
let memberA: ApiUser;
let outsider: ApiUser;
let idsA: Ids;
let routes: string[];

const fill = (path: string, ids: Ids) =>
  path.replace('{companyId}', ids.companyId).replace('{teamId}', ids.teamId).replace('{userId}', ids.userId);

const eventCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM events`.execute(server.db)).rows[0].n);

beforeAll(async () => {
  server = await startTestServer();
  [adminA, memberA, outsider] = await Promise.all([
    signedInUser(server, 'admin@a.test', 'Alice Alpha'),
    signedInUser(server, 'member@a.test', 'Marc Alpha'),
    signedInUser(server, 'admin@b.test', 'Bob Beta'),
  ]);
  const companyId = await createCompany(adminA, 'Alpha Secret Works');
  const teamId = (await adminA.call('POST', `/api/companies/${companyId}/teams`, { name: 'Alpha Skunkworks' })).body.teamId;
  await inviteAndAccept(server, adminA, companyId, memberA, 'Member', [teamId]);
  await createCompany(outsider, 'Beta Corp');
  idsA = { companyId, teamId, userId: memberA.userId };
  const spec = (await adminA.call('GET', '/api/docs/json')).body;
  routes = Object.entries(spec.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
});
afterAll(() => server.close());

describe('tenant and role isolation', () => {
  it('has a case for every API route', () => {
    expect(routes.length).toBeGreaterThan(25);
    const missing = routes.filter((route) => !companyScoped[route] && !notCompanyScoped.has(route));
    expect(missing).toEqual([]);
    expect(Object.keys(companyScoped).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it("answers another company's ids exactly like ids that do not exist, with no data and no events", async () => {
    const unknown: Ids = { companyId: randomUUID(), teamId: randomUUID(), userId: randomUUID() };
    for (const [route, testCase] of Object.entries(companyScoped)) {
      const [method, path] = route.split(' ');
      const before = await eventCount();
      const acrossTenants = await outsider.call(method, fill(path, idsA), testCase.body?.(idsA));
      const nonexistent = await outsider.call(method, fill(path, unknown), testCase.body?.(unknown));
      expect([403, 404], route).toContain(acrossTenants.status);
      expect(acrossTenants, route).toEqual(nonexistent);
      expect(JSON.stringify(acrossTenants.body), route).not.toMatch(/Alpha|admin@a\.test|member@a\.test/);
      expect(await eventCount(), route).toBe(before);
    }
  });

  it('refuses a plain Member on Manager routes, writing nothing', async () => {
    for (const [route, testCase] of Object.entries(companyScoped)) {
      if (testCase.member !== 'refused') continue;
      const [method, path] = route.split(' ');
      const before = await eventCount();
      const response = await memberA.call(method, fill(path, { ...idsA, userId: adminA.userId }), testCase.body?.(idsA));
      expect(response.status, route).toBe(403);
      expect(await eventCount(), route).toBe(before);
    }
  });

  it("hides another user's invites", async () => {
    const sent = await adminA.call('POST', `/api/companies/${idsA.companyId}/invites`, { emails: ['invitee@a.test'], role: 'Member', teamIds: [idsA.teamId] });
    expect(sent.body.results[0].sent).toBe(true);
    const inviteId = (await server.db.selectFrom('invites').select('invite_id').where('email', '=', 'invitee@a.test').executeTakeFirstOrThrow()).invite_id;
    for (const path of [`/api/me/invites/${inviteId}`]) expect((await outsider.call('GET', path)).status).toBe(404);
    const before = await eventCount();
    for (const answer of ['accept', 'decline']) expect((await outsider.call('POST', `/api/me/invites/${inviteId}/${answer}`)).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });
});
