import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../tests/support/users.ts';

/**
 * Every route of the OpenAPI description must be listed here: either scoped to
 * a company (then it is called across tenants and as a plain Member), or named
 * as not company-scoped. A new route without a case fails this test.
 */
type Case = {
  /** What a plain Member of the company gets: an answer, a refusal (403), or nothing to see (404). */
  member: 'allowed' | 'refused' | 'hidden';
  body?: (ids: Ids) => unknown;
  query?: (ids: Ids) => string;
  /** Sent as an image upload. */
  multipart?: boolean;
  /** The path names an uploaded file of the company. */
  file?: boolean;
};
interface Ids {
  companyId: string;
  teamId: string;
  userId: string;
  projectId: string;
  taskId: string;
  commentId: string;
  /** A leave request of the Member's, sent to the Admin. */
  requestId: string;
  /** A regularization request of the Member's, sent to the Admin (paths under /regularization/ name it as {requestId}). */
  regularizationId: string;
  /** A screenshot of the Admin's (a Member may not see the Admin's). */
  screenshotId: string;
  /** The company's Admin, whom the Member may ask to approve. */
  adminId: string;
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
  'GET /api/companies/{companyId}/projects': { member: 'allowed' },
  'POST /api/companies/{companyId}/projects': { member: 'refused', body: () => ({ name: 'Stolen' }) },
  'PATCH /api/companies/{companyId}/projects/{projectId}': { member: 'refused', body: () => ({ name: 'Renamed' }) },
  'DELETE /api/companies/{companyId}/projects/{projectId}': { member: 'refused' },
  'GET /api/companies/{companyId}/projects/{projectId}/my-tasks': { member: 'allowed' },
  'GET /api/companies/{companyId}/assignees': { member: 'refused' },
  'GET /api/companies/{companyId}/tasks': { member: 'refused', query: (ids) => `?projectIds=${ids.projectId}` },
  'POST /api/companies/{companyId}/tasks': {
    member: 'refused',
    body: (ids) => ({ projectId: ids.projectId, title: 'T', description: 'D', status: 'TO DO', priority: 'P1', eta: null, assigneeId: ids.userId }),
  },
  'GET /api/companies/{companyId}/tasks/{taskId}': { member: 'hidden' },
  'PATCH /api/companies/{companyId}/tasks/{taskId}': { member: 'refused', body: () => ({ title: 'Changed' }) },
  'DELETE /api/companies/{companyId}/tasks/{taskId}': { member: 'refused' },
  'POST /api/companies/{companyId}/tasks/{taskId}/comments': { member: 'refused', body: () => ({ html: '<p>hi</p>' }) },
  'DELETE /api/companies/{companyId}/tasks/{taskId}/comments/{commentId}': { member: 'refused' },
  'GET /api/companies/{companyId}/tasks/{taskId}/history': { member: 'refused' },
  'POST /api/companies/{companyId}/tasks/{taskId}/images': { member: 'refused', multipart: true },
  'GET /api/companies/{companyId}/files/task-images/{taskId}/{file}': { member: 'hidden', file: true },
  'GET /api/companies/{companyId}/timer': { member: 'allowed' },
  'POST /api/companies/{companyId}/timer/start': { member: 'allowed', body: (ids) => ({ teamId: ids.teamId, projectId: ids.projectId, taskId: ids.taskId }) },
  'POST /api/companies/{companyId}/timer/stop': { member: 'allowed', body: () => ({}) },
  'POST /api/companies/{companyId}/timer/cancel': { member: 'allowed' },
  'POST /api/companies/{companyId}/timer/heartbeat': { member: 'allowed', body: (ids) => ({ sessionId: ids.commentId }) },
  'POST /api/companies/{companyId}/punch/in': { member: 'allowed', body: () => ({}) },
  'POST /api/companies/{companyId}/punch/out': { member: 'allowed', body: () => ({}) },
  'GET /api/companies/{companyId}/timelogs': { member: 'allowed', query: () => '?from=2026-01-01&to=2026-12-31' },
  'POST /api/companies/{companyId}/screenshots': { member: 'allowed', query: () => `?screenshotId=shot-1&takenAt=${new Date().toISOString()}`, body: () => ({}) },
  'GET /api/companies/{companyId}/screenshots': { member: 'allowed', query: () => '?from=2026-01-01&to=2026-01-31' },
  'GET /api/companies/{companyId}/screenshots/{screenshotId}/image': { member: 'hidden' },
  'GET /api/companies/{companyId}/screenshots/{screenshotId}/thumbnail': { member: 'hidden' },
  'DELETE /api/companies/{companyId}/screenshots/{screenshotId}': { member: 'hidden' },
  'GET /api/companies/{companyId}/dashboards/team': { member: 'refused', query: (ids) => `?from=2026-01-01&to=2026-12-31&teamId=${ids.teamId}` },
  'GET /api/companies/{companyId}/dashboards/individual': { member: 'allowed', query: () => '?from=2026-01-01&to=2026-12-31' },
  'GET /api/companies/{companyId}/dashboards/individual/day': { member: 'allowed', query: () => '?day=2026-01-01' },
  'GET /api/companies/{companyId}/dashboards/people': { member: 'allowed' },
  'GET /api/companies/{companyId}/performance': { member: 'refused', query: () => '?from=2026-01-01&to=2026-01-31' },
  'POST /api/companies/{companyId}/members/{userId}/request-monitoring': { member: 'refused', body: () => ({ message: 'Please run the agent' }) },
  'GET /api/companies/{companyId}/activity-log': { member: 'allowed' },
  'GET /api/companies/{companyId}/attendance/month': { member: 'allowed', query: () => '?month=2026-03' },
  'GET /api/companies/{companyId}/attendance/team': { member: 'refused', query: (ids) => `?teamId=${ids.teamId}&to=2026-03-09&days=6` },
  'GET /api/companies/{companyId}/attendance/team/people': { member: 'refused', query: (ids) => `?teamId=${ids.teamId}&day=2026-03-09&group=absent&today=2026-03-09` },
  'GET /api/companies/{companyId}/attendance/records': { member: 'refused', query: () => '?search=a' },
  'GET /api/companies/{companyId}/exports/summary': { member: 'hidden', query: (ids) => `?from=2026-01&userId=${ids.userId}` },
  'GET /api/companies/{companyId}/exports/attendance': { member: 'hidden', query: (ids) => `?from=2026-01&userId=${ids.userId}` },
  'GET /api/companies/{companyId}/exports/timelog': { member: 'hidden', query: (ids) => `?from=2026-01&userId=${ids.userId}` },
  'GET /api/companies/{companyId}/exports/working-time': { member: 'hidden', query: (ids) => `?from=2026-01&userId=${ids.userId}` },
  'GET /api/companies/{companyId}/leave/requests': { member: 'allowed' },
  'GET /api/companies/{companyId}/leave/balance': { member: 'allowed' },
  'POST /api/companies/{companyId}/leave/requests': { member: 'allowed', body: (ids) => ({ leaveDate: '2099-01-06', type: 'Sick Leave', assigneeId: ids.userId }) },
  'PATCH /api/companies/{companyId}/leave/requests/{requestId}': { member: 'allowed', body: () => ({ comment: 'Changed' }) },
  'DELETE /api/companies/{companyId}/leave/requests/{requestId}': { member: 'allowed' },
  'GET /api/companies/{companyId}/leave/team-requests': { member: 'refused' },
  'POST /api/companies/{companyId}/leave/requests/{requestId}/approve': { member: 'refused', body: () => ({ comment: 'Fine' }) },
  'POST /api/companies/{companyId}/leave/requests/{requestId}/decline': { member: 'refused', body: () => ({ comment: 'No' }) },
  'GET /api/companies/{companyId}/regularization/requests': { member: 'allowed' },
  'POST /api/companies/{companyId}/regularization/requests': {
    member: 'allowed',
    body: (ids) => ({ teamId: ids.teamId, date: '2024-01-06', startHours: 9, startMinutes: 0, durationHours: 1, durationMinutes: 0, projectId: ids.projectId, taskId: ids.taskId, assigneeId: ids.userId }),
  },
  'PUT /api/companies/{companyId}/regularization/requests/{requestId}': {
    member: 'allowed',
    body: (ids) => ({ date: '2024-01-06', startHours: 10, startMinutes: 0, durationHours: 1, durationMinutes: 0, projectId: ids.projectId, taskId: ids.taskId, assigneeId: ids.userId }),
  },
  'DELETE /api/companies/{companyId}/regularization/requests/{requestId}': { member: 'allowed' },
  'GET /api/companies/{companyId}/regularization/team-requests': { member: 'refused' },
  'POST /api/companies/{companyId}/regularization/requests/{requestId}/approve': { member: 'refused', body: () => ({ comment: 'Fine' }) },
  'POST /api/companies/{companyId}/regularization/requests/{requestId}/decline': { member: 'refused', body: () => ({ comment: 'No' }) },
  'GET /api/companies/{companyId}/timesheets': { member: 'refused', query: () => '?day=2024-01-01' },
  'POST /api/companies/{companyId}/timesheets/approve': { member: 'refused', body: (ids) => ({ timesheets: [{ userId: ids.userId, start: '2024-01-01' }] }) },
  'GET /api/companies/{companyId}/timesheets/{userId}/sheet': { member: 'allowed', query: () => '?day=2024-01-01' },
  'GET /api/companies/{companyId}/timesheets/{userId}/{start}/history': { member: 'allowed' },
  'GET /api/companies/{companyId}/timesheets/{userId}': { member: 'allowed', query: () => '?from=2024-01-01&to=2024-01-31' },
  'POST /api/companies/{companyId}/timesheets/{start}/submit': { member: 'allowed', body: (ids) => ({ approverId: ids.adminId, note: 'All in' }) },
  'POST /api/companies/{companyId}/timesheets/{userId}/{start}/approve': { member: 'refused', body: () => ({}) },
  'POST /api/companies/{companyId}/timesheets/{userId}/{start}/reject': { member: 'refused', body: () => ({ reason: 'Missing a day' }) },
  'POST /api/companies/{companyId}/timesheets/{userId}/{start}/reopen': { member: 'refused', body: () => ({ reason: 'Correction' }) },
  'GET /api/companies/{companyId}/requests/{requestId}/history': { member: 'allowed' },
  'GET /api/companies/{companyId}/request-assignees': { member: 'allowed', query: (ids) => `?teamId=${ids.teamId}` },
  'GET /api/companies/{companyId}/settings': { member: 'refused' },
  'PUT /api/companies/{companyId}/settings/threshold': { member: 'refused', body: () => ({ hours: 6 }) },
  'PUT /api/companies/{companyId}/settings/screenshots': { member: 'refused', body: () => ({ enabled: true }) },
  'PUT /api/companies/{companyId}/settings/screenshot-retention': { member: 'refused', body: () => ({ days: 30 }) },
  'PUT /api/companies/{companyId}/settings/timesheet-period': { member: 'refused', body: () => ({ kind: 'monthly' }) },
  'PUT /api/companies/{companyId}/settings/timesheet-reminders': { member: 'refused', body: () => ({ days: 3 }) },
  'GET /api/companies/{companyId}/settings/screenshot-storage': { member: 'refused' },
  'PUT /api/companies/{companyId}/leave-policies/{year}': { member: 'refused', body: () => ({ paidLeaveDays: 12 }) },
  'POST /api/companies/{companyId}/billing/checkout': { member: 'refused', body: () => ({ plan: 'grow', cycle: 'monthly' }) },
  'GET /api/companies/{companyId}/billing/subscription': { member: 'allowed' },
  'GET /api/companies/{companyId}/billing/invoices': { member: 'refused' },
  'POST /api/companies/{companyId}/app-usage': {
    member: 'allowed',
    body: () => ({ batchId: 'batch-1', samples: [{ application: 'Alpha IDE', start: '2026-03-10T04:00:00.000Z', seconds: 30, idle: false }] }),
  },
  'GET /api/companies/{companyId}/app-categories': { member: 'refused' },
  'PUT /api/companies/{companyId}/app-categories': { member: 'refused', body: () => ({ application: 'Alpha IDE', category: 'unproductive' }) },
  'GET /api/companies/{companyId}/application-dashboard': { member: 'refused', query: () => '?day=2026-03-10' },
  'GET /api/companies/{companyId}/application-dashboard/team': { member: 'refused', query: (ids) => `?day=2026-03-10&teamId=${ids.teamId}` },
  'GET /api/companies/{companyId}/application-dashboard/opening-day': { member: 'refused', query: (ids) => `?userId=${ids.userId}` },
  'GET /api/companies/{companyId}/application-dashboard/team/opening-day': { member: 'refused', query: (ids) => `?teamId=${ids.teamId}` },
  'GET /api/companies/{companyId}/working-time': { member: 'allowed' },
  'PUT /api/companies/{companyId}/working-time/working-days': { member: 'refused', body: () => ({ days: ['Mon', 'Tue'] }) },
  'PUT /api/companies/{companyId}/working-time/daily-target': { member: 'refused', body: () => ({ minutes: 420 }) },
  'PUT /api/companies/{companyId}/working-time/holiday-region': { member: 'refused', body: () => ({ region: null }) },
  'PUT /api/companies/{companyId}/working-time/balance-rules': { member: 'refused', body: () => ({ carryOverCapMinutes: 600, overtimeExpiryMonths: 6, idleCounts: false }) },
  'GET /api/companies/{companyId}/holidays': { member: 'allowed', query: () => '?year=2026' },
  'POST /api/companies/{companyId}/holidays': { member: 'refused', body: () => ({ day: '2026-12-24', name: 'Alpha Eve' }) },
  'DELETE /api/companies/{companyId}/holidays/{day}': { member: 'refused' },
  'GET /api/companies/{companyId}/working-time/people': { member: 'refused' },
  'GET /api/companies/{companyId}/working-time/people/{userId}': { member: 'hidden' },
  'PUT /api/companies/{companyId}/working-time/people/{userId}/contracts/{from}': { member: 'refused', body: () => ({ until: null, weekdayMinutes: [360, 360, 360, 360, 0, 0, 0] }) },
  'DELETE /api/companies/{companyId}/working-time/people/{userId}/contracts/{from}': { member: 'refused' },
  'PUT /api/companies/{companyId}/working-time/people/{userId}/holiday-region': { member: 'refused', body: () => ({ region: null }) },
  'POST /api/companies/{companyId}/working-time/people/{userId}/corrections': { member: 'refused', body: () => ({ day: '2024-01-05', minutes: 60, reason: 'Alpha' }) },
  'POST /api/companies/{companyId}/working-time/people/{userId}/payouts': { member: 'refused', body: () => ({ day: '2024-01-05', minutes: 60, reason: 'Alpha' }) },
};

/** Routes that name no company: the caller's own data, sign-in, or a secret link. */
const notCompanyScoped = new Set([
  'GET /api/health',
  'POST /api/auth/sign-up',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/verify-email',
  'POST /api/auth/resend-verification',
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
  'GET /api/time',
  'GET /api/me/tokens',
  'POST /api/me/tokens',
  'DELETE /api/me/tokens/{tokenId}',
  'GET /api/billing/plans',
  // Stripe's: signed with the webhook secret, it names its company in the event.
  'POST /api/billing/stripe-webhook',
]);

let server: TestServer;
let adminA: ApiUser;
let memberA: ApiUser;
let outsider: ApiUser;
let idsA: Ids;
let routes: string[];

let imageFile = '';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const fill = (path: string, ids: Ids) =>
  path
    .replace('{companyId}', ids.companyId)
    .replace('{teamId}', ids.teamId)
    .replace('{userId}', ids.userId)
    .replace('{projectId}', ids.projectId)
    .replace('{taskId}', ids.taskId)
    .replace('{commentId}', ids.commentId)
    .replace('{requestId}', path.includes('/regularization/') ? ids.regularizationId : ids.requestId)
    .replace('{screenshotId}', ids.screenshotId)
    .replace('{year}', '2026')
    .replace('{day}', '2026-12-24')
    .replace('{from}', '2026-03-04')
    // A week long past, from Monday: a timesheet period of every company that kept the default.
    .replace('{start}', '2024-01-01')
    .replace('{file}', imageFile);

/** Calls one case as a user; uploads go as multipart. */
async function callCase(user: ApiUser, method: string, path: string, testCase: Case, ids: Ids) {
  const url = fill(path, ids) + (testCase.query?.(ids) ?? '');
  if (!testCase.multipart) return user.call(method, url, testCase.body?.(ids));
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'pixel.png');
  const response = await fetch(`${server.url}${url}`, { method, headers: { cookie: user.cookie }, body: form });
  return { status: response.status, body: await response.json() };
}

/** The Admin's agent, with screenshots on and the timer running, sends one. */
async function adminScreenshot(companyId: string, teamId: string, projectId: string, taskId: string): Promise<string> {
  await adminA.call('PUT', `/api/companies/${companyId}/settings/screenshots`, { enabled: true });
  await adminA.call('POST', `/api/companies/${companyId}/punch/in`, {});
  await adminA.call('POST', `/api/companies/${companyId}/timer/start`, { teamId, projectId, taskId });
  const token: string = (await adminA.call('POST', '/api/me/tokens', { name: 'Agent' })).body.token;
  const sent = await fetch(`${server.url}/api/companies/${companyId}/screenshots?screenshotId=alpha-1&takenAt=${new Date().toISOString()}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    body: new Uint8Array(PNG),
  });
  const body = await sent.json();
  if (sent.status !== 201) throw new Error(`screenshot failed: ${JSON.stringify(body)}`);
  return body.screenshotId;
}

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
  const projectId = (await adminA.call('POST', `/api/companies/${companyId}/projects`, { name: 'Alpha Website' })).body.projectId;
  const taskId = (
    await adminA.call('POST', `/api/companies/${companyId}/tasks`, {
      projectId,
      title: 'Alpha launch',
      description: '<p>Alpha plans</p>',
      status: 'TO DO',
      priority: 'P1',
      eta: null,
      // Not the Member's: the person a task is assigned to may read it and comment on it.
      assigneeId: adminA.userId,
    })
  ).body.taskId;
  const commentId = (await adminA.call('POST', `/api/companies/${companyId}/tasks/${taskId}/comments`, { html: '<p>Alpha note</p>' })).body.commentId;
  const leave = await memberA.call('POST', `/api/companies/${companyId}/leave/requests`, { leaveDate: '2099-01-05', type: 'Sick Leave', assigneeId: adminA.userId });
  if (leave.status !== 201) throw new Error(`leave request failed: ${JSON.stringify(leave.body)}`);
  const { requestId } = leave.body;
  const timesheet = { projectId, title: 'Alpha timesheet', description: '<p>Hours</p>', status: 'TO DO', priority: 'P2', eta: null, assigneeId: memberA.userId };
  const timesheetId = (await adminA.call('POST', `/api/companies/${companyId}/tasks`, timesheet)).body.taskId;
  const asked = { date: '2024-01-05', startHours: 9, startMinutes: 0, durationHours: 1, durationMinutes: 0, projectId, taskId: timesheetId, assigneeId: adminA.userId };
  const regularization = await memberA.call('POST', `/api/companies/${companyId}/regularization/requests`, { teamId, ...asked });
  if (regularization.status !== 201) throw new Error(`regularization request failed: ${JSON.stringify(regularization.body)}`);
  const screenshotId = await adminScreenshot(companyId, teamId, projectId, taskId);
  idsA = { companyId, teamId, userId: memberA.userId, projectId, taskId, commentId, requestId, regularizationId: regularization.body.requestId, screenshotId, adminId: adminA.userId };
  const upload = await callCase(adminA, 'POST', '/api/companies/{companyId}/tasks/{taskId}/images', { member: 'refused', multipart: true }, idsA);
  imageFile = upload.body.url.split('/').pop();
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
    const unknown: Ids = {
      companyId: randomUUID(),
      teamId: randomUUID(),
      userId: randomUUID(),
      projectId: randomUUID(),
      taskId: 'ZZ-1',
      commentId: randomUUID(),
      requestId: randomUUID(),
      regularizationId: randomUUID(),
      screenshotId: randomUUID(),
      adminId: randomUUID(),
    };
    for (const [route, testCase] of Object.entries(companyScoped)) {
      const [method, path] = route.split(' ');
      const before = await eventCount();
      const acrossTenants = await callCase(outsider, method, path, testCase, idsA);
      const nonexistent = await callCase(outsider, method, path, testCase, unknown);
      expect([403, 404], route).toContain(acrossTenants.status);
      expect({ status: acrossTenants.status, body: acrossTenants.body }, route).toEqual({ status: nonexistent.status, body: nonexistent.body });
      expect(JSON.stringify(acrossTenants.body), route).not.toMatch(/Alpha|admin@a\.test|member@a\.test/);
      expect(await eventCount(), route).toBe(before);
    }
  });

  it('refuses a plain Member on Manager routes, writing nothing', async () => {
    for (const [route, testCase] of Object.entries(companyScoped)) {
      if (testCase.member === 'allowed') continue;
      const [method, path] = route.split(' ');
      const before = await eventCount();
      const response = await callCase(memberA, method, path, testCase, { ...idsA, userId: adminA.userId });
      expect(response.status, route).toBe(testCase.member === 'refused' ? 403 : 404);
      expect(await eventCount(), route).toBe(before);
    }
  });

  it("serves a task's files only to who may read the task", async () => {
    const path = fill('/api/companies/{companyId}/files/task-images/{taskId}/{file}', idsA);
    const asAdmin = await fetch(`${server.url}${path}`, { headers: { cookie: adminA.cookie } });
    expect(asAdmin.status).toBe(200);
    // Stored re-encoded: the same one pixel, as a PNG.
    expect(await sharp(Buffer.from(await asAdmin.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect((await fetch(`${server.url}${path}`, { headers: { cookie: memberA.cookie } })).status).toBe(404);
    expect((await fetch(`${server.url}${path}`)).status).toBe(401);
    expect((await fetch(`${server.url}${path}`, { headers: { cookie: outsider.cookie } })).status).toBe(404);
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
