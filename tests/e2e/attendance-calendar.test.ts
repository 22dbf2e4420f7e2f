import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedAttendanceCompany } from '../support/attendance-company.ts';
import { type ApiUser, TEST_PASSWORD } from '../support/users.ts';
import { expectAccessible } from './support/axe.ts';
import { newContext, screenshot, seededBrowserSuite, signedInPage, signInWithApi, visible } from './support/browser.ts';

/*
 * /userAttendance as a Member, a Manager and an Admin on a month of punches
 * written over the API (tests/support/attendance-company.ts): the days'
 * statuses in words and colours, the counts, a day's punches and time log,
 * the member select's limits, the week's list on a phone, and the month
 * picker. The browser's calendar is India's, as the company's.
 */

const suite = seededBrowserSuite(seedAttendanceCompany);

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A signed-in page in India's calendar, with the company and the user's team chosen. */
const pageOf = (user: ApiUser, path: string, viewport = DESKTOP) =>
  signedInPage(suite.browser, suite.server, suite.contexts, { email: user.email, path, team: { companyId: suite.seeded.companyId, teamId: user === suite.seeded.bob ? suite.seeded.gemini : suite.seeded.apollo }, viewport });

/** The figure of a summary count. */
const count = async (page: Page, status: string) => (await visible(page.getByRole('region', { name: status, exact: true }))).innerText();

/** The six counts of core §2, in its order. */
async function counts(page: Page): Promise<string[]> {
  return Promise.all(['Present', 'Absent', 'Week Off', 'Sick Leave', 'Paid Leave', 'Casual Leave'].map(async (status) => (await count(page, status)).replace(status, '').trim()));
}

/** A day of the month grid, named by its date and what it shows, e.g. "March 2, 2026 Present Punched 8h 30m · Tracked 2h 00m". */
const cell = (page: Page, date: string) => page.getByRole('cell', { name: new RegExp(`^${date}\\b`) });

/** The colour the day is painted in. */
const background = (page: Page, date: string) => cell(page, date).evaluate((element) => getComputedStyle(element).backgroundColor);

/** A table's rows below its header, each as its cells' texts. */
async function rows(table: ReturnType<Page['getByRole']>): Promise<string[][]> {
  await visible(table);
  const all = await table.getByRole('row').all();
  return Promise.all(all.slice(1).map(async (row) => (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim())));
}

/** Opens a day of the grid; answers its dialog. */
async function openDay(page: Page, date: string) {
  await cell(page, date).getByRole('button').click();
  return visible(page.getByRole('dialog'));
}

const punchesOf = (dialog: Awaited<ReturnType<typeof openDay>>) => rows(dialog.getByRole('table').first());

describe('the month calendar', () => {
  it('shows a Member their month: each day named and coloured by its status, the counts, and each day’s punches and time log', async () => {
    const page = await pageOf(suite.seeded.ana, '/userAttendance?month=2026-03');
    await visible(page.getByRole('heading', { name: 'User Attendance' }));
    await expect.poll(() => counts(page)).toEqual(['5', '17', '9', '0', '0', '0']);
    await visible(page.getByText('Ana Apollo · March 2026'));
    // A plain Member gets no member select (core §6).
    expect(await page.getByRole('combobox', { name: 'Member' }).count()).toBe(0);

    // Every day says its status in words; the colour only repeats it.
    // Each with what it counts, by name: the time punched in and the time tracked.
    await visible(cell(page, 'March 2, 2026').filter({ hasText: 'Present Punched 8h 30m · Tracked 2h 00m' }));
    await visible(cell(page, 'March 3, 2026').filter({ hasText: 'Present Punched 2h 00m · Tracked 1h 30m' }));
    await visible(cell(page, 'March 4, 2026').filter({ hasText: 'Present Punched 2h 00m · Tracked 1h 30m' }));
    await visible(cell(page, 'March 6, 2026').filter({ hasText: 'Present Punched 4h 00m' }));
    expect(await cell(page, 'March 6, 2026').innerText()).not.toContain('Tracked');
    await visible(cell(page, 'March 5, 2026').filter({ hasText: 'Missing punch out' }));
    await visible(cell(page, 'March 7, 2026').filter({ hasText: 'Week Off' }));
    await visible(cell(page, 'March 9, 2026').filter({ hasText: 'Absent' }));
    // Core §4: Present green, Absent red, Week Off white (Mantine's green.1, red.1 and white in the light scheme).
    expect(await background(page, 'March 2, 2026')).toBe('rgb(211, 249, 216)');
    expect(await background(page, 'March 9, 2026')).toBe('rgb(255, 227, 227)');
    expect(await background(page, 'March 7, 2026')).toBe('rgb(255, 255, 255)');
    await screenshot(page, 'attendance-member-march');

    // The dark scheme paints the days darker, still named.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => background(page, 'March 2, 2026')).not.toBe('rgb(211, 249, 216)');
    await screenshot(page, 'attendance-member-march-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // The day of 10:00–12:00 tracked with 10 idle minutes, between a punch in at 09:00 and out at 17:30.
    let dialog = await openDay(page, 'March 2, 2026');
    await visible(dialog.getByRole('heading', { name: 'Ana Apollo · Mon, Mar 2, 2026' }));
    await visible(dialog.getByText('Punched: 8h 30m'));
    await visible(dialog.getByText('Tracked: 2h 00m'));
    await visible(dialog.getByText('Active: 1h 50m'));
    expect(await punchesOf(dialog)).toEqual([['09:00', '17:30']]);
    const timeLog = dialog.getByRole('table').nth(1);
    // The entry, without a rate, then the day's total.
    await expect.poll(() => rows(timeLog)).toEqual([
      ['Moonshot', 'Landing site survey', '10:00', '12:00', '2h 00m', '0h 10m', '—', 'WEB'],
      ['2h 00m', '0h 10m', '0.00', ''],
    ]);
    await visible(timeLog.getByRole('rowheader', { name: 'Total' }));
    await expectAccessible(page);
    await screenshot(page, 'attendance-member-day');
    await page.keyboard.press('Escape');

    // The pair over midnight: cut there, on both days, as the timer's session is.
    dialog = await openDay(page, 'March 3, 2026');
    expect(await punchesOf(dialog)).toEqual([['22:00', '00:00 (continues the next day)']]);
    await visible(dialog.getByText('Punched: 2h 00m'));
    await visible(dialog.getByText('Tracked: 1h 30m'));
    await page.keyboard.press('Escape');
    dialog = await openDay(page, 'March 4, 2026');
    expect(await punchesOf(dialog)).toEqual([['00:00 (continued from the day before)', '02:00']]);
    await screenshot(page, 'attendance-member-day-continued');
    await page.keyboard.press('Escape');

    // The punch in never punched out.
    dialog = await openDay(page, 'March 5, 2026');
    expect(await punchesOf(dialog)).toEqual([['09:30', 'MISSING PUNCH OUT']]);
    await visible(dialog.getByText('Punched: 0h 00m'));
    await visible(dialog.getByText('No time logs on this day'));
  });

  it('picks another month in the month picker, keeping it in the URL', async () => {
    const page = await pageOf(suite.seeded.ana, '/userAttendance');
    const thisMonth = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
    await visible(page.getByText(`Ana Apollo · ${thisMonth}`));
    const picker = await visible(page.getByRole('button', { name: `Month ${thisMonth}` }));
    await screenshot(page, 'attendance-this-month');

    await picker.click();
    const calendar = await visible(page.getByRole('dialog').filter({ visible: true }));
    // The year shown is this one: go to 2026 from wherever that is.
    const year = new Date().getFullYear();
    for (let shown = year; shown > 2026; shown--) await calendar.getByRole('button', { name: 'Previous year' }).click();
    await calendar.getByRole('button', { name: 'Mar', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('month')).toBe('2026-03');
    await expect.poll(() => counts(page)).toEqual(['5', '17', '9', '0', '0', '0']);
  });

  it('lists a week under 769 px, day by day with its status, and steps through the month', async () => {
    const page = await pageOf(suite.seeded.ana, '/userAttendance?month=2026-03', PHONE);
    await expect.poll(() => counts(page)).toEqual(['5', '17', '9', '0', '0', '0']);
    // The month starts on a Sunday: its first week holds that day alone.
    await visible(page.getByText('Week Off').first());
    await page.getByRole('button', { name: 'Next week' }).click();
    const list = page.locator('.attendance-calendar');
    await expect.poll(() => list.innerText()).toMatch(/Present\s+Punched 8h 30m · Tracked 2h 00m[\s\S]*Missing punch out[\s\S]*Week Off/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'attendance-phone-week');

    await list.getByRole('button', { name: /^Present Punched 8h 30m/ }).click();
    const dialog = await visible(page.getByRole('dialog'));
    expect(await punchesOf(dialog)).toEqual([['09:00', '17:30']]);
    await screenshot(page, 'attendance-phone-day');
  });

  it('shows the loading failure with its reason, and Retry loads the month', async () => {
    const context = await newContext(suite.browser, suite.server, { viewport: DESKTOP, timezoneId: 'Asia/Kolkata' });
    suite.contexts.push(context);
    let failing = true;
    await context.route('**/attendance/month?**', (route) =>
      failing ? route.fulfill({ status: 500, json: { statusCode: 500, error: 'internal', message: 'The attendance is out of reach' } }) : route.fallback(),
    );
    await signInWithApi(context, { name: '', email: suite.seeded.ana.email, password: TEST_PASSWORD });
    const page = await context.newPage();
    await page.goto('/userAttendance?month=2026-03');
    const failure = await visible(page.getByRole('alert').filter({ hasText: 'The attendance is out of reach' }));
    await screenshot(page, 'attendance-failed');
    failing = false;
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => counts(page)).toEqual(['5', '17', '9', '0', '0', '0']);
  });
});

describe('the member select', () => {
  it('lets an Admin pick anyone, each day in the zone of its punches', async () => {
    const page = await pageOf(suite.seeded.admin, '/userAttendance?month=2026-03');
    const select = await visible(page.getByRole('combobox', { name: 'Member' }));
    await select.click();
    const options = await page.getByRole('listbox').filter({ visible: true }).getByRole('option').allInnerTexts();
    expect(options).toEqual(['Ana Apollo', 'Bob Gemini', 'Max Manager', 'Ada Admin (you)']);
    await page.getByRole('option', { name: 'Bob Gemini' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('user')).toBe(suite.seeded.bob.userId);
    await expect.poll(() => counts(page)).toEqual(['1', '21', '9', '0', '0', '0']);
    const dialog = await openDay(page, 'March 10, 2026');
    expect(await punchesOf(dialog)).toEqual([['09:00', '17:00']]);
    await visible(dialog.getByText('Punched: 8h 00m'));
    await screenshot(page, 'attendance-admin-bob');
  });

  it('offers a Manager only the people of their team, themselves last', async () => {
    const page = await pageOf(suite.seeded.manager, '/userAttendance?month=2026-03');
    const select = await visible(page.getByRole('combobox', { name: 'Member' }));
    await select.click();
    const options = await page.getByRole('listbox').filter({ visible: true }).getByRole('option').allInnerTexts();
    expect(options).toEqual(['Ana Apollo', 'Max Manager (you)']);
  });

  it('refuses a Member someone else’s month as if they did not exist', async () => {
    const page = await pageOf(suite.seeded.ana, `/userAttendance?month=2026-03&user=${suite.seeded.bob.userId}`);
    await visible(page.getByText('User not found or not authorized'));
  });
});
