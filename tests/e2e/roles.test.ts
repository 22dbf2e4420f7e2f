import { describe, expect, it } from 'vitest';
import { createCompany, inviteAndAccept, signedInUser, TEST_PASSWORD } from '../support/users.ts';
import { browserSuite, screenshot, signInWithApi, uniqueEmail, visible, waitForPath } from './support/browser.ts';

describe('what each role is offered', () => {
  const suite = browserSuite();

  it('offers a Manager only the roles a Manager may hand out', async () => {
    const { server, context, page } = suite;
    const admin = await signedInUser(server, uniqueEmail('admin'), 'Ada Admin');
    const companyId = await createCompany(admin, 'Invite Roles Works');
    const teamId = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Apollo' })).body.teamId;
    const manager = await signedInUser(server, uniqueEmail('manager'), 'Max Manager');
    await inviteAndAccept(server, admin, companyId, manager, 'Manager', [teamId]);

    await signInWithApi(context, { name: 'Max Manager', email: manager.email, password: TEST_PASSWORD });
    await page.goto('/manage-teams/invite');
    await waitForPath(page, '/manage-teams/invite');
    await visible(page.getByRole('heading', { name: 'Send Invite to Teams' }));
    await page.getByRole('combobox', { name: 'Access level' }).click();
    const options = page.getByRole('listbox').filter({ visible: true }).getByRole('option');
    await visible(options.first());
    const offered: Record<string, boolean> = {};
    for (const option of await options.all()) offered[(await option.innerText()).trim()] = (await option.getAttribute('aria-disabled')) !== 'true';
    await screenshot(page, 'invite-form-manager');
    expect(offered).toEqual({ 'Team Member': true, Manager: true, Admin: false, Client: false });
  });

  it('shows a Client neither the timer nor the punch, nor a member picker (they see nobody else)', async () => {
    const { server, context, page } = suite;
    const admin = await signedInUser(server, uniqueEmail('admin'), 'Ada Admin');
    const companyId = await createCompany(admin, 'Client View Works');
    const projectId = (await admin.call('POST', `/api/companies/${companyId}/projects`, { name: 'Client Portal' })).body.projectId;
    const client = await signedInUser(server, uniqueEmail('client'), 'Cleo Client');
    const before = server.mailbox.received.length;
    expect((await admin.call('POST', `/api/companies/${companyId}/invites`, { emails: [client.email], role: 'Client', projectIds: [projectId] })).body.results[0].sent).toBe(true);
    const token = new URL(await server.mailbox.linkTo(client.email, '/invitation', before)).searchParams.get('i');
    expect((await client.call('POST', `/api/invitations/${token}/accept`)).status).toBe(200);

    await signInWithApi(context, { name: 'Cleo Client', email: client.email, password: TEST_PASSWORD });
    await page.goto('/project');
    await visible(page.getByText('Client Portal'));
    await screenshot(page, 'client-projects');
    expect(await page.getByRole('button', { name: 'Punch In' }).count()).toBe(0);
    expect(await page.getByText('0:00:00').count()).toBe(0);

    // The read-rights table gives a Client only themselves: their own pages, with no one to pick.
    for (const path of ['/dashboard-individual', '/userAttendance']) {
      await page.goto(path);
      await waitForPath(page, path);
      await visible(page.getByText(/^Cleo Client · /));
      expect(await page.getByRole('combobox', { name: 'Member' }).count(), path).toBe(0);
    }
  });
});
