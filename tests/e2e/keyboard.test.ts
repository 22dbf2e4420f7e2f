import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackerMessages } from '../../domain/time-tracking/tracker.ts';
import type { TestServer } from '../support/test-server.ts';
import { type ApiUser, createCompany, signedInUser, TEST_PASSWORD } from '../support/users.ts';
import {
  alertWith,
  checkEachTest,
  newContext,
  screenshot,
  sharedServerAndBrowser,
  uniqueEmail,
  visible,
  waitForPath,
} from './support/browser.ts';

/*
 * The product by keyboard alone (issue 14): sign in, punch in, pick a project
 * and a task in the timer popup, start the timer and stop it a couple of
 * minutes later, then send an invite, with page.keyboard only (Tab, Enter,
 * arrows, Escape, typing), never a click. The focus must reach each control,
 * land in each popup that opens, and come back where it was when it closes.
 * Company, team, project and task are set up over the API. The tests run in
 * order on one page.
 */

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const PROJECT = 'Keyboard Cathedral';
const TASK = 'Tune the organ';
const TEAM = 'Choir';
const INVITEE = uniqueEmail('keyboard-invitee');

let user: ApiUser;
let companyId: string;
/** How far the server's clock was moved on: a minute passes without waiting for it. */
let clockMovedBy = 0;
const serverNow = () => new Date(Date.now() + clockMovedBy);

beforeAll(async () => {
  [server, browser] = await sharedServerAndBrowser(serverNow);
  user = await signedInUser(server, uniqueEmail('keyboard'), 'Grace Hopper');
  companyId = await createCompany(user, 'Keyboard Works');
  await user.call('POST', `/api/companies/${companyId}/teams`, { name: TEAM });
  const projectId = (await user.call('POST', `/api/companies/${companyId}/projects`, { name: PROJECT })).body.projectId;
  const task = { projectId, title: TASK, description: 'By keyboard', status: 'TO DO', priority: 'P2', eta: null, assigneeId: user.userId };
  expect((await user.call('POST', `/api/companies/${companyId}/tasks`, task)).status).toBe(201);
  context = await newContext(browser, server);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
});

checkEachTest();

type Role = Parameters<Page['getByRole']>[0];

/** Whether the focus is on the control of this role and accessible name. */
function hasFocus(role: Role, name: string | RegExp): Promise<boolean> {
  return page.getByRole(role, { name, exact: typeof name === 'string' }).evaluateAll((controls) => controls.some((control) => control === document.activeElement));
}

/** What has the focus, as the accessibility tree shows it: for a failure's message. */
async function focused(): Promise<string> {
  const snapshot = await page.locator(':focus').ariaSnapshot().catch(() => 'nothing');
  return snapshot.split('\n')[0];
}

/** Presses Tab until the focus is on the control of this role and name, failing after `limit` presses. */
async function tabTo(role: Role, name: string | RegExp, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await hasFocus(role, name)) return;
  }
  throw new Error(`Tab never reached ${role} "${name}" in ${limit} presses; the focus is on ${await focused()}`);
}

/** Fails unless the focus is on the control of this role and name (waiting a moment for it to move there). */
async function expectFocusOn(role: Role, name: string | RegExp): Promise<void> {
  await expect.poll(() => hasFocus(role, name), { message: `focus on ${role} "${name}", not ${await focused()}` }).toBe(true);
}

/** Picks an option of the focused Mantine select by typing part of it, then ArrowDown and Enter. */
async function pickByTyping(search: string): Promise<void> {
  await page.keyboard.type(search);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

/** The top bar's timer button: its name starts with the clock. */
const TIMER_BUTTON = /^\d+:\d{2}:\d{2}/;

describe('by keyboard alone', () => {
  it('signs in', async () => {
    await page.goto('/auth/login');
    await tabTo('textbox', 'Email');
    await page.keyboard.type(user.email);
    await tabTo('textbox', 'Password');
    await page.keyboard.type(TEST_PASSWORD);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/dashboard-team');
    await visible(page.getByRole('heading', { name: 'Team Dashboard' }));
  });

  it('punches in, starts the timer on a project and task, and stops it after two minutes', async () => {
    await tabTo('button', 'Punch In');
    await page.keyboard.press('Enter');
    await alertWith(page, trackerMessages.punchedIn);

    await tabTo('button', TIMER_BUTTON);
    await page.keyboard.press('Enter');
    const popup = await visible(page.getByRole('dialog', { name: 'Timer' }));
    // The focus opens in the popup, on its first field.
    await expectFocusOn('combobox', 'Project');
    await pickByTyping('Cathedral');
    expect(await popup.getByRole('combobox', { name: 'Project', exact: true }).inputValue()).toBe(PROJECT);
    await page.keyboard.press('Tab');
    await expectFocusOn('combobox', 'Task');
    // The field opens its list on focus: the user waits for the project's tasks to show in it.
    await visible(popup.getByRole('option', { name: `${TASK} — TO DO` }));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await popup.getByRole('combobox', { name: 'Task', exact: true }).inputValue()).toBe(`${TASK} — TO DO`);
    await tabTo('button', 'Start Timer', 5);
    await screenshot(page, 'keyboard-timer-picked');
    await page.keyboard.press('Enter');
    await alertWith(page, trackerMessages.started);
    // Start Timer became Stop Timer under the focus.
    await expectFocusOn('button', 'Stop Timer');

    // Rather than wait: the server's clock moves on two minutes, and the stop is decided by it.
    clockMovedBy += 2 * 60_000;
    await page.keyboard.press('Enter');
    await alertWith(page, trackerMessages.stopped);
    await expectFocusOn('button', 'Start Timer');
    // Escape closes the popup and gives the focus back to the timer button.
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });
    await expectFocusOn('button', TIMER_BUTTON);

    const day = (offset: number) => new Date(serverNow().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const { entries } = (await user.call('GET', `/api/companies/${companyId}/timelogs?from=${day(-1)}&to=${day(1)}`)).body;
    expect(entries.map((entry: { taskName: string }) => entry.taskName)).toContain(TASK);
    const minutes = entries.reduce((total: number, entry: { taskHours: number; taskMinutes: number }) => total + entry.taskHours * 60 + entry.taskMinutes, 0);
    expect(minutes).toBeGreaterThanOrEqual(2);
  });

  it('sends an invite from the Teams page', async () => {
    await tabTo('link', 'Teams');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/manage-teams');
    await tabTo('link', 'Invite Members');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/manage-teams/invite');

    await tabTo('combobox', 'Email addresses');
    await page.keyboard.type(INVITEE);
    await page.keyboard.press('Enter');
    await tabTo('combobox', 'Access level', 5);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('combobox', { name: 'Access level' }).inputValue()).toBe('Team Member');
    await tabTo('combobox', 'Member of teams', 5);
    await pickByTyping(TEAM);
    await page.keyboard.press('Escape');
    await tabTo('button', 'Send Invite', 5);
    await screenshot(page, 'keyboard-invite-filled');
    await page.keyboard.press('Enter');

    await alertWith(page, 'Member invitation sent successfully');
    await visible(page.getByRole('heading', { name: 'Invite results' }));
    expect(await server.mailbox.linkTo(INVITEE, '/invitation')).toContain('/invitation?i=');
  });
});
