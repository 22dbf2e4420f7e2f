import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../support/users.ts';
import { expectAccessible } from './support/axe.ts';
import { alertWith, checkEachTest, chooseOption, fieldError, screenshot, sharedServerAndBrowser, signedInPage, visible } from './support/browser.ts';

/*
 * Leave end to end in India's calendar (the company's and the browser's): Ana
 * asks her manager for a day of paid leave on /leave, Max approves it on
 * /requestsleave, and her attendance calendar paints the day as Paid Leave
 * while her balance drops by the day.
 */

let server: TestServer;
let browser: Browser;
let admin: ApiUser;
let max: ApiUser;
let ana: ApiUser;
let companyId: string;
let apollo: string;
const contexts: BrowserContext[] = [];

const ZONE = 'Asia/Kolkata';
const DAY_MS = 86_400_000;
/**
 * The leave days are the three after today, and /leave shows this year's
 * balance: in the year's last days, the server and the browser run a week
 * behind the real clock so that all of them fall in the year shown.
 */
const realToday = Temporal.Now.plainDateISO(ZONE);
const daysBack = realToday.add({ days: 3 }).year === realToday.year ? 0 : 7;
const now = () => new Date(Date.now() - daysBack * DAY_MS);
const today = realToday.subtract({ days: daysBack });
/** Tomorrow where Ana is: a day she may still ask for. */
const leaveDay = today.add({ days: 1 });
const YEAR = leaveDay.year;
/** How the calendars name a day: the picker's buttons ("25 November 2026") and the attendance grid's cells ("November 25, 2026"). */
const pickerLabel = leaveDay.toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const cellLabel = leaveDay.toLocaleString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const tableDay = leaveDay.toLocaleString('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });

beforeAll(async () => {
  [server, browser] = await sharedServerAndBrowser(now);
  [admin, max, ana] = await Promise.all([
    signedInUser(server, 'admin@leave-e2e.test', 'Ada Admin'),
    signedInUser(server, 'max@leave-e2e.test', 'Max Manager'),
    signedInUser(server, 'ana@leave-e2e.test', 'Ana Apollo'),
  ]);
  companyId = await createCompany(admin, 'Leave Works');
  apollo = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Apollo' })).body.teamId;
  await inviteAndAccept(server, admin, companyId, max, 'Manager', [apollo]);
  await inviteAndAccept(server, admin, companyId, ana, 'Member', [apollo]);
  const policy = await admin.call('PUT', `/api/companies/${companyId}/leave-policies/${YEAR}`, { paidLeaveDays: 2 });
  if (policy.status !== 200) throw new Error(`policy failed: ${JSON.stringify(policy.body)}`);
}, 180_000);

checkEachTest(contexts);

/** A signed-in page on the server's clock. */
const pageOf = (user: ApiUser, path: string) => signedInPage(browser, server, contexts, { email: user.email, path, team: { companyId, teamId: apollo }, clock: now() });

/** A count of the paid leave summary, e.g. 'Available'. */
const count = async (page: Page, label: string) => (await visible(page.getByRole('group', { name: `${label} paid leave days` }))).innerText();
const counts = (page: Page) => Promise.all(['Allocated', 'Used', 'Pending', 'Available'].map(async (label) => (await count(page, label)).replace(label, '').trim()));

/** A table's rows below its header, each as its cells' texts (their lines joined by a space). */
async function rows(page: Page, table: string): Promise<string[][]> {
  const region = await visible(page.getByRole('region', { name: table }));
  const all = await region.getByRole('row').all();
  return Promise.all(all.slice(1).map(async (row) => (await row.getByRole('cell').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())));
}

describe('leave', () => {
  it('goes from a request on /leave to an approval on /requestsleave to a Paid Leave day on the calendar, taking a day of the balance', async () => {
    const page = await pageOf(ana, '/leave');
    await visible(page.getByRole('heading', { name: 'Leave', exact: true }));
    await expect.poll(() => counts(page)).toEqual(['2', '0', '0', '2']);
    await visible(page.getByText('You have 2 paid leave days available for new requests (2 total allocated - 0 pending requests).'));
    await visible(page.getByText('No leave requests yet'));
    await expectAccessible(page);
    await screenshot(page, 'leave-empty');

    // The form says what is missing in the spec's words.
    await page.getByRole('button', { name: 'Add Request' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Add Leave Request' }));
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    expect(await fieldError(dialog.getByRole('button', { name: 'Date' }))).toBe('Invalid Date Please enter valid date !');
    expect(await fieldError(dialog.getByRole('combobox', { name: 'Type' }))).toBe('Please Choose type');
    expect(await fieldError(dialog.getByRole('combobox', { name: 'Manager' }))).toBe('Please Choose Manager');

    await dialog.getByRole('button', { name: 'Date' }).click();
    const picker = await visible(page.getByRole('dialog').filter({ visible: true }).filter({ has: page.getByRole('button', { name: 'Next month' }) }));
    if (leaveDay.month !== today.month) await picker.getByRole('button', { name: 'Next month' }).click();
    await picker.getByRole('button', { name: pickerLabel, exact: true }).click();
    await chooseOption(dialog.getByRole('combobox', { name: 'Type' }), 'Paid Leave');
    await visible(dialog.getByText('You have 2 paid leave days available for new requests (2 total allocated - 0 pending requests).'));
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Family trip');
    await chooseOption(dialog.getByRole('combobox', { name: 'Manager' }), 'Max Manager (Manager)');
    await expectAccessible(page);
    await screenshot(page, 'leave-add-request');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await alertWith(page, 'Leave request submitted successfully');
    await expect.poll(() => rows(page, 'My leave requests')).toEqual([[tableDay, 'Paid Leave', 'Family trip', 'Max Manager', 'Pending', 'Edit Delete History']]);
    await expect.poll(() => counts(page)).toEqual(['2', '0', '1', '1']);

    // The server keeps one request a day, and says so.
    await page.getByRole('button', { name: 'Add Request' }).click();
    const again = await visible(page.getByRole('dialog', { name: 'Add Leave Request' }));
    await again.getByRole('button', { name: 'Date' }).click();
    const secondPicker = await visible(page.getByRole('dialog').filter({ visible: true }).filter({ has: page.getByRole('button', { name: 'Next month' }) }));
    if (leaveDay.month !== today.month) await secondPicker.getByRole('button', { name: 'Next month' }).click();
    await secondPicker.getByRole('button', { name: pickerLabel, exact: true }).click();
    await chooseOption(again.getByRole('combobox', { name: 'Type' }), 'Sick Leave');
    await chooseOption(again.getByRole('combobox', { name: 'Manager' }), 'Max Manager (Manager)');
    await again.getByRole('button', { name: 'Submit Request' }).click();
    await alertWith(page, `You already have submitted a request for leave on the date - ${leaveDay.toString()}`);
    await screenshot(page, 'leave-duplicate-refused');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await screenshot(page, 'leave-pending');

    // Max answers it.
    const manager = await pageOf(max, '/requestsleave');
    await visible(manager.getByRole('heading', { name: 'Leave Requests' }));
    await expect.poll(() => rows(manager, 'Leave requests to process')).toEqual([
      ['Ana Apollo ana@leave-e2e.test', tableDay, 'Paid Leave', 'Family trip', 'Max Manager', 'Pending', 'Approve Decline History'],
    ]);
    await expectAccessible(manager);
    await screenshot(manager, 'leave-requests-pending');
    await manager.getByRole('button', { name: `Approve Ana Apollo’s request for ${tableDay}` }).click();
    const approval = await visible(manager.getByRole('dialog', { name: 'Approve Leave' }));
    await approval.getByRole('textbox', { name: 'Comment' }).fill('Enjoy the trip');
    await expectAccessible(manager);
    await approval.getByRole('button', { name: 'Approve', exact: true }).click();
    await alertWith(manager, 'Request approved successfully');
    await expect.poll(() => rows(manager, 'Leave requests to process')).toEqual([
      ['Ana Apollo ana@leave-e2e.test', tableDay, 'Paid Leave', 'Family trip', 'Max Manager', 'Approved', 'Completed History'],
    ]);

    // Its history: who did what, with what they said.
    await manager.getByRole('button', { name: `History of Ana Apollo’s request for ${tableDay}` }).click();
    const history = await visible(manager.getByRole('dialog', { name: `History of Ana Apollo’s request for ${tableDay}` }));
    await visible(history.getByText('Ana Apollo requested'));
    await visible(history.getByText('Max Manager approved'));
    await visible(history.getByText('“Enjoy the trip”'));
    await expectAccessible(manager);
    await screenshot(manager, 'leave-request-history');

    // Ana's page follows at once: the request is done, and the day is used.
    await expect.poll(() => rows(page, 'My leave requests')).toEqual([[tableDay, 'Paid Leave', 'Family trip', 'Max Manager', 'Approved', 'Completed History']]);
    await expect.poll(() => counts(page)).toEqual(['2', '1', '0', '1']);
    await visible(page.getByText('You have 1 paid leave days available for new requests (1 total allocated - 0 pending requests).'));
    await screenshot(page, 'leave-approved');

    // The attendance calendar paints the day pink: Paid Leave (core §4), counted with the month.
    const month = `${leaveDay.year}-${String(leaveDay.month).padStart(2, '0')}`;
    await page.goto(`/userAttendance?month=${month}`);
    const day = page.getByRole('cell', { name: new RegExp(`^${cellLabel}\\b`) });
    await visible(day.filter({ hasText: 'Paid Leave' }));
    expect(await day.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 222, 235)');
    await expect.poll(async () => (await visible(page.getByRole('region', { name: 'Paid Leave', exact: true }))).innerText()).toContain('1');
    await screenshot(page, 'leave-on-attendance-calendar');
  });

  it('changes a pending request’s type and gives its paid day back, deletes another, and shows a declined one as done', async () => {
    const [trip, checkup] = [today.add({ days: 2 }), today.add({ days: 3 })];
    const ask = (day: Temporal.PlainDate, type: string) =>
      ana.call('POST', `/api/companies/${companyId}/leave/requests`, { leaveDate: day.toString(), type, comment: '', assigneeId: max.userId, timeZone: ZONE });
    expect((await ask(trip, 'Paid Leave')).status).toBe(201);
    expect((await ask(checkup, 'Sick Leave')).status).toBe(201);
    const named = (day: Temporal.PlainDate) => day.toLocaleString('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });

    const page = await pageOf(ana, '/leave');
    // The day approved in the test before is used; the trip is pending.
    await expect.poll(() => counts(page)).toEqual(['2', '1', '1', '0']);
    await visible(page.getByText('You have consumed all your available paid leave days. No leave balance remaining.'));

    await page.getByRole('button', { name: `Edit the request for ${named(trip)}` }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Edit Leave Request' }));
    await chooseOption(dialog.getByRole('combobox', { name: 'Type' }), 'Casual Leave');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await alertWith(page, 'Request Updated successfully');
    await expect.poll(() => counts(page)).toEqual(['2', '1', '0', '1']);

    await page.getByRole('button', { name: `Delete the request for ${named(checkup)}` }).click();
    const confirm = await visible(page.getByRole('dialog', { name: 'Delete Leave Request' }));
    await visible(confirm.getByText(`Delete your Sick Leave request for ${named(checkup)}?`));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await alertWith(page, 'Request deleted successfully');
    await expect.poll(async () => (await rows(page, 'My leave requests')).map((cells) => cells[0])).toEqual([named(trip), tableDay]);

    const manager = await pageOf(max, '/requestsleave');
    await manager.getByRole('button', { name: `Decline Ana Apollo’s request for ${named(trip)}` }).click();
    const decline = await visible(manager.getByRole('dialog', { name: 'Decline Leave' }));
    await decline.getByRole('textbox', { name: 'Comment' }).fill('Release week');
    await decline.getByRole('button', { name: 'Decline', exact: true }).click();
    await alertWith(manager, 'Request declined successfully');

    await expect.poll(() => rows(page, 'My leave requests')).toEqual([
      [named(trip), 'Casual Leave', 'No Comment', 'Max Manager', 'Declined', 'Completed History'],
      [tableDay, 'Paid Leave', 'Family trip', 'Max Manager', 'Approved', 'Completed History'],
    ]);
    await page.getByRole('button', { name: `History of the request for ${named(trip)}` }).click();
    const history = await visible(page.getByRole('dialog', { name: `History of Casual Leave on ${named(trip)}` }));
    await visible(history.getByText('Type: Paid Leave → Casual Leave'));
    await visible(history.getByText('Max Manager declined'));
    await visible(history.getByText('“Release week”'));
    await expectAccessible(page);
    await screenshot(page, 'leave-declined-history');
  });
});
