import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser, TEST_PASSWORD } from '../support/users.ts';
import { alertWith, browserSuite, chooseOption, pathOf, screenshot, sideMenu, signInWithApi, uniqueEmail, visible, waitForPath } from './support/browser.ts';

/*
 * Defects found when the product was tried as a new user would (issue 14),
 * each as that user meets it: a Member opening the task assigned to them,
 * the menus offering only what the role may open, a member removed while a
 * page is open, the 'Choose a Team' modal and Escape, and a second company.
 * Setup is over the API; what the user does is done in the browser.
 */

describe('tried as a new user would', () => {
  const suite = browserSuite();

  /** An Admin's company with a team, a project, and a Member of the team. */
  async function companyWithMember(prefix: string) {
    const { server } = suite;
    const admin = await signedInUser(server, uniqueEmail(`${prefix}-admin`), 'Ada Admin');
    const member = await signedInUser(server, uniqueEmail(`${prefix}-member`), 'Mo Member');
    const companyId = await createCompany(admin, `${prefix} Works`);
    const teamId: string = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Apollo' })).body.teamId;
    await inviteAndAccept(server, admin, companyId, member, 'Member', [teamId]);
    const projectId: string = (await admin.call('POST', `/api/companies/${companyId}/projects`, { name: 'Lunar Lander' })).body.projectId;
    return { admin, member, companyId, teamId, projectId };
  }

  async function createTask(admin: ApiUser, companyId: string, projectId: string, title: string, assignee: ApiUser) {
    const task = { projectId, title, description: '<p>Land softly.</p>', status: 'TO DO', priority: 'P2', eta: null, assigneeId: assignee.userId };
    const created = await admin.call('POST', `/api/companies/${companyId}/tasks`, task);
    expect(created.status).toBe(201);
    return created.body.taskId as string;
  }

  async function signIn(user: ApiUser, name: string): Promise<Page> {
    await signInWithApi(suite.context, { name, email: user.email, password: TEST_PASSWORD });
    return suite.page;
  }

  it('lets a Member open the task assigned to them, read it and comment, and edit nothing', async () => {
    const { admin, member, companyId, projectId } = await companyWithMember('assignee');
    const mine = await createTask(admin, companyId, projectId, 'Check the landing legs', member);
    const theirs = await createTask(admin, companyId, projectId, 'Fuel the descent stage', admin);
    const page = await signIn(member, 'Mo Member');

    await page.goto(`/Lunar-Lander/${mine}`);
    await visible(page.getByRole('heading', { level: 1, name: mine }));
    await visible(page.getByText('Managers and Admins edit this task.'));
    expect(await page.getByRole('textbox', { name: 'Title' }).getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Save|No changes to save/ }).count()).toBe(0);
    expect(await page.getByText('Unable to found data!').count()).toBe(0);

    await page.getByLabel('New comment').fill('Legs checked, all four.');
    await page.getByRole('button', { name: 'Add Comment' }).click();
    await alertWith(page, 'Comment added');
    await visible(page.getByText('Legs checked, all four.'));
    // Deleting comments stays with the managers.
    expect(await page.getByRole('button', { name: /^Delete comment/ }).count()).toBe(0);
    await screenshot(page, 'first-use-member-task');
    const comments = (await admin.call('GET', `/api/companies/${companyId}/tasks/${mine}`)).body.comments;
    expect(comments).toMatchObject([{ userName: 'Mo Member', html: '<p>Legs checked, all four.</p>' }]);

    // Someone else's task is not theirs to open: said plainly, with a way out they may take.
    await page.goto(`/Lunar-Lander/${theirs}`);
    await visible(page.getByText('Task not found'));
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await waitForPath(page, '/dashboard-individual');
  });

  it('offers a Member only what a Member may open: no Project in the profile menu, no Settings in the side menu', async () => {
    const { member } = await companyWithMember('menus');
    const page = await signIn(member, 'Mo Member');
    await page.goto('/dashboard-individual');
    await visible(page.getByRole('heading', { level: 1, name: 'User Dashboard' }));
    expect((await sideMenu(page)).Manage).not.toContain('Settings');
    await page.getByRole('button', { name: /account menu/i }).click();
    const menu = await visible(page.getByRole('menu'));
    await visible(menu.getByRole('menuitem', { name: 'Logout' }));
    expect(await menu.getByRole('menuitem', { name: 'Project' }).count()).toBe(0);
    await screenshot(page, 'first-use-member-profile-menu');
  });

  it('sends a member removed while a page is open to /select-company', async () => {
    const { admin, member, companyId } = await companyWithMember('removed');
    // The member has a company of their own too, so /select-company has one to offer.
    await createCompany(member, 'Mo Own Shop');
    const page = await signIn(member, 'Mo Member');
    await page.goto(`/dashboard-team?cid=${companyId}`);
    await visible(page.getByRole('button', { name: 'Company: removed Works' }));
    await page.getByRole('link', { name: 'Profile' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Profile' }));

    expect((await admin.call('DELETE', `/api/companies/${companyId}/members/${member.userId}`)).status).toBe(200);
    await waitForPath(page, '/select-company');
    await alertWith(page, 'You are no longer a member of removed Works.');
    await visible(page.getByRole('heading', { level: 1, name: 'Select a company' }));
    await screenshot(page, 'first-use-removed-member');
  });

  it("closes the 'Choose a Team' modal with Escape; the timer opens it again", async () => {
    const { server } = suite;
    const admin = await signedInUser(server, uniqueEmail('chooser'), 'Ada Admin');
    const companyId = await createCompany(admin, 'Two Teams Works');
    for (const name of ['Apollo', 'Gemini']) await admin.call('POST', `/api/companies/${companyId}/teams`, { name });
    const page = await signIn(admin, 'Ada Admin');
    await page.goto('/dashboard-team');

    const chooser = await visible(page.getByRole('dialog', { name: 'Choose a Team' }));
    await page.keyboard.press('Escape');
    await chooser.waitFor({ state: 'hidden' });
    // It does not ask again by itself on the next page.
    await page.getByRole('link', { name: 'Profile' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Profile' }));
    expect(await chooser.isVisible()).toBe(false);

    // The timer needs a team: pressed, it asks for one.
    await page.getByRole('banner').getByRole('button', { name: '0:00:00' }).click();
    await visible(chooser);
    await chooseOption(chooser.getByRole('combobox', { name: 'Team' }), 'Gemini');
    await chooser.getByRole('button', { name: 'Select Team' }).click();
    await chooser.waitFor({ state: 'hidden' });
    await visible(page.getByRole('banner').getByRole('button', { name: /Not tracking/ }));
  });

  it('says a second company was created and switches to it', async () => {
    const { server } = suite;
    const admin = await signedInUser(server, uniqueEmail('second'), 'Ada Admin');
    await createCompany(admin, 'First Works');
    const page = await signIn(admin, 'Ada Admin');
    await page.goto('/add-company');
    await page.getByLabel('Company name').fill('Second Works');
    await chooseOption(page.getByRole('combobox', { name: 'Location' }), 'Germany (DE)', 'Germany');
    await chooseOption(page.getByRole('combobox', { name: 'Time zone' }), 'Europe/Berlin', 'Berlin');
    await chooseOption(page.getByRole('combobox', { name: 'Working time start' }), '09:00', '09:00');
    await chooseOption(page.getByRole('combobox', { name: 'Working time end' }), '18:00', '18:00');
    await page.getByRole('button', { name: 'Create Company' }).click();

    const notice = await alertWith(page, 'Company created successfully');
    expect(await notice.innerText()).toContain('You are now working in Second Works.');
    await waitForPath(page, '/dashboard-team');
    await visible(page.getByRole('button', { name: /Second Works/ }));
    expect(pathOf(page)).toBe('/dashboard-team');
    await screenshot(page, 'first-use-second-company');
  });
});
