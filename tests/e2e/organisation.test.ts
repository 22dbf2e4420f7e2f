import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identityMessages } from '../../api/identity/service.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  alertWith,
  checkEachTest,
  chooseOption,
  createVerifiedUser,
  newContext,
  newUser,
  pathOf,
  screenshot,
  sharedServerAndBrowser,
  sideMenu,
  signInWithUi,
  type TestUser,
  visible,
  waitForPath,
} from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';

/*
 * The organisation story of the issue: an Admin creates a company and two
 * teams, invites a Manager and a Member by e-mail, both sign up through the
 * mailed links and accept, and each then sees exactly the menu and the routes
 * of their role. The tests run in order and share the three browsers.
 */

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const COMPANY = 'Analytical Engines';
const admin = newUser('org-admin', 'Ada Lovelace');
const manager = newUser('org-manager', 'Grace Hopper');
const member = newUser('org-member', 'Alan Turing');

/** The pages of the three people, each in its own browser context (own cookies and storage). */
let adminPage: Page;
let managerPage: Page;
let memberPage: Page;
/** Mails received before each invite was sent, so each link is the one of that invite. */
const mailsBeforeInvite: Record<string, number> = {};

/*
 * The side menu of each role, written out so a change of menuSections.ts or
 * routeAccess.ts shows up here: Members see neither 'Team' nor 'Team
 * Attendance', nor the request lists or timesheet approvals, Settings, Projects, Tasks or Invoices (core §6,
 * the task table is the managers' tool); only Admins see Invoices.
 */
const ADMIN_MENU = {
  Dashboard: ['Team', 'User', 'Team Attendance', 'User Attendance', 'Time & Attendance', 'Applications', 'Performance', 'Activity Log'],
  Manage: [
    'Regularization',
    'Regularization requests',
    'Timesheet',
    'Timesheet approvals',
    'Working Time',
    'Leave',
    'Leave requests',
    'Profile',
    'Settings',
    'Invoices',
    'Projects',
    'Teams',
    'Tasks',
    'Invites',
  ],
};
const MANAGER_MENU = {
  Dashboard: ['Team', 'User', 'Team Attendance', 'User Attendance', 'Time & Attendance', 'Applications', 'Performance', 'Activity Log'],
  Manage: [
    'Regularization',
    'Regularization requests',
    'Timesheet',
    'Timesheet approvals',
    'Working Time',
    'Leave',
    'Leave requests',
    'Profile',
    'Settings',
    'Projects',
    'Teams',
    'Tasks',
    'Invites',
  ],
};
const MEMBER_MENU = {
  Dashboard: ['User', 'User Attendance', 'Activity Log'],
  Manage: ['Regularization', 'Timesheet', 'Working Time', 'Leave', 'Profile', 'Teams', 'Invites'],
};

const NO_ACCESS = 'You do not have access to this page';

beforeAll(async () => {
  [server, browser] = await sharedServerAndBrowser();
  await createVerifiedUser(server, admin);
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});
checkEachTest();

async function newPage(): Promise<Page> {
  const context = await newContext(browser, server);
  contexts.push(context);
  return context.newPage();
}

/** The texts of a table row's cells. */
const cellsOf = async (row: Locator) => (await row.getByRole('cell').allTextContents()).map((text) => text.trim());

/** The tab names of /manage-teams. */
const tabsOf = (page: Page) => page.getByRole('tab').allInnerTexts();

/** Opens a page by its address, as a user typing it (or following a bookmark) would. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
}

/** Fills the /add-company form: name, location, time zone and working time. */
async function fillCompanyForm(page: Page, name: string): Promise<void> {
  await page.getByLabel('Company name').fill(name);
  await chooseOption(page.getByRole('combobox', { name: 'Location' }), 'Germany (DE)', 'Germany');
  await chooseOption(page.getByRole('combobox', { name: 'Time zone' }), 'Europe/Berlin', 'Berlin');
  await chooseOption(page.getByRole('combobox', { name: 'Working time start' }), '09:00', '09:00');
  await chooseOption(page.getByRole('combobox', { name: 'Working time end' }), '18:00', '18:00');
  expect(await page.getByRole('combobox', { name: 'Location' }).inputValue()).toBe('Germany (DE)');
  expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('Europe/Berlin');
}

/** Waits for the no-access page of the main layout. */
async function expectNoAccess(page: Page, url: string, role: string): Promise<void> {
  await open(page, url);
  await visible(page.getByRole('heading', { name: NO_ACCESS }));
  await visible(page.getByText(`Your role in ${COMPANY} (${role}) does not include this page.`));
  expect(pathOf(page)).toBe(new URL(url, server.url).pathname);
}

/**
 * An invitee's whole way in: the mailed invitation link, sign-up with the
 * invite banner, the mailed verification link, sign-in back to the invitation,
 * Accept. `verifyInNewTab`: open the verification mail in another tab and
 * sign in on the sign-in screen sign-up left open (its ?i= kept); otherwise
 * verify in the same tab and use the verification page's 'Sign in' button.
 */
async function joinThroughInvitation(
  page: Page,
  invitee: TestUser,
  team: string,
  role: string,
  { verifyInNewTab }: { verifyInNewTab: boolean },
): Promise<void> {
  const invitationLink = new URL(await server.mailbox.linkTo(invitee.email, '/invitation', mailsBeforeInvite[invitee.email]));
  const token = invitationLink.searchParams.get('i');
  expect(token).toBeTruthy();
  expect(invitationLink.pathname).toBe('/invitation');
  const summary = `${admin.name} invited you to the team ${team} of ${COMPANY} as ${role}`;

  // Not signed in and no account yet: the link sends the invitee to sign up, invitation kept in ?i=.
  await page.goto(invitationLink.pathname + invitationLink.search);
  await waitForPath(page, '/auth/sign-up');
  expect(new URL(page.url()).searchParams.get('i')).toBe(token);
  const banner = await visible(page.getByRole('alert').filter({ hasText: summary }));
  expect(await banner.innerText()).toContain('Create your account to accept');
  // The invited address fills the e-mail field.
  await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(invitee.email);
  if (role === 'Manager') await screenshot(page, 'organisation-sign-up-manager');

  await page.getByLabel('Full name').fill(invitee.name);
  await page.getByLabel('Password', { exact: true }).fill(invitee.password);
  await page.getByLabel('Confirm password').fill(invitee.password);
  await page.getByLabel('I accept the privacy policy').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await alertWith(page, identityMessages.signedUp);
  await waitForPath(page, '/auth/login');
  expect(new URL(page.url()).searchParams.get('i')).toBe(token);

  const verificationLink = new URL(await server.mailbox.linkTo(invitee.email, '/auth/verify-email'));
  const verificationPath = verificationLink.pathname + verificationLink.search;
  if (verifyInNewTab) {
    const mailTab = await page.context().newPage();
    await mailTab.goto(verificationPath);
    await visible(mailTab.getByText(identityMessages.verified));
    await mailTab.close();
  } else {
    await page.goto(verificationPath);
    await visible(page.getByText(identityMessages.verified));
    // The invitation opened before signing up is remembered: 'Sign in' leads back to it.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await waitForPath(page, '/auth/login');
    expect(new URL(page.url()).searchParams.get('i')).toBe(token);
    const loginBanner = await visible(page.getByRole('alert').filter({ hasText: summary }));
    expect(await loginBanner.innerText()).toContain('Sign in to accept');
  }

  await page.getByLabel('Email').fill(invitee.email);
  await page.getByLabel('Password', { exact: true }).fill(invitee.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForPath(page, '/invitation');
  expect(new URL(page.url()).searchParams.get('i')).toBe(token);
  await visible(page.getByText(`${summary}.`));
  await visible(page.getByText(`Sent to ${invitee.email}`, { exact: false }));
  if (role === 'Member') await screenshot(page, 'organisation-invitation-member');

  await page.getByRole('button', { name: 'Accept' }).click();
  await alertWith(page, 'Invite accepted successfully');
  // In the company: its name in the top bar's company switcher.
  await visible(page.getByRole('button', { name: `Company: ${COMPANY}` }));
}

describe('organisation', () => {
  // The steps build on each other: once one fails, the later ones are skipped rather than failing for it.
  let failedStep: string | null = null;
  beforeEach(({ task, skip, onTestFailed }) => {
    if (failedStep) skip(`'${failedStep}' failed`);
    onTestFailed(async () => {
      failedStep ??= task.name;
      // What each browser showed when the step failed.
      const pages = { admin: adminPage, manager: managerPage, member: memberPage };
      for (const [who, page] of Object.entries(pages)) {
        if (page && !page.isClosed()) await screenshot(page, `organisation-failed-${who}`, { always: true }).catch(() => undefined);
      }
    });
  });

  it('lets an Admin create a company and two teams', async () => {
    adminPage = await newPage();
    const page = adminPage;
    await signInWithUi(page, admin);

    // No company yet: the side menu prompts to create one.
    await visible(page.getByText('No company yet', { exact: true }));
    expect(await sideMenu(page)).toEqual({ Manage: ['Profile', 'Invites'] });
    await page.getByRole('navigation').getByRole('link', { name: 'Create Company' }).click();
    await waitForPath(page, '/add-company');
    await visible(page.getByRole('heading', { name: 'Create a company' }));

    await fillCompanyForm(page, COMPANY);
    await screenshot(page, 'organisation-add-company');
    await page.getByRole('button', { name: 'Create Company' }).click();

    // The first company becomes active, with its 30-day trial.
    await waitForPath(page, '/dashboard-team');
    await visible(page.getByRole('button', { name: `Company: ${COMPANY}` }));
    const trial = await visible(page.getByRole('alert').filter({ hasText: 'Free trial' }));
    expect(await trial.innerText()).toMatch(new RegExp(`The free trial of ${COMPANY} ends in 30 days\\.\\s+Choose a Plan`));
    await expect.poll(() => sideMenu(page)).toEqual(ADMIN_MENU);
    // The Admin's dashboard is the team's (while the company was being set up, the creator was briefly a plain member).
    await visible(page.getByRole('heading', { name: 'Team Dashboard' }));
    expect(pathOf(page)).toBe('/dashboard-team');
    await screenshot(page, 'organisation-admin-dashboard');

    // Teams, from the side menu.
    await page.getByRole('navigation', { name: 'Manage' }).getByRole('link', { name: 'Teams' }).click();
    await waitForPath(page, '/manage-teams');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('teams');
    await visible(page.getByText('No teams yet'));

    for (const team of ['Design', 'Sales']) {
      await page.getByRole('button', { name: 'Add Team' }).click();
      const dialog = await visible(page.getByRole('dialog', { name: 'Add Team' }));
      await expectAccessible(page);
      await dialog.getByLabel('Team name').fill(team);
      await dialog.getByRole('button', { name: 'Add Team' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await visible(page.getByRole('cell', { name: team, exact: true }));
    }
    // The Admin is in both teams now (admins join every team) and none is chosen: the app asks for one.
    const chooser = await visible(page.getByRole('dialog', { name: 'Choose a Team' }));
    await expectAccessible(page);
    await chooseOption(chooser.getByRole('combobox', { name: 'Team' }), 'Design');
    await chooser.getByRole('button', { name: 'Select Team' }).click();
    await chooser.waitFor({ state: 'hidden' });

    const rows = page.getByRole('table').first().getByRole('row');
    // Header plus one row and one (closed) member list per team.
    await expect.poll(() => rows.count()).toBe(5);
    expect(await cellsOf(rows.nth(1))).toEqual(['', 'Design', '1', '⋮']);
    expect(await cellsOf(rows.nth(3))).toEqual(['', 'Sales', '1', '⋮']);
    await screenshot(page, 'organisation-admin-teams');
  });

  it('lets the Admin invite a Manager of one team and a Member of the other', async () => {
    const page = adminPage;
    await page.getByRole('link', { name: 'Invite Members' }).click();
    await waitForPath(page, '/manage-teams/invite');
    await visible(page.getByRole('heading', { name: 'Send Invite to Teams' }));

    const emails = page.getByRole('combobox', { name: 'Email addresses' });
    const accessLevel = page.getByRole('combobox', { name: 'Access level' });
    const results = page.getByRole('table', { name: 'Invite results' });

    /** Sends one invite from the form; the results table then shows its row alone. */
    const sendInvite = async (email: string, accessLevelName: string, pickTeams: () => Promise<void>) => {
      await emails.fill(email);
      await emails.press('Enter');
      await chooseOption(accessLevel, accessLevelName);
      await pickTeams();
      await page.keyboard.press('Escape');
      mailsBeforeInvite[email] = server.mailbox.received.length;
      await page.getByRole('button', { name: 'Send Invite' }).click();
      await visible(results.getByRole('cell', { name: email }));
      expect(await results.getByRole('row').count()).toBe(2);
      return cellsOf(results.getByRole('row').nth(1));
    };

    // The Manager of Design.
    expect(await sendInvite(manager.email, 'Manager', () => chooseOption(page.getByRole('combobox', { name: 'Managing teams' }), 'Design'))).toEqual([
      manager.email,
      'Design',
      'Sent',
      'Manager invitation sent successfully',
    ]);

    // The Member of Sales: the form keeps the access level and teams; switch both.
    const memberOf = page.getByRole('combobox', { name: 'Member of teams' });
    const memberRow = await sendInvite(member.email, 'Team Member', async () => {
      await chooseOption(memberOf, 'Design'); // picked already: this unpicks it
      await chooseOption(memberOf, 'Sales');
    });
    expect(memberRow).toEqual([member.email, 'Sales', 'Sent', 'Member invitation sent successfully']);
    await screenshot(page, 'organisation-invite-results');
  });

  it('lets the invited Manager sign up through the mailed link and accept', async () => {
    managerPage = await newPage();
    await joinThroughInvitation(managerPage, manager, 'Design', 'Manager', { verifyInNewTab: true });
    // Managers land on the team dashboard of the company they joined.
    await waitForPath(managerPage, '/dashboard-team');
    await visible(managerPage.getByRole('heading', { name: 'Team Dashboard' }));
    await visible(managerPage.getByRole('alert').filter({ hasText: `The free trial of ${COMPANY} ends in` }));
  });

  it('lets the invited Member sign up through the mailed link and accept', async () => {
    memberPage = await newPage();
    await joinThroughInvitation(memberPage, member, 'Sales', 'Member', { verifyInNewTab: false });
    // The team dashboard is not for Members: they land on their own.
    await waitForPath(memberPage, '/dashboard-individual');
    await visible(memberPage.getByRole('heading', { name: 'User Dashboard' }));
  });

  it('shows each role exactly its side menu', async () => {
    await expect.poll(() => sideMenu(adminPage)).toEqual(ADMIN_MENU);
    await expect.poll(() => sideMenu(managerPage)).toEqual(MANAGER_MENU);
    await expect.poll(() => sideMenu(memberPage)).toEqual(MEMBER_MENU);
    await screenshot(managerPage, 'organisation-manager-menu');
    await screenshot(memberPage, 'organisation-member-menu');
  });

  it('opens each role exactly its pages', async () => {
    // Admin: both tabs and both buttons; Invoices open.
    await open(adminPage, '/manage-teams?tab=members');
    await visible(adminPage.getByRole('tab', { name: 'Members' }));
    expect(await tabsOf(adminPage)).toEqual(['Teams', 'Members']);
    await visible(adminPage.getByRole('link', { name: 'Invite Members' }));
    await visible(adminPage.getByRole('button', { name: 'Add Team' }));
    await open(adminPage, '/invoices');
    await visible(adminPage.getByRole('heading', { name: 'Invoices' }));
    await visible(adminPage.getByText('No invoices found'));

    // Manager: the Members tab, but neither Invite Members nor Add Team; no Invoices.
    await open(managerPage, '/manage-teams?tab=members');
    await visible(managerPage.getByRole('tab', { name: 'Members' }));
    expect(new URL(managerPage.url()).searchParams.get('tab')).toBe('members');
    expect(await tabsOf(managerPage)).toEqual(['Teams', 'Members']);
    await visible(managerPage.getByRole('cell', { name: manager.email }));
    expect(await managerPage.getByRole('link', { name: 'Invite Members' }).count()).toBe(0);
    expect(await managerPage.getByRole('button', { name: 'Add Team' }).count()).toBe(0);
    await screenshot(managerPage, 'organisation-manager-members');
    await expectNoAccess(managerPage, '/invoices', 'Manager');
    await open(managerPage, '/manage-teams/invite');
    await visible(managerPage.getByRole('heading', { name: 'Send Invite to Teams' }));
    await visible(managerPage.getByRole('button', { name: 'Send Invite' }));

    // Member: the Members tab is not there, so it opens the Teams tab with their own team only.
    await open(memberPage, '/manage-teams?tab=members');
    await memberPage.waitForURL((url) => url.pathname === '/manage-teams' && url.searchParams.get('tab') === 'teams');
    await visible(memberPage.getByRole('cell', { name: 'Sales', exact: true }));
    expect(await tabsOf(memberPage)).toEqual(['Teams']);
    expect(await cellsOf(memberPage.getByRole('row').nth(1))).toEqual(['Sales']);
    expect(await memberPage.getByRole('row').count()).toBe(2);
    expect(await memberPage.getByRole('link', { name: 'Invite Members' }).count()).toBe(0);
    expect(await memberPage.getByRole('button', { name: 'Add Team' }).count()).toBe(0);
    await screenshot(memberPage, 'organisation-member-teams');
    for (const url of [
      '/project',
      '/manage-tasks',
      '/invoices',
      '/team-attendance',
      '/requestsleave',
      '/manage-teams/invite',
    ]) {
      await expectNoAccess(memberPage, url, 'Member');
    }
    await screenshot(memberPage, 'organisation-member-no-access');
    // The team dashboard sends Members to their own.
    await open(memberPage, '/dashboard-team');
    await waitForPath(memberPage, '/dashboard-individual');
    await visible(memberPage.getByRole('heading', { name: 'User Dashboard' }));
  });

  it("lists the company's three people with their access levels on the Admin's Members tab", async () => {
    const page = adminPage;
    await open(page, '/manage-teams?tab=members');
    const table = page.getByRole('tabpanel', { name: 'Members' }).getByRole('table');
    await visible(table.getByRole('cell', { name: member.email }));
    const rows = await table.getByRole('row').all();
    const people = (await Promise.all(rows.slice(1).map(cellsOf))).map((cells) => cells.slice(0, 4));
    expect(people.sort((a, b) => a[0].localeCompare(b[0]))).toEqual([
      [admin.name, admin.email, 'Admin', expect.stringMatching(/^Design\s*Sales$/)],
      [member.name, member.email, 'Member', 'Sales'],
      [manager.name, manager.email, 'Manager', 'Design'],
    ]);
    await visible(page.getByText('3 members'));
    await screenshot(page, 'organisation-admin-members');
  });
});

describe('creating a company', () => {
  it('opens the team dashboard even when the profile was last read half-way through the creation', async () => {
    // Creating a company joins the creator as a member first and grants Admin next; a live update
    // in between can have the browser read the profile with the role still 'Member'. Here the
    // browser is made to read it so (every profile read while the creation is unanswered shows
    // 'Member') before the answer comes; the profile refetched after the answer says Admin, and
    // the Admin must land on the team dashboard, not be sent away as a Member.
    const creator = await createVerifiedUser(server, newUser('org-creator', 'Mary Somerville'));
    const page = await newPage();
    await signInWithUi(page, creator);
    await page.goto('/add-company');
    await fillCompanyForm(page, 'Difference Engines');

    let creating = false;
    let halfwayReads = 0;
    let sawHalfway!: () => void;
    const halfwayRead = new Promise<void>((resolve) => (sawHalfway = resolve));
    await page.route('**/api/me', async (route) => {
      const response = await route.fetch();
      const profile = await response.json();
      if (creating && profile.companyList.length > 0) {
        for (const company of profile.companyList) company.role = 'Member';
        halfwayReads += 1;
        sawHalfway();
      }
      await route.fulfill({ response, json: profile });
    });
    await page.route('**/api/companies', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      creating = true;
      const response = await route.fetch();
      // The live updates of the creation make the browser read the profile meanwhile.
      await Promise.race([halfwayRead, new Promise((resolve) => setTimeout(resolve, 3_000))]);
      await page.waitForTimeout(200);
      creating = false;
      await route.fulfill({ response });
    });
    await page.getByRole('button', { name: 'Create Company' }).click();

    await alertWith(page, 'Company created successfully');
    await visible(page.getByRole('heading', { name: 'Team Dashboard' }));
    await expect.poll(() => sideMenu(page)).toEqual(ADMIN_MENU);
    expect(pathOf(page)).toBe('/dashboard-team');
    expect(halfwayReads).toBeGreaterThan(0);
  });
});
