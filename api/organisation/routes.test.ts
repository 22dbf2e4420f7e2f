import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMessages } from '../../domain/companies/company.ts';
import { readModelsInclude } from '../../tests/support/read-models.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, callApi, createCompany, inviteAndAccept, signedInUser, TEST_PASSWORD } from '../../tests/support/users.ts';

let server: TestServer;
let admin: ApiUser;
let manager: ApiUser;
let member: ApiUser;
let companyId: string;
let design: string;
let sales: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, member] = await Promise.all([
    signedInUser(server, 'ada@acme.test', 'Ada Admin'),
    signedInUser(server, 'max@acme.test', 'Max Manager'),
    signedInUser(server, 'mia@acme.test', 'Mia Member'),
  ]);
});
afterAll(() => server.close());

describe('companies', () => {
  it('creates a company with its creator as Admin on a 30-day trial', async () => {
    companyId = await createCompany(admin, 'Acme Remote');
    const me = await admin.call('GET', '/api/me');
    expect(me.body.companyList).toEqual([
      { companyId, companyName: 'Acme Remote', role: 'Admin', subscriptionStatus: 'trial', trialExpiryDate: expect.any(String) },
    ]);
    const days = (Date.parse(me.body.companyList[0].trialExpiryDate) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('refuses a name the user already has, whatever the case, and invalid forms', async () => {
    const again = await admin.call('POST', '/api/companies', {
      name: '  ACME remote ',
      location: { country: 'India', code: 'IN' },
      timeZone: 'Asia/Kolkata',
      workingHours: { start: '09:00', end: '18:00' },
    });
    expect(again).toMatchObject({ status: 409, body: { message: 'Company already exists!' } });
    const bad = (body: object) => admin.call('POST', '/api/companies', { name: 'Globex', location: { country: 'India', code: 'IN' }, timeZone: 'Asia/Kolkata', workingHours: { start: '09:00', end: '18:00' }, ...body });
    expect((await bad({ name: '' })).body.message).toBe('Company name is required');
    expect((await bad({ name: 'AB' })).body.message).toBe('Name must contains 3 letters');
    expect((await bad({ location: null })).body.message).toBe('Company location is required');
    expect((await bad({ timeZone: 'Mars/Olympus' })).body.message).toBe('Timezone is required');
    expect((await bad({ workingHours: null })).body.message).toBe('Time range is required');
  });

  it('creates one company for a repeated request with the same idempotency key', async () => {
    const request = () =>
      fetch(`${server.url}/api/companies`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: manager.cookie, 'idempotency-key': 'create-globex-1' },
        body: JSON.stringify({ name: 'Globex', location: { country: 'Germany', code: 'DE' }, timeZone: 'Europe/Berlin', workingHours: { start: '08:00', end: '16:00' } }),
      }).then((r) => r.json());
    const [first, second] = await Promise.all([request(), request()]);
    expect(first.companyId).toBe(second.companyId);
    await readModelsInclude(server, first);
    await readModelsInclude(server, second);
    expect((await manager.call('GET', '/api/me')).body.companyList).toHaveLength(1);
  });
});

describe('teams, invites and members', () => {
  it('adds teams; every Admin is in each new team', async () => {
    design = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Design' })).body.teamId;
    sales = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Sales' })).body.teamId;
    expect((await admin.call('POST', `/api/companies/${companyId}/teams`, { name: ' ' })).body.message).toBe('Team name is required');
    const teams = (await admin.call('GET', `/api/companies/${companyId}/teams`)).body;
    expect(teams.map((t: { teamName: string }) => t.teamName)).toEqual(['Design', 'Sales']);
    expect(teams[0].members).toEqual([{ userId: admin.userId, name: 'Ada Admin', email: 'ada@acme.test', role: 'Admin' }]);
  });

  it('applies the invite rules and answers per e-mail', async () => {
    const invite = (body: object) => admin.call('POST', `/api/companies/${companyId}/invites`, body);
    const first = await invite({ emails: ['Max@Acme.test', 'new.person@acme.test'], role: 'Manager', teamIds: [design] });
    expect(first.body.results).toEqual([
      { email: 'max@acme.test', teamName: 'Design', sent: true, message: 'Manager invitation sent successfully' },
      { email: 'new.person@acme.test', teamName: 'Design', sent: true, message: 'Manager invitation sent successfully' },
    ]);
    const repeat = await invite({ emails: ['max@acme.test'], role: 'Manager', teamIds: [design] });
    expect(repeat.body.results[0]).toMatchObject({ sent: false, message: 'Pending invite already exists for role Manager' });
    const changed = await invite({ emails: ['new.person@acme.test'], role: 'Member', teamIds: [design] });
    expect(changed.body.results[0]).toMatchObject({ sent: true, message: 'Invitation updated to Member role' });
    const adminInvite = await invite({ emails: ['new.person@acme.test'], role: 'Admin', teamIds: [] });
    expect(adminInvite.body.results[0].message).toBe('Admin invitation sent successfully, replacing previous role invitations');
    expect((await invite({ emails: ['ada@acme.test'], role: 'Admin' })).body.results[0].message).toBe('User already has Admin access');
    expect((await invite({ emails: [], role: 'Member', teamIds: [design] })).body.message).toBe('At least 1 email address is required');
    expect((await invite({ emails: ['nope'], role: 'Member', teamIds: [design] })).body.message).toBe(
      'Invalid email format! Please enter a valid email address.!',
    );
    expect((await invite({ emails: ['x@acme.test'], role: 'Member', teamIds: [] })).body.message).toBe('You need to select at least one team');
  });

  it('lets invitees accept through the mailed link and take their role', async () => {
    // max has a pending Manager invite for Design; accept it from the mailed link.
    const link = new URL(await server.mailbox.linkTo('max@acme.test', '/invitation'));
    const token = link.searchParams.get('i')!;
    const view = await callApi(server, null, 'GET', `/api/invitations/${token}`);
    expect(view.body).toMatchObject({ invitedAs: 'Manager', teamName: 'Design', registered: true, status: 'pending', invitedBy: { fullName: 'Ada Admin', companyName: 'Acme Remote' } });
    const wrong = await member.call('POST', `/api/invitations/${token}/accept`);
    expect(wrong).toMatchObject({ status: 403, body: { message: 'You have opened wrong invitation link. Please login to relevant account to accept this invitation.' } });
    expect((await manager.call('POST', `/api/invitations/${token}/accept`)).status).toBe(200);
    expect((await manager.call('POST', `/api/invitations/${token}/accept`)).status).toBe(200); // repeated: nothing twice

    await inviteAndAccept(server, admin, companyId, member, 'Member', [sales]);
    const roles = (await manager.call('GET', '/api/me')).body.companyList.map((c: { companyName: string; role: string }) => `${c.companyName}:${c.role}`);
    expect(roles.sort()).toEqual(['Acme Remote:Manager', 'Globex:Admin']);
    expect((await member.call('GET', '/api/me')).body.companyList[0]).toMatchObject({ companyId, role: 'Member' });
  });

  it('lists members with filters, search and pages; managers see their teams only', async () => {
    const list = (user: ApiUser, query = '') => user.call('GET', `/api/companies/${companyId}/members${query}`);
    expect((await list(admin)).body.total).toBe(3);
    expect((await list(admin, '?accessLevel=Manager')).body.members.map((m: { name: string }) => m.name)).toEqual(['Max Manager']);
    expect((await list(admin, `?teamId=${sales}`)).body.members.map((m: { name: string }) => m.name)).toEqual(['Ada Admin', 'Mia Member']);
    expect((await list(admin, '?search=mia')).body.members).toHaveLength(1);
    const page = (await list(admin, '?pageSize=10&page=1')).body;
    expect(page.members[0]).toMatchObject({ name: 'Ada Admin', accessLevel: 'Admin', teams: [{ teamName: 'Design' }, { teamName: 'Sales' }] });
    expect((await list(admin, '?pageSize=7')).status).toBe(400);
    // Max manages Design, where Mia is not.
    expect((await list(manager)).body.members.map((m: { name: string }) => m.name)).toEqual(['Ada Admin', 'Max Manager']);
    expect((await list(member)).status).toBe(403);
  });

  it('edits a member with the spec messages and role rules', async () => {
    const edit = (user: ApiUser, userId: string, body: object) => user.call('PATCH', `/api/companies/${companyId}/members/${userId}`, body);
    expect((await edit(admin, member.userId, { name: '', teamIds: [sales], hourlyRate: null })).body.message).toBe('Member name is required');
    expect((await edit(admin, member.userId, { name: 'Mia', teamIds: [], hourlyRate: null })).body.message).toBe('Select at least one team');
    expect((await edit(admin, member.userId, { name: 'Mia', teamIds: [sales], hourlyRate: '12a' })).body.message).toBe(
      'Please enter only numeric characters.',
    );
    expect((await edit(admin, member.userId, { name: 'Mia Moss', teamIds: [sales, design], hourlyRate: '25.50' })).status).toBe(200);
    const mia = (await admin.call('GET', `/api/companies/${companyId}/members?search=moss`)).body.members[0];
    expect(mia).toMatchObject({ name: 'Mia Moss', hourlyRate: 25.5, teams: [{ teamName: 'Design' }, { teamName: 'Sales' }] });

    expect((await edit(manager, admin.userId, { name: 'X', teamIds: [design], hourlyRate: null })).status).toBe(403);
    expect((await edit(admin, admin.userId, { name: 'Me', teamIds: [design], hourlyRate: null })).status).toBe(403);
  });

  it('removes a member softly: gone from lists and from their company list', async () => {
    expect((await admin.call('DELETE', `/api/companies/${companyId}/members/${member.userId}`)).status).toBe(200);
    expect((await admin.call('GET', `/api/companies/${companyId}/members`)).body.total).toBe(2);
    // Removed from their only company, the member is signed out (README, Sessions); signed in again, they have none.
    expect((await member.call('GET', '/api/me')).status).toBe(401);
    const again = await callApi(server, null, 'POST', '/api/auth/login', { email: member.email, password: TEST_PASSWORD });
    expect(again.body.user.companyList).toEqual([]);
    const cookie = again.headers.get('set-cookie')!.split(';')[0];
    expect((await callApi(server, cookie, 'GET', `/api/companies/${companyId}`)).status).toBe(404);
    const kept = await server.db.selectFrom('company_members').select(['deleted', 'deleted_at']).where('user_id', '=', member.userId).executeTakeFirstOrThrow();
    expect(kept.deleted).toBe(true);
    expect(kept.deleted_at).toBeInstanceOf(Date);
  });
});

describe('subscription gate', () => {
  it('refuses changes while suspended and reads still work', async () => {
    // The operator's path: the same service call `npm run company -- status` makes.
    const { createOrganisationService } = await import('./service.ts');
    const operator = createOrganisationService({ store: server.store, db: server.db, linkKey: 'no links mailed here', invitesPerHour: 0 });
    const position = await operator.setSubscriptionStatus(companyId, 'suspended', null, { correlationId: 'test' });
    expect(position).not.toBeNull();
    await expect
      .poll(async () => (await admin.call('GET', '/api/me')).body.companyList.find((c: { companyId: string }) => c.companyId === companyId).subscriptionStatus)
      .toBe('suspended');
    const refused = await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Ops' });
    expect(refused).toMatchObject({ status: 403, body: { message: companyMessages.suspended } });
    expect((await admin.call('GET', `/api/companies/${companyId}/teams`)).status).toBe(200);
  });
});

describe('read models', () => {
  it('rebuild from the log into exactly what the live projections hold', async () => {
    const { rebuildProjection } = await import('../../projections/rebuild.ts');
    const { organisationProjection } = await import('../../projections/organisation/organisation.ts');
    const { invitesProjection } = await import('../../projections/invites/invites.ts');
    const snapshot = async () => ({
      companies: await server.db.selectFrom('companies').selectAll().orderBy('company_id').execute(),
      members: await server.db.selectFrom('company_members').selectAll().orderBy('company_id').orderBy('user_id').execute(),
      teams: await server.db.selectFrom('teams').selectAll().orderBy('team_id').execute(),
      teamMembers: await server.db.selectFrom('team_members').selectAll().orderBy('team_id').orderBy('user_id').execute(),
      invites: await server.db.selectFrom('invites').selectAll().orderBy('invite_id').execute(),
    });
    const live = await snapshot();
    expect(live.invites.length).toBeGreaterThan(3);
    await rebuildProjection(server.db, server.store, organisationProjection);
    await rebuildProjection(server.db, server.store, invitesProjection);
    expect(await snapshot()).toEqual(live);
  });
});
