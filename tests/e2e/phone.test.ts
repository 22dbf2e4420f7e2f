import type { BrowserContext, Locator, Page } from 'playwright-core';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTrackedCompany } from '../support/tracked-company.ts';
import { TEST_PASSWORD } from '../support/users.ts';
import {
  chooseOption,
  newContext,
  screenshot,
  seededBrowserSuite,
  signInWithUi,
  visible,
} from './support/browser.ts';

/*
 * Every main page at a phone's width (390 px, issue 14), as an Admin of a
 * company with teams, members, projects, tasks and tracked time: nothing is
 * wider than the screen, nothing of a page's content sticks out of it except
 * inside something that scrolls (a wide table), the side menu is a drawer,
 * and the timer and punch stay within reach; the attendance tables are cards
 * (issue 27), each value on the screen under its column's name. Each page is photographed
 * (tests/e2e/support/browser.ts screenshot, 'phone-*'). Data is set up over
 * the API; the tests share one signed-in page.
 */

const PHONE = { width: 390, height: 844 };

// Long names, so whatever does not shrink shows: the defect was the second project's Add Task pushed off the screen.
const LONG_PROJECT = 'Interplanetary Logistics Platform Rewrite';
const LONG_TASK = 'Reconcile the orbital freight manifests with the customs declarations';

let context: BrowserContext;
let page: Page;
let taskPath: string;

const suite = seededBrowserSuite(async (server, setClock) => {
  const seeded = await seedTrackedCompany(server, setClock);
  const { admin, ana, companyId, apollo } = seeded;
  const projectId = (await admin.call('POST', `/api/companies/${companyId}/projects`, { name: LONG_PROJECT })).body.projectId;
  const task = { projectId, title: LONG_TASK, description: '<p>Every manifest, every port.</p>', status: 'IN PROGRESS', priority: 'P1', eta: '2026-12-31', assigneeId: ana.userId };
  const created = (await admin.call('POST', `/api/companies/${companyId}/tasks`, task)).body;
  taskPath = `/${LONG_PROJECT.replaceAll(' ', '-')}/${created.taskId}`;
  // A request of each kind for Ada to process, so the request tables have a row to fit.
  const inAWeek = Temporal.Now.plainDateISO('Asia/Kolkata').add({ days: 7 }).toString();
  const leave = { leaveDate: inAWeek, type: 'Sick Leave', comment: 'Dentist, then the long way home', assigneeId: admin.userId, timeZone: 'Asia/Kolkata' };
  const regularization = {
    teamId: apollo,
    date: '2026-03-02',
    startHours: 9,
    startMinutes: 0,
    durationHours: 1,
    durationMinutes: 30,
    projectId,
    taskId: created.taskId,
    taskDetails: 'Manifests reconciled on paper while the tracker was down',
    assigneeId: admin.userId,
    timeZone: 'Asia/Kolkata',
  };
  for (const [route, body] of [['leave', leave], ['regularization', regularization]] as const) {
    const asked = await ana.call('POST', `/api/companies/${companyId}/${route}/requests`, body);
    if (asked.status !== 201) throw new Error(`${route} request failed: ${JSON.stringify(asked.body)}`);
  }
  return seeded;
});

// One page for every test, signed in as Ada.
beforeAll(async () => {
  context = await newContext(suite.browser, suite.server, { viewport: PHONE, timezoneId: 'Asia/Kolkata' });
  page = await context.newPage();
  await signInWithUi(page, { name: 'Ada Admin', email: suite.seeded.admin.email, password: TEST_PASSWORD });
});

afterAll(async () => {
  await context?.close();
});

/**
 * What sticks out of a 390 px screen: the page's own width, and each element
 * of the top bar, the page's content or an open dialog that reaches past
 * either edge with no box around it that scrolls sideways (a wide table
 * scrolls; one that merely clips hides its columns). The side menu is left
 * out: closed, it waits off the screen.
 */
function overflow(target: Page): Promise<{ pageWidth: number; stickingOut: string[] }> {
  return target.evaluate(() => {
    const screenWidth = document.documentElement.clientWidth;
    const scrollsSideways = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) return true;
      }
      return false;
    };
    const stickingOut: string[] = [];
    for (const element of document.querySelectorAll('header *, main *, [role="dialog"] *')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      if (rect.left >= -0.5 && rect.right <= screenWidth + 0.5) continue;
      if (scrollsSideways(element)) continue;
      const text = (element.textContent ?? '').trim().slice(0, 40);
      stickingOut.push(`${element.tagName.toLowerCase()} "${text}" at ${Math.round(rect.left)}–${Math.round(rect.right)}`);
    }
    return { pageWidth: document.documentElement.scrollWidth, stickingOut: stickingOut.slice(0, 10) };
  });
}

async function expectNothingSticksOut(target: Page): Promise<void> {
  expect(await overflow(target)).toEqual({ pageWidth: PHONE.width, stickingOut: [] });
}

/** Fails unless the whole of the element comes to be on the screen (a popup or the drawer may still be moving in). */
async function expectWithinScreen(element: Locator): Promise<void> {
  const edges = async () => {
    const box = await element.boundingBox();
    return box && { left: Math.round(box.x), right: Math.round(box.x + box.width) };
  };
  await expect.poll(async () => {
    const box = await edges();
    return box !== null && box.left >= 0 && box.right <= PHONE.width;
  }, { message: `${element} on the screen, not at ${JSON.stringify(await edges())}` }).toBe(true);
}

/**
 * Fails unless the table cell is on the screen with its column's name shown
 * over its value (a card's label), and the name still reaches a screen reader
 * as the cell's column header.
 */
async function expectShownUnderItsName(cell: Locator, name: string): Promise<void> {
  await expectWithinScreen(await visible(cell));
  expect((await cell.innerText()).split('\n')[0]).toBe(name);
  // Shown, not merely there for a screen reader (a hidden header is 1 px).
  const label = cell.getByText(name, { exact: true });
  await expectWithinScreen(label);
  const shown = (await label.boundingBox())!;
  expect(Math.min(shown.width, shown.height)).toBeGreaterThan(10);
  const headers = await cell.evaluate((element) => {
    const row = element.closest('table')!.querySelector('thead tr')!;
    return Array.from(row.children, (header) => header.textContent);
  });
  const index = await cell.evaluate((element) => Array.from(element.parentElement!.children).indexOf(element));
  expect(headers[index]).toBe(name);
}

/** Fails when the page, or anything around the element, is wider than what shows of it: nothing to scroll sideways to. */
async function expectNoSidewaysScroll(element: Locator): Promise<void> {
  expect(await element.evaluate((target) => {
    const wider: string[] = [];
    for (let box: Element | null = target; box; box = box.parentElement) {
      if (box.scrollWidth > box.clientWidth + 0.5) wider.push(`${box.tagName.toLowerCase()}.${box.className}`);
    }
    return wider;
  })).toEqual([]);
  expect(await element.page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** The page's accessibility tree as Chromium gives it to a screen reader: each node's role and name. */
async function accessibilityTree(target: Page): Promise<{ role: string; name: string }[]> {
  const session = await target.context().newCDPSession(target);
  try {
    const { nodes } = await session.send('Accessibility.getFullAXTree');
    return nodes.filter((node) => !node.ignored).map((node) => ({ role: String(node.role?.value ?? ''), name: String(node.name?.value ?? '') }));
  } finally {
    await session.detach();
  }
}

/** Photographs the page in the light scheme and in the dark. */
async function screenshotBothSchemes(target: Page, name: string): Promise<void> {
  await target.emulateMedia({ colorScheme: 'light' });
  await screenshot(target, `${name}-light`);
  await target.emulateMedia({ colorScheme: 'dark' });
  await screenshot(target, `${name}-dark`);
  await target.emulateMedia({ colorScheme: null });
}

/** Waits until the page has drawn its data: no skeleton or loader left. */
async function settled(target: Page): Promise<void> {
  await expect.poll(() => target.locator('.mantine-Skeleton-root, main .mantine-Loader-root').count(), { timeout: 10_000 }).toBe(0);
}

/** Closes the notifications shown, as a user does when one stands over the top bar. */
async function closeNotifications(target: Page): Promise<void> {
  for (const close of await target.locator('.mantine-Notifications-root').getByRole('alert').getByRole('button').all()) {
    await close.click({ timeout: 1_000 }).catch(() => undefined);
  }
}

/** Every page of the side menu and the pages they lead to, by address and level-one heading. */
const PAGES: { name: string; path: () => string; heading: string | RegExp }[] = [
  { name: 'team-dashboard', path: () => '/dashboard-team', heading: 'Team Dashboard' },
  { name: 'user-dashboard', path: () => '/dashboard-individual', heading: 'User Dashboard' },
  { name: 'team-attendance', path: () => '/team-attendance', heading: 'Team Attendance' },
  { name: 'user-attendance', path: () => '/userAttendance', heading: 'User Attendance' },
  { name: 'time-attendance', path: () => '/v2/time-attendance', heading: 'Time & Attendance' },
  { name: 'regularization', path: () => '/regularization', heading: 'Regularization' },
  { name: 'regularization-requests', path: () => '/requestsregularization', heading: 'Regularization Requests' },
  { name: 'leave', path: () => '/leave', heading: 'Leave' },
  { name: 'leave-requests', path: () => '/requestsleave', heading: 'Leave Requests' },
  { name: 'working-time', path: () => '/working-time', heading: 'Working Time' },
  { name: 'profile', path: () => '/profile', heading: 'Profile' },
  { name: 'settings', path: () => '/manage-settings', heading: 'Settings' },
  { name: 'invoices', path: () => '/invoices', heading: 'Invoices' },
  { name: 'projects', path: () => '/project', heading: 'Projects' },
  { name: 'teams', path: () => '/manage-teams?tab=teams', heading: 'Teams' },
  { name: 'members', path: () => '/manage-teams?tab=members', heading: 'Teams' },
  { name: 'invite', path: () => '/manage-teams/invite', heading: 'Send Invite to Teams' },
  { name: 'tasks', path: () => '/manage-tasks', heading: 'Tasks' },
  { name: 'add-task', path: () => '/add-task', heading: 'Add Task' },
  { name: 'task', path: () => taskPath, heading: /^[A-Z]{2}-\d+$/ },
  { name: 'invites', path: () => '/inviteList', heading: 'Invites' },
  { name: 'plans', path: () => '/subscription', heading: 'Choose a Plan' },
  { name: 'select-company', path: () => '/select-company', heading: 'Select a company' },
  { name: 'add-company', path: () => '/add-company', heading: 'Create a company' },
];

describe('at 390 px', () => {
  it('asks Ada, who is in two teams, to choose one, in a modal that fits the screen', async () => {
    const chooser = await visible(page.getByRole('dialog', { name: 'Choose a Team' }));
    await expectWithinScreen(chooser);
    await screenshot(page, 'phone-choose-a-team');
    await expectNothingSticksOut(page);
    await chooseOption(chooser.getByRole('combobox', { name: 'Team' }), 'Apollo');
    await chooser.getByRole('button', { name: 'Select Team' }).click();
    await chooser.waitFor({ state: 'hidden' });
  });

  for (const { name, path, heading } of PAGES) {
    it(`${name}: nothing sticks out of the screen`, async () => {
      await page.goto(path());
      await visible(page.getByRole('heading', { level: 1, name: heading }));
      await settled(page);
      await screenshot(page, `phone-${name}`);
      await expectNothingSticksOut(page);
    });
  }

  it("time-attendance: a record's Check In and Check Out are on the screen, each under its name, in either scheme", async () => {
    await page.goto('/v2/time-attendance');
    const table = await visible(page.getByRole('main').getByRole('table'));
    await settled(page);
    const cells = table.getByRole('row').nth(1).getByRole('cell');
    for (const [index, name] of [[3, 'Check In'], [4, 'Check Out']] as const) {
      await expectShownUnderItsName(cells.nth(index), name);
    }
    await expectNoSidewaysScroll(table);
    // Chromium's own tree keeps the table, its column headers and its cells, named by their values alone.
    const heard = await accessibilityTree(page);
    expect(heard.filter(({ role }) => role === 'columnheader').map(({ name }) => name)).toEqual(['Staff Name', 'Location', 'Date', 'Check In', 'Check Out', 'Work time', 'Tracked', 'Active Hours', 'Timesheet']);
    expect(heard.filter(({ role }) => role === 'cell').map(({ name }) => name)).toContain((await cells.nth(3).innerText()).split('\n').filter(Boolean)[1]);
    await screenshotBothSchemes(page, 'phone-time-attendance-cards');
  });

  it("team-attendance: a day's 'Working Hrs. Not Completed' is on the screen, under its name, in either scheme", async () => {
    await page.goto('/team-attendance');
    const table = await visible(page.getByRole('main').getByRole('table'));
    await settled(page);
    const today = table.getByRole('row').nth(1);
    await expectShownUnderItsName(today.getByRole('cell').last(), 'Working Hrs. Not Completed');
    await expectNoSidewaysScroll(table);
    await screenshotBothSchemes(page, 'phone-team-attendance-cards');
    // The people behind a count, as cards too.
    await table.getByRole('button', { name: / Present on / }).first().click();
    const dialog = await visible(page.getByRole('dialog', { name: /^Present · / }));
    const person = dialog.getByRole('table').getByRole('row').nth(1).getByRole('cell');
    await expectShownUnderItsName(person.first(), 'Name');
    await expectShownUnderItsName(person.last(), 'Email');
    await expectNothingSticksOut(page);
    await screenshot(page, 'phone-team-attendance-people');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it("team-dashboard: the range, the date range and Export Data are on the screen, and the range is chosen from a select", async () => {
    await page.goto('/dashboard-team');
    await visible(page.getByRole('heading', { level: 1, name: 'Team Dashboard' }));
    const header = page.getByRole('banner');
    const range = header.getByRole('combobox', { name: 'Range' });
    for (const control of [range, header.getByRole('button', { name: /^Date Range/ }), header.getByRole('button', { name: 'Export Data' })]) {
      await expectWithinScreen(await visible(control));
      await expectNoSidewaysScroll(control);
    }
    expect(await range.inputValue()).toBe('7');
    await range.selectOption({ label: 'Last 30 Days' });
    await expect.poll(() => new URL(page.url()).searchParams.get('range')).toBe('30');
    await screenshotBothSchemes(page, 'phone-dashboard-range');
  });

  it("projects: every project's Add Task and actions are on the screen", async () => {
    await page.goto('/project');
    await visible(page.getByRole('heading', { level: 1, name: 'Projects' }));
    for (const project of ['Moonshot', LONG_PROJECT]) {
      const actions = page.getByRole('button', { name: `Actions for ${project}` });
      const item = page.locator('.mantine-Accordion-item').filter({ has: actions });
      await expectWithinScreen(await visible(item.getByRole('link', { name: 'Add Task' })));
      await expectWithinScreen(await visible(actions));
    }
  });

  it('keeps the timer in the top bar and the punch in its popup, both on the screen', async () => {
    await page.goto('/dashboard-team');
    await settled(page);
    await closeNotifications(page);
    const timer = await visible(page.getByRole('banner').getByRole('button', { name: /^\d+:\d{2}:\d{2}/ }));
    await expectWithinScreen(timer);
    await timer.click();
    const popup = await visible(page.getByRole('dialog', { name: 'Timer' }));
    await expectWithinScreen(popup);
    await expectWithinScreen(await visible(popup.getByRole('button', { name: /^Punch (In|Out)$/ })));
    await expectWithinScreen(await visible(popup.getByRole('button', { name: 'Start Timer' })));
    await screenshot(page, 'phone-timer-popup');
    await expectNothingSticksOut(page);
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });
  });

  it('opens the side menu as a drawer over the page, and closes it on a choice', async () => {
    await page.goto('/dashboard-team');
    await settled(page);
    await closeNotifications(page);
    const menu = page.getByRole('navigation', { name: 'Manage' });
    // Closed, the drawer waits off the screen.
    expect((await menu.boundingBox())!.x).toBeLessThan(0);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expectWithinScreen(menu);
    await screenshot(page, 'phone-side-menu');
    await menu.getByRole('link', { name: 'Projects' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Projects' }));
    await expect.poll(async () => (await menu.boundingBox())!.x).toBeLessThan(0);
  });
});
