import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyAccess } from '../../api/access/membership.ts';
import { trackerMessages } from '../../domain/time-tracking/tracker.ts';
import type { TestServer } from '../support/test-server.ts';
import { type ApiUser, createCompany, signedInUser, TEST_PASSWORD } from '../support/users.ts';
import {
  alertWith,
  checkEachTest,
  chooseOption,
  liveSocketReady,
  newContext,
  screenshot,
  sharedServerAndBrowser,
  signInWithUi,
  uniqueEmail,
  visible,
} from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { timeTrackingAt } from '../support/time-tracking.ts';

/*
 * The timer story of the issue: pick project and task, start, see it in a
 * second tab, stop before a minute (refused, with the message), stop after a
 * minute (time log saved), and the punch rules around it. Company, team,
 * project and tasks are set up over the API; everything the user does is done
 * in the browser. The tests run in order and share one signed-in browser
 * context with two tabs.
 */

let server: TestServer;
let browser: Browser;
let context: BrowserContext;

// Longer than the top bar shows (projects 25 characters, tasks 20; core §2), so the cut is visible.
const PROJECT = 'Analytical Engine Restoration Programme';
const TASK = 'Calibrate the difference engine';
const SHOWN_PROJECT = 'Analytical Engine Restora…';
const SHOWN_TASK = 'Calibrate the differ…';
const CLOCK = /^\d+:\d{2}:\d{2}$/;

let user: ApiUser;
let companyId: string;
let teamId: string;
let projectId: string;
let taskId: string;

/** The first tab, where the user works, and the second one, which only watches. */
let tab: Page;
let otherTab: Page;
const otherTabNavigations: string[] = [];
/** How far the server's clock was moved on: time passes in the test without waiting for it. */
let clockMovedBy = 0;
const serverNow = () => new Date(Date.now() + clockMovedBy);

beforeAll(async () => {
  [server, browser] = await sharedServerAndBrowser(serverNow);

  // Setup over the API: an Admin with a company, a team (Admins join every team), a project and tasks assigned to them.
  user = await signedInUser(server, uniqueEmail('timer'), 'Charles Babbage');
  companyId = await createCompany(user, 'Difference Works');
  teamId = (await user.call('POST', `/api/companies/${companyId}/teams`, { name: 'Mill' })).body.teamId;
  projectId = (await user.call('POST', `/api/companies/${companyId}/projects`, { name: PROJECT })).body.projectId;
  const task = async (title: string, status: string) => {
    const created = await user.call('POST', `/api/companies/${companyId}/tasks`, {
      projectId,
      title,
      description: 'For the timer',
      status,
      priority: 'P2',
      eta: null,
      assigneeId: user.userId,
    });
    if (created.status !== 201) throw new Error(`task failed: ${JSON.stringify(created.body)}`);
    return created.body.taskId as string;
  };
  taskId = await task(TASK, 'TO DO');
  await task('Already finished', 'DONE');

  context = await newContext(browser, server);
  tab = await context.newPage();
  await signInWithUi(tab, { name: 'Charles Babbage', email: user.email, password: TEST_PASSWORD });
});

afterAll(async () => {
  await context?.close();
});

checkEachTest();

// ---------------------------------------------------------------------------
// What the user sees

/** The top bar's timer button: it shows h:mm:ss, then what runs or 'Not tracking'. */
function timerButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^\d+:\d{2}:\d{2}/ });
}

/** The clock of the top bar's timer button. */
async function topBarClock(page: Page): Promise<string> {
  return (await timerButton(page).innerText()).trim().split(/\s+/)[0];
}

/**
 * Closes the notifications still shown (each with its close button), as a
 * user does when one stands over what they want to click. Clicking one is a
 * click outside the timer popup, which closes it too.
 */
async function closeNotifications(page: Page): Promise<void> {
  const notifications = page.locator('.mantine-Notifications-root').getByRole('alert');
  for (let left = await notifications.count(); left > 0; left = await notifications.count()) {
    await notifications
      .first()
      .getByRole('button')
      .click({ timeout: 1_000 })
      .catch(() => undefined); // it closed by itself meanwhile
    // Gone once its closing transition is over.
    await expect.poll(() => notifications.count(), { timeout: 5_000, interval: 25 }).toBeLessThan(left);
  }
}

/** The timer popup, opened from the top bar if it is not open yet. */
async function openTimerPopup(page: Page): Promise<Locator> {
  await closeNotifications(page);
  if (!(await timerPopupOpened(page))) await timerButton(page).click();
  return visible(page.getByRole('dialog', { name: 'Timer' }));
}

/** Closes the timer popup as a mouse user does: another click on the timer button. */
async function closeTimerPopup(page: Page): Promise<void> {
  await closeNotifications(page);
  if (await timerPopupOpened(page)) await timerButton(page).click();
  await page.getByRole('dialog', { name: 'Timer' }).waitFor({ state: 'hidden' });
}

/**
 * Whether the timer popup is open, as the timer button says it. Not the
 * popup's visibility: a popup that a click outside is closing stays visible
 * through its closing transition, and a click on the button then opens it again.
 */
async function timerPopupOpened(page: Page): Promise<boolean> {
  return (await timerButton(page).getAttribute('aria-expanded')) === 'true';
}

/** Clicks a control of the top bar, once no notification covers it. */
async function clickInTopBar(control: Locator): Promise<void> {
  await closeNotifications(control.page());
  await control.click();
}

/** A select of the popup ('Project', 'Task') by its label. */
const field = (popup: Locator, label: string) => popup.getByRole('combobox', { name: label, exact: true });

/** The top bar's punch control, whichever way it points. */
const punchButton = (page: Page, name: 'Punch In' | 'Punch Out') => page.getByRole('banner').getByRole('button', { name, exact: true });

/** The caller's timer status, over the API. */
async function timerStatus() {
  return (await user.call('GET', `/api/companies/${companyId}/timer`)).body;
}

// ---------------------------------------------------------------------------

describe('timer and punch in the browser', () => {
  it('asks for a punch in before the timer can start, then punches in', async () => {
    // Once the company's team is known, the timer button can be used (core §2: the only team is picked).
    await visible(timerButton(tab).filter({ hasText: 'Not tracking' }));
    expect(await timerButton(tab).innerText()).toMatch(/^0:00:00\s+Not tracking$/);

    const popup = await openTimerPopup(tab);
    await visible(popup.getByRole('alert').filter({ hasText: trackerMessages.mustPunchIn }));
    expect(await popup.getByRole('button', { name: 'Start Timer' }).isDisabled()).toBe(true);
    expect(await popup.getByRole('button', { name: 'Cancel Timer' }).isDisabled()).toBe(true);
    expect(await field(popup, 'Project').isDisabled()).toBe(true);
    // Nothing in it can be used yet, but the popup holds the focus, so Escape closes it.
    await tab.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });

    await clickInTopBar(punchButton(tab, 'Punch In'));
    await alertWith(tab, trackerMessages.punchedIn);
    await visible(punchButton(tab, 'Punch Out'));
    // Another client than the browser, which sent no read-after position: the read model may be a moment behind.
    await expect.poll(async () => (await timerStatus()).punch).toEqual({ isPunchedIn: true, lastPunchinoutStatus: 'punchin' });
  });

  it('starts on the picked project and task, ticks in the top bar, and shows in a second tab without a reload', async () => {
    // The second tab opens before the start, so only the live update can tell it.
    otherTab = await context.newPage();
    otherTab.on('framenavigated', (frame) => {
      if (frame === otherTab.mainFrame()) otherTabNavigations.push(frame.url());
    });
    const live = liveSocketReady(otherTab);
    await otherTab.goto('/dashboard-team');
    await live;
    await visible(timerButton(otherTab).filter({ hasText: 'Not tracking' }));
    otherTabNavigations.splice(0);

    await tab.bringToFront();
    const popup = await openTimerPopup(tab);
    expect(await popup.getByRole('alert').filter({ hasText: trackerMessages.mustPunchIn }).count()).toBe(0);
    const start = popup.getByRole('button', { name: 'Start Timer' });
    expect(await start.getAttribute('title')).toBe('Please select a project');

    await chooseOption(field(popup, 'Project'), PROJECT);
    expect(await start.getAttribute('title')).toBe('Please select a task');
    // Only the open tasks assigned to the user are offered, each labelled with its title and status.
    await field(popup, 'Task').click();
    const options = tab.getByRole('listbox').filter({ visible: true }).getByRole('option');
    await visible(options.first());
    expect(await options.allInnerTexts()).toEqual([`${TASK} — TO DO`]);
    await options.first().click();
    expect(await field(popup, 'Task').inputValue()).toBe(`${TASK} — TO DO`);
    await popup.getByLabel('Task details').fill('Gear train of the first column');
    expect(await start.isEnabled()).toBe(true);
    await screenshot(tab, 'timer-popup-picked');
    await expectAccessible(tab);

    // The second tab is watched from the click on: it must follow within a second or two.
    const runningInOtherTab = visible(timerButton(otherTab).filter({ hasText: `${SHOWN_PROJECT} · ${SHOWN_TASK}` })).then(
      () => Date.now(),
      () => Number.POSITIVE_INFINITY,
    );
    const clickedAt = Date.now();
    await start.click();
    await alertWith(tab, trackerMessages.started);

    // The top bar: a ticking h:mm:ss, then the project and task names cut to 25 and 20 characters.
    await visible(timerButton(tab).filter({ hasText: SHOWN_TASK }));
    const [clock, ...names] = (await timerButton(tab).innerText()).trim().split(/\s+/);
    expect(clock).toMatch(CLOCK);
    expect(names.join(' ')).toBe(`${SHOWN_PROJECT} · ${SHOWN_TASK}`);
    expect(await timerButton(tab).locator(`[title="${PROJECT} / ${TASK}"]`).count()).toBe(1);
    await expect.poll(() => topBarClock(tab), { timeout: 3_000, interval: 200 }).not.toBe(clock);
    expect(await topBarClock(tab)).toMatch(/^0:00:0\d$/);

    // While it runs, what runs cannot be changed, and Stop replaces Start.
    expect(await field(popup, 'Project').isDisabled()).toBe(true);
    expect(await field(popup, 'Project').inputValue()).toBe(PROJECT);
    expect(await field(popup, 'Task').inputValue()).toBe(TASK);
    expect(await popup.getByLabel('Task details').inputValue()).toBe('Gear train of the first column');
    await visible(popup.getByRole('button', { name: 'Stop Timer' }));
    expect(await popup.getByRole('button', { name: 'Cancel Timer' }).isEnabled()).toBe(true);
    await screenshot(tab, 'timer-popup-running');
    await closeTimerPopup(tab);
    await screenshot(tab, 'timer-top-bar-running');

    // The second tab shows the same session running within a second or two, without a reload.
    expect((await runningInOtherTab) - clickedAt).toBeLessThan(2_000);
    const otherClock = await topBarClock(otherTab);
    expect(otherClock).toMatch(CLOCK);
    await expect.poll(() => topBarClock(otherTab), { timeout: 3_000, interval: 200 }).not.toBe(otherClock);
    expect(otherTabNavigations).toEqual([]);
    await screenshot(otherTab, 'timer-second-tab-running');

    const { session } = await timerStatus();
    expect(session).toMatchObject({ projectId, taskId, teamId, projectName: PROJECT, taskName: TASK, source: 'web', taskDetails: 'Gear train of the first column' });
  });

  it('refuses to punch out while the timer runs, and to stop it before a minute', async () => {
    await clickInTopBar(punchButton(tab, 'Punch Out'));
    await alertWith(tab, trackerMessages.stopBeforePunchOut);
    expect((await timerStatus()).punch.isPunchedIn).toBe(true);

    const popup = await openTimerPopup(tab);
    await popup.getByRole('button', { name: 'Stop Timer' }).click();
    await alertWith(tab, trackerMessages.tooShort);
    // Nothing was stopped: the session still runs and still ticks.
    await visible(popup.getByRole('button', { name: 'Stop Timer' }));
    expect((await timerStatus()).session).not.toBeNull();
    await closeTimerPopup(tab);
    expect(await timerButton(tab).innerText()).toContain(SHOWN_TASK);
  });

  it('asks before cancelling a running session, saying how much time goes, then cancels it without saving it', async () => {
    let popup = await openTimerPopup(tab);
    await popup.getByRole('button', { name: 'Cancel Timer' }).click();
    const confirm = await visible(tab.getByRole('dialog', { name: 'Cancel Timer' }));
    await visible(confirm.getByText(/^Discard \d+:\d{2}:\d{2} of tracked time\? It will not be saved\.$/));
    await screenshot(tab, 'timer-cancel-confirm');
    await expectAccessible(tab);
    // Keeping it changes nothing.
    await confirm.getByRole('button', { name: 'Keep Tracking' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await timerStatus()).session).not.toBeNull();

    popup = await openTimerPopup(tab);
    await popup.getByRole('button', { name: 'Cancel Timer' }).click();
    await tab.getByRole('dialog', { name: 'Cancel Timer' }).getByRole('button', { name: 'Discard' }).click();
    await alertWith(tab, trackerMessages.cancelled);
    popup = await openTimerPopup(tab);
    await visible(popup.getByRole('button', { name: 'Start Timer' }));
    expect(await popup.getByRole('button', { name: 'Cancel Timer' }).isDisabled()).toBe(true);
    await closeTimerPopup(tab);
    await visible(timerButton(tab).filter({ hasText: 'Not tracking' }));
    expect(await topBarClock(tab)).toBe('0:00:00');
    await visible(timerButton(otherTab).filter({ hasText: 'Not tracking' }));
    expect((await timerStatus()).session).toBeNull();
    // Nothing left to cancel.
    const again = await user.call('POST', `/api/companies/${companyId}/timer/cancel`);
    expect(again).toMatchObject({ status: 409, body: { message: trackerMessages.nothingToCancel } });
  });

  it('stops a session older than a minute and saves its time log', async () => {
    // Rather than wait a minute: a session starts now, then the server's clock moves on two minutes.
    // (A tracker's time never goes back, so a session cannot be started in the past.)
    const tracking = timeTrackingAt(server, serverNow);
    const actor = { kind: 'member', userId: user.userId, companyId, role: 'Admin', managedTeams: new Set([teamId]) };
    const access = { company: { company_id: companyId }, userId: user.userId, teamRoles: new Map([[teamId, 'Admin']]), actor } as unknown as CompanyAccess;
    // A zone whose midnight is not within these two minutes, so the session is one entry, not split per day.
    const utcMinutes = new Date().getUTCHours() * 60 + new Date().getUTCMinutes();
    const timeZone = utcMinutes >= 23 * 60 + 55 ? 'Asia/Kolkata' : 'UTC';
    const { session } = await tracking.start(
      access,
      { teamId, projectId, taskId, taskDetails: 'Started by the test', timeZone },
      'web',
      { correlationId: 'timer-e2e' },
    );
    expect(session).not.toBeNull();

    // The second tab hears of it.
    await visible(timerButton(otherTab).filter({ hasText: SHOWN_TASK }));
    clockMovedBy += 2 * 60_000;
    // Both tabs read the server's clock again, as a page does when it loads.
    await Promise.all([tab.reload(), otherTab.reload()]);
    otherTabNavigations.splice(0);
    await visible(timerButton(tab).filter({ hasText: SHOWN_TASK }));
    expect(await topBarClock(tab)).toMatch(/^0:0[23]:\d{2}$/);
    await visible(timerButton(otherTab).filter({ hasText: SHOWN_TASK }));
    expect(await topBarClock(otherTab)).toMatch(/^0:0[23]:\d{2}$/);

    const popup = await openTimerPopup(tab);
    expect(await popup.getByLabel('Task details').inputValue()).toBe('Started by the test');
    const stopped = tab.waitForResponse((response) => response.url().endsWith(`/api/companies/${companyId}/timer/stop`));
    await popup.getByRole('button', { name: 'Stop Timer' }).click();
    await alertWith(tab, trackerMessages.stopped);
    const stopResponse = await stopped;
    expect(stopResponse.status()).toBe(200);
    const { entries } = (await stopResponse.json()) as { entries: { day: string; seconds: number }[] };
    expect(entries).toHaveLength(1);
    expect(entries[0].seconds).toBeGreaterThanOrEqual(120);

    await visible(popup.getByRole('button', { name: 'Start Timer' }));
    await closeTimerPopup(tab);
    await visible(timerButton(tab).filter({ hasText: 'Not tracking' }));
    await visible(timerButton(otherTab).filter({ hasText: 'Not tracking' }));

    // The time log, as the signed-in browser reads it.
    const day = entries[0].day;
    const logs = await tab.request.get(`/api/companies/${companyId}/timelogs?from=${day}&to=${day}`);
    expect(logs.status()).toBe(200);
    const body = await logs.json();
    expect(body.entries).toHaveLength(1);
    expect(body.entries[0]).toMatchObject({
      day,
      sessionId: session!.sessionId,
      projectId,
      projectName: PROJECT,
      taskId,
      taskName: TASK,
      taskDetails: 'Started by the test',
      taskHours: 0,
      taskMinutes: 2,
      timeZone,
      source: 'web',
    });
    expect(body.days).toEqual([{ day, totalMinutes: 2, idleMinutes: 0, unproductiveMinutes: 0, productiveMinutes: 2, earningsCents: 0 }]);
  });

  it('punches out once the timer is stopped; punches alternate', async () => {
    await clickInTopBar(punchButton(tab, 'Punch Out'));
    await alertWith(tab, trackerMessages.punchedOut);
    await visible(punchButton(tab, 'Punch In'));
    await visible(punchButton(otherTab, 'Punch In'));
    expect((await timerStatus()).punch).toEqual({ isPunchedIn: false, lastPunchinoutStatus: 'punchout' });

    // Punched out, the timer controls ask for a punch in again.
    const popup = await openTimerPopup(tab);
    await visible(popup.getByRole('alert').filter({ hasText: trackerMessages.mustPunchIn }));
    expect(await popup.getByRole('button', { name: 'Start Timer' }).isDisabled()).toBe(true);
    await closeTimerPopup(tab);

    // The rules over the API: no second punch out, one punch in, no second punch in.
    const punch = (direction: 'in' | 'out') => user.call('POST', `/api/companies/${companyId}/punch/${direction}`, {});
    expect(await punch('out')).toMatchObject({ status: 409, body: { message: trackerMessages.notPunchedIn } });
    expect(await punch('in')).toMatchObject({ status: 200, body: { message: trackerMessages.punchedIn } });
    expect(await punch('in')).toMatchObject({ status: 409, body: { message: trackerMessages.alreadyPunchedIn } });
    // Both tabs follow the punch made elsewhere.
    await visible(punchButton(tab, 'Punch Out'));
    await visible(punchButton(otherTab, 'Punch Out'));
    expect(otherTabNavigations).toEqual([]);
  });
});

describe('on a phone, without a team', () => {
  it('still offers the punch in the top bar, beside the disabled timer', async () => {
    const loner = await signedInUser(server, uniqueEmail('phone'), 'Ada Byron');
    await createCompany(loner, 'Solo Looms');
    const phone = await newContext(browser, server);
    try {
      const page = await phone.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      await signInWithUi(page, { name: 'Ada Byron', email: loner.email, password: TEST_PASSWORD });
      await visible(page.getByRole('banner').getByRole('button', { name: '0:00:00' }));
      await punchButton(page, 'Punch In').click();
      await alertWith(page, trackerMessages.punchedIn);
      await visible(punchButton(page, 'Punch Out'));
      await screenshot(page, 'timer-phone-without-team');
      // The company switcher moved to the side menu, where the bar has no room for it.
      await page.getByRole('button', { name: 'Toggle menu' }).click();
      await visible(page.getByRole('navigation').getByRole('button', { name: 'Solo Looms' }));
      await screenshot(page, 'timer-phone-menu');
    } finally {
      await phone.close();
    }
  });
});
