import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMessages } from '../domain/companies/company.ts';
import { startTestServer, type TestServer } from '../tests/support/test-server.ts';
import { createCompany, signedInUser } from '../tests/support/users.ts';

const DAY_MS = 86_400_000;

/**
 * The server's clock is the one clock of every decision a request makes:
 * moved on (as tests do rather than wait), an invitation expires and a trial
 * ends with it, while the wall clock has not moved.
 */
describe('one clock', () => {
  let server: TestServer;
  let movedBy = 0;
  beforeAll(async () => {
    server = await startTestServer({ now: () => new Date(Date.now() + movedBy) });
  });
  afterAll(() => server?.close());

  it('expires an invitation and ends a trial when the server’s clock says so', async () => {
    const admin = await signedInUser(server, 'clock-admin@example.com', 'Clock Admin');
    const invitee = await signedInUser(server, 'clock-invitee@example.com', 'Clock Invitee');
    const companyId = await createCompany(admin, 'Clock Company');
    const team = await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Early' });
    expect(team.status).toBe(201);
    const sent = await admin.call('POST', `/api/companies/${companyId}/invites`, { emails: [invitee.email], role: 'Member', teamIds: [team.body.teamId] });
    expect(sent.body.results[0].sent).toBe(true);

    const pending = (await invitee.call('GET', '/api/me/invites')).body as { invitationId: string; companyId: string; status: string }[];
    const invite = pending.find((one) => one.companyId === companyId)!;
    expect(invite.status).toBe('pending');
    movedBy = 8 * DAY_MS;
    expect((await invitee.call('GET', '/api/me/invites')).body).toEqual([]);
    expect((await invitee.call('GET', `/api/me/invites/${invite.invitationId}`)).body.status).toBe('expired');

    expect((await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Still in trial' })).status).toBe(201);
    movedBy = 31 * DAY_MS;
    const late = await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'After the trial' });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe(companyMessages.suspended);
  });
});
