import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GuardedPage, mayOpenPage } from '../domain/members/page-access.ts';
import { ROLES, type Role } from '../domain/members/roles.ts';
import { startTestServer, type TestServer } from '../tests/support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../tests/support/users.ts';

/**
 * The routes that serve a page's data refuse whoever the page table
 * (domain/members/page-access.ts) keeps off the page, the table the web
 * router guards the page with.
 */
let server: TestServer;
let companyId: string;
let projectId: string;
const people = {} as Record<Role, ApiUser>;

/** Each guarded page with the call that loads its data. */
const pageData: [GuardedPage, (user: ApiUser) => Promise<{ status: number }>][] = [
  ['/dashboard-team', (user) => user.call('GET', `/api/companies/${companyId}/dashboards/team?from=2026-03-01&to=2026-03-07`)],
  ['/manage-tasks', (user) => user.call('GET', `/api/companies/${companyId}/tasks?projectIds=${projectId}`)],
];

beforeAll(async () => {
  server = await startTestServer();
  people.Admin = await signedInUser(server, 'admin@pages.test', 'Ada Admin');
  companyId = await createCompany(people.Admin, 'Page Works');
  const teamId = (await people.Admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Crew' })).body.teamId;
  projectId = (await people.Admin.call('POST', `/api/companies/${companyId}/projects`, { name: 'Launch' })).body.projectId;
  for (const role of ['Head', 'Manager', 'Member'] as const) {
    people[role] = await signedInUser(server, `${role.toLowerCase()}@pages.test`, `${role} Person`);
    await inviteAndAccept(server, people.Admin, companyId, people[role], role, [teamId]);
  }
  people.Client = await signedInUser(server, 'client@pages.test', 'Cleo Client');
  const before = server.mailbox.received.length;
  await people.Admin.call('POST', `/api/companies/${companyId}/invites`, { emails: [people.Client.email], role: 'Client', projectIds: [projectId] });
  const token = new URL(await server.mailbox.linkTo(people.Client.email, '/invitation', before)).searchParams.get('i');
  expect((await people.Client.call('POST', `/api/invitations/${token}/accept`)).status).toBe(200);
}, 60_000);
afterAll(() => server.close());

describe('page data by the page table', () => {
  it.each(pageData)('serves the data of %s to exactly the roles that may open it', async (page, load) => {
    const answers = Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, (await load(people[role])).status])));
    const expected = Object.fromEntries(ROLES.map((role) => [role, mayOpenPage(role, page) ? 200 : 403]));
    expect(answers).toEqual(expected);
    expect(Object.values(answers)).toContain(403);
  });
});
