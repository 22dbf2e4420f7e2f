import type { Page } from 'playwright-core';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../support/users.ts';
import { expectAccessible } from './support/axe.ts';
import { screenshot, seededBrowserSuite, sideMenu, signedInPage, visible } from './support/browser.ts';

/*
 * /team-attendance and /v2/time-attendance on punches written over the API
 * with the server's clock moved to each moment. Everyone works in India and
 * so does the browser's calendar:
 * - Ada Admin created the company and its team Apollo 25 days ago; Max
 *   Manager manages Apollo; Ana Apollo and Ivy Short are its Members.
 * - On the last working day before today (among the 5 days the page first
 *   shows), Ana works 09:00–18:00 and Ivy 10:00–12:00 (short of 8 hours).
 * - On the last working day 6 to 10 days ago (shown after Show More), Ana
 *   works 09:00–17:30; and on each of the 10 days before that, 09:00–17:00.
 *   Two days before those, Ivy punched in at 09:30 and never out.
 */

const ZONE = 'Asia/Kolkata';
const PHONE = { width: 390, height: 844 };

let admin: ApiUser;
let manager: ApiUser;
let ana: ApiUser;
let ivy: ApiUser;
let companyId: string;
const today = Temporal.Now.plainDateISO(ZONE);
/** The latest working day (Monday to Friday) from `daysBack` days ago to 4 days before that. */
const lastWorkday = (daysBack: number) => {
  let day = today.subtract({ days: daysBack });
  while (day.dayOfWeek > 5) day = day.subtract({ days: 1 });
  return day;
};
const recent = lastWorkday(1);
const older = lastWorkday(6);

const suite = seededBrowserSuite(async (server, setClock) => {
  [admin, manager, ana, ivy] = await Promise.all([
    signedInUser(server, 'ada@attendance.test', 'Ada Admin'),
    signedInUser(server, 'max@attendance.test', 'Max Manager'),
    signedInUser(server, 'ana@attendance.test', 'Ana Apollo'),
    signedInUser(server, 'ivy@attendance.test', 'Ivy Short'),
  ]);
  // Everyone joins before the first shift (team attendance counts people from the day they joined), in the 30 days of the trial.
  setClock(new Date(today.subtract({ days: 25 }).toZonedDateTime(ZONE).epochMilliseconds));
  try {
    companyId = await createCompany(admin, 'Attendance Inc');
    const apollo: string = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Apollo' })).body.teamId;
    await inviteAndAccept(server, admin, companyId, manager, 'Manager', [apollo]);
    await inviteAndAccept(server, admin, companyId, ana, 'Member', [apollo]);
    await inviteAndAccept(server, admin, companyId, ivy, 'Member', [apollo]);

    const shifts: [ApiUser, Temporal.PlainDate, string, string | null][] = [
      [ivy, older.subtract({ days: 12 }), '09:30', null],
      ...Array.from({ length: 10 }, (_, back): [ApiUser, Temporal.PlainDate, string, string] => [ana, older.subtract({ days: 10 - back }), '09:00', '17:00']),
      [ana, older, '09:00', '17:30'],
      [ana, recent, '09:00', '18:00'],
      [ivy, recent, '10:00', '12:00'],
    ];
    for (const [user, day, from, to] of shifts) {
      for (const [direction, time] of [['in', from], ...(to ? [['out', to]] : [])] as const) {
        setClock(new Date(day.toPlainDateTime(time).toZonedDateTime(ZONE).epochMilliseconds));
        const punched = await user.call('POST', `/api/companies/${companyId}/punch/${direction}`, { timeZone: ZONE });
        if (punched.status !== 200) throw new Error(`punch ${direction} failed: ${JSON.stringify(punched.body)}`);
      }
    }
  } finally {
    setClock(null);
  }
});

const pageOf = (user: ApiUser, path: string, viewport?: { width: number; height: number }) => signedInPage(suite.browser, suite.server, suite.contexts, { email: user.email, path, viewport });

/** The rows of the page's table (the dialog's, when one is open), each as its cells' texts. */
async function rowsOf(scope: Page | ReturnType<Page['getByRole']>): Promise<string[][]> {
  const table = scope.getByRole('table');
  await visible(table);
  const rows = await table.getByRole('row').all();
  return Promise.all(rows.slice(1).map(async (row) => (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim())));
}

/** A day as the tables name it, e.g. "Mon, Jul 14, 2025". */
const dayLabel = (day: Temporal.PlainDate) => day.toLocaleString('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });
const srNo = (day: Temporal.PlainDate) => String(today.since(day).days + 1);

describe('team attendance', () => {
  it('shows today and the 5 days before it, counts the day of work, and Show More adds 5 days', async () => {
    const page = await pageOf(manager, '/team-attendance');
    await visible(page.getByRole('heading', { level: 1, name: 'Team Attendance' }));
    await expect.poll(async () => (await rowsOf(page)).length).toBe(6);
    const rows = await rowsOf(page);
    expect(rows.map((cells) => cells.slice(0, 2))).toEqual(
      Array.from({ length: 6 }, (_, back) => [String(back + 1), dayLabel(today.subtract({ days: back }))]),
    );
    await visible(page.getByText('Working Hrs. Not Completed: present, with less than 8h 00m punched.'));
    // Ana and Ivy were present, Max was not (Ada, an Admin, is not counted); Ivy worked 2 of the 8 hours.
    expect(rows.find((cells) => cells[1] === dayLabel(recent))).toEqual([srNo(recent), dayLabel(recent), '2', '1', '1']);
    await screenshot(page, 'team-attendance');

    await page.getByRole('button', { name: 'Show More' }).click();
    await expect.poll(async () => (await rowsOf(page)).length).toBe(11);
    const more = await rowsOf(page);
    expect(more.at(-1)?.slice(0, 2)).toEqual(['11', dayLabel(today.subtract({ days: 10 }))]);
    expect(more.find((cells) => cells[1] === dayLabel(older))).toEqual([srNo(older), dayLabel(older), '1', '2', '0']);
    await screenshot(page, 'team-attendance-more');
  });

  it('opens the people behind a count', async () => {
    const page = await pageOf(admin, '/team-attendance');
    await page.getByRole('button', { name: `2 Present on ${dayLabel(recent)}` }).click();
    let dialog = await visible(page.getByRole('dialog', { name: `Present · ${dayLabel(recent)}` }));
    expect(await rowsOf(dialog)).toEqual([
      ['1', 'Ana Apollo', 'ana@attendance.test'],
      ['2', 'Ivy Short', 'ivy@attendance.test'],
    ]);
    await expectAccessible(page);
    await screenshot(page, 'team-attendance-present');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'team-attendance-present-dark');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: `1 Working Hrs. Not Completed on ${dayLabel(recent)}` }).click();
    dialog = await visible(page.getByRole('dialog', { name: `Working Hrs. Not Completed · ${dayLabel(recent)}` }));
    expect(await rowsOf(dialog)).toEqual([['1', 'Ivy Short', 'ivy@attendance.test']]);
  });

  it('asks for a team when the company has none', async () => {
    const loner = await signedInUser(suite.server, 'lone@attendance.test', 'Lou Loner');
    await createCompany(loner, 'No Teams Ltd');
    const page = await pageOf(loner, '/team-attendance');
    await visible(page.getByText('Please create a team to view attendence!'));
    await screenshot(page, 'team-attendance-no-team');
  });
});

describe('time and attendance', () => {
  it('lists the days people were present, a page at a time, and finds a person by a search', async () => {
    const page = await pageOf(admin, '/dashboard-individual');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Time & Attendance' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Time & Attendance' }));
    await visible(page.getByText(/^14 records ·/));
    const first = await rowsOf(page);
    expect(first).toHaveLength(10);
    // Newest day first: Ana and Ivy on the recent day, with their check in, check out, time punched in (work time), tracked and active (nothing tracked), and their timesheet's status.
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual(['Staff Name', 'Location', 'Date', 'Check In', 'Check Out', 'Work time', 'Tracked', 'Active Hours', 'Timesheet']);
    expect(first.slice(0, 2).map((cells) => cells.slice(1))).toEqual(
      expect.arrayContaining([
        ['Kolkata', dayLabel(recent), '09:00', '18:00', '9h 00m', '0h 00m', '0h 00m', 'Open'],
        ['Kolkata', dayLabel(recent), '10:00', '12:00', '2h 00m', '0h 00m', '0h 00m', 'Open'],
      ]),
    );
    await screenshot(page, 'time-attendance');

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(async () => (await rowsOf(page)).length).toBe(4);
    const second = await rowsOf(page);
    expect(second.slice(0, 3).every((cells) => cells[0].startsWith('Ana Apollo'))).toBe(true);
    expect(second[3].slice(1, 5)).toEqual(['Kolkata', dayLabel(older.subtract({ days: 12 })), '09:30', 'Missing punch out']);
    await screenshot(page, 'time-attendance-page-2');

    // One day, picked in the calendar.
    await page.getByRole('button', { name: 'Date' }).click();
    const calendar = await visible(page.getByRole('dialog').filter({ visible: true }));
    if (recent.month !== today.month) await calendar.getByRole('button', { name: 'Previous month' }).click();
    const recentLabel = recent.toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    await calendar.getByRole('button', { name: recentLabel, exact: true }).click();
    await expect.poll(async () => (await rowsOf(page)).map((cells) => cells[0].split('\n')[0]).sort()).toEqual(['Ana Apollo', 'Ivy Short']);

    await page.getByRole('searchbox', { name: 'Search' }).fill('ivy');
    await expect.poll(async () => (await rowsOf(page)).map((cells) => cells[0].split('\n')[0])).toEqual(['Ivy Short']);
    await visible(page.getByText(/^1 record ·/));
    await screenshot(page, 'time-attendance-search');

    await page.getByRole('searchbox', { name: 'Search' }).fill('nobody');
    await visible(page.getByText('No attendance records found'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'time-attendance-empty-dark');
  });

  it('fits a phone and reads in the dark', async () => {
    const page = await pageOf(manager, '/v2/time-attendance', PHONE);
    await visible(page.getByRole('heading', { level: 1, name: 'Time & Attendance' }));
    await visible(page.getByRole('table'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await screenshot(page, 'time-attendance-phone');
    await page.goto('/team-attendance');
    await visible(page.getByRole('button', { name: 'Show More' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await screenshot(page, 'team-attendance-phone');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'team-attendance-phone-dark');
    await page.goto('/v2/time-attendance');
    await visible(page.getByRole('table'));
    await screenshot(page, 'time-attendance-phone-dark');
  });

  it('is not offered to a Member, and refused when asked for', async () => {
    const page = await pageOf(ana, '/dashboard-individual');
    await visible(page.getByRole('heading', { level: 1, name: 'User Dashboard' }));
    await expect.poll(() => sideMenu(page)).toMatchObject({ Dashboard: ['User', 'User Attendance', 'Activity Log'] });
    await page.goto('/v2/time-attendance');
    await visible(page.getByText('You do not have access to this page'));
    await page.goto('/team-attendance');
    await visible(page.getByText('You do not have access to this page'));
  });
});
