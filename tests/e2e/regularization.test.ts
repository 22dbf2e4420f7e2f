import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { Temporal } from 'temporal-polyfill';
import { beforeAll, describe, expect, it } from 'vitest';
import { regularizationMessages } from '../../domain/regularization/regularization.ts';
import type { TestServer } from '../support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../support/users.ts';
import { expectAccessible } from './support/axe.ts';
import { alertWith, checkEachTest, chooseOption, fieldError, screenshot, sharedServerAndBrowser, signedInPage, visible } from './support/browser.ts';

/*
 * Regularization in Chromium: a Member asks for time they could not track
 * yesterday on /regularization ('+ Add Request', the 'Regularization Form'),
 * their manager approves it in the Process dialog of /requestsregularization,
 * and the time then shows on the Member's individual dashboard, on their
 * attendance calendar and in their timelog export. The browser's calendar is
 * India's, as the company's; the server keeps the real clock, so "yesterday"
 * is the real one.
 */

let server: TestServer;
let browser: Browser;
let ada: ApiUser;
let max: ApiUser;
let ana: ApiUser;
let companyId: string;
let apollo: string;
let projectId: string;
let taskId: string;
const contexts: BrowserContext[] = [];

const yesterday = Temporal.Now.plainDateISO('Asia/Kolkata').subtract({ days: 1 });
const month = yesterday.toString().slice(0, 7);
/** How the calendars name the day, e.g. "November 23, 2026". */
const dayName = yesterday.toLocaleString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

beforeAll(async () => {
  [server, browser] = await sharedServerAndBrowser();
  [ada, max, ana] = await Promise.all([
    signedInUser(server, 'ada@regularization.test', 'Ada Admin'),
    signedInUser(server, 'max@regularization.test', 'Max Manager'),
    signedInUser(server, 'ana@regularization.test', 'Ana Apollo'),
  ]);
  companyId = await createCompany(ada, 'Regularization Inc');
  const path = (rest: string) => `/api/companies/${companyId}${rest}`;
  apollo = (await ada.call('POST', path('/teams'), { name: 'Apollo' })).body.teamId;
  await inviteAndAccept(server, ada, companyId, max, 'Manager', [apollo]);
  await inviteAndAccept(server, ada, companyId, ana, 'Member', [apollo]);
  projectId = (await ada.call('POST', path('/projects'), { name: 'Website' })).body.projectId;
  taskId = (await ada.call('POST', path('/tasks'), { projectId, title: 'Launch', description: 'Ship it', status: 'TO DO', priority: 'P2', eta: null, assigneeId: ana.userId })).body.taskId;
}, 180_000);

checkEachTest(contexts);

const pageOf = (user: ApiUser, path: string) => signedInPage(browser, server, contexts, { email: user.email, path, team: { companyId, teamId: apollo } });

/** A table's rows below its header, each as its cells' texts. */
async function rows(table: Locator): Promise<string[][]> {
  await visible(table);
  const all = await table.getByRole('row').all();
  return Promise.all(all.slice(1).map(async (row) => (await row.getByRole('cell').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())));
}

/** Picks a day in a date field's calendar, going back a month if needed. */
async function pickDay(field: Locator, name: string) {
  const page = field.page();
  await field.click();
  const calendar = await visible(page.getByRole('dialog').filter({ visible: true }).filter({ has: page.getByRole('button', { name: 'Previous month' }) }));
  const day = calendar.getByRole('button', { name, exact: true });
  if ((await day.count()) === 0) await calendar.getByRole('button', { name: 'Previous month' }).click();
  await day.click();
}

describe('regularization', () => {
  it('a request, its approval, and the time on the dashboard, the attendance calendar and the export', async () => {
    const page = await pageOf(ana, '/regularization');
    await visible(page.getByRole('heading', { name: 'Regularization', level: 1 }));
    await visible(page.getByText('No regularization requests yet'));
    await page.getByRole('button', { name: '+ Add Request' }).click();
    const form = await visible(page.getByRole('dialog', { name: 'Regularization Form' }));

    // Management §5's messages, before anything is sent.
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await expect.poll(() => fieldError(form.getByRole('combobox', { name: 'Project' }))).toBe(regularizationMessages.chooseProject);
    expect(await fieldError(form.getByRole('combobox', { name: 'Manager' }))).toBe(regularizationMessages.chooseManager);
    expect(await fieldError(form.getByLabel('Start time'))).toBe(regularizationMessages.chooseStartTime);
    await expectAccessible(page);
    await screenshot(page, 'regularization-form-errors');

    await pickDay(form.getByRole('button', { name: /^Date/ }), yesterday.toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }));
    await form.getByLabel('Start time').fill('09:00');
    await form.getByRole('textbox', { name: 'Duration hours' }).fill('2');
    await form.getByRole('textbox', { name: 'Duration minutes' }).fill('30');
    await visible(form.getByText('09:00–11:30 (2h 30m)'));
    await chooseOption(form.getByRole('combobox', { name: 'Project' }), 'Website');
    // The project's first task: its id is the project's prefix and 1.
    await chooseOption(form.getByRole('combobox', { name: 'Task' }), 'WE-1 Launch');
    await form.getByLabel('Task details').fill('Release notes written offline');
    await chooseOption(form.getByRole('combobox', { name: 'Manager' }), 'Max Manager (Manager)');
    await screenshot(page, 'regularization-form-filled');
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await alertWith(page, 'Request submitted successfully');
    const mine = page.getByRole('region', { name: 'My regularization requests' }).getByRole('table');
    await expect.poll(() => rows(mine)).toEqual([[expect.stringContaining(String(yesterday.day)), '09:00–11:30 (2h 30m)', 'Website', expect.stringContaining('Launch'), 'Max Manager', 'Pending', 'Edit Delete History']]);
    await expectAccessible(page);
    await screenshot(page, 'regularization-requested');

    // Max processes it.
    const manager = await pageOf(max, '/requestsregularization');
    await visible(manager.getByRole('heading', { name: 'Regularization Requests', level: 1 }));
    const toProcess = manager.getByRole('region', { name: 'Regularization requests to process' }).getByRole('table');
    await expect.poll(async () => (await rows(toProcess))[0]?.slice(-2)).toEqual(['Pending', 'Process History']);
    await screenshot(manager, 'regularization-to-process');
    await manager.getByRole('button', { name: /^Process Ana Apollo’s request/ }).click();
    const processDialog = await visible(manager.getByRole('dialog', { name: 'Process Request' }));
    await visible(processDialog.getByText('Release notes written offline'));
    await processDialog.getByLabel('Comment').fill('Thanks for logging it');
    await expectAccessible(manager);
    await screenshot(manager, 'regularization-process-dialog');
    await processDialog.getByRole('button', { name: 'Approve' }).click();
    await alertWith(manager, 'Request approved successfully');
    await expect.poll(async () => (await rows(toProcess))[0]?.slice(-2)).toEqual(['Approved', 'Completed History']);
    await screenshot(manager, 'regularization-approved');

    // Ana sees it approved, final, with its history.
    await expect.poll(async () => (await rows(mine))[0]?.slice(-2)).toEqual(['Approved', 'Completed History']);
    await page.getByRole('button', { name: /^History of the request/ }).click();
    const history = await visible(page.getByRole('dialog', { name: /^History of the request/ }));
    await visible(history.getByText('Max Manager approved'));
    await visible(history.getByText('“Thanks for logging it”'));
    await screenshot(page, 'regularization-history');
    await page.keyboard.press('Escape');

    // The individual dashboard counts the time at once.
    await page.goto(`/dashboard-individual?from=${yesterday}&to=${yesterday}`);
    await expect.poll(async () => (await visible(page.getByRole('region', { name: 'Total Time Tracked', exact: true }).first())).innerText()).toContain('2h 30m');
    await screenshot(page, 'regularization-dashboard');

    // The attendance calendar shows the day present (no punch, so only the time tracked), its time log the manual entry.
    await page.goto(`/userAttendance?month=${month}`);
    const cell = page.getByRole('cell', { name: new RegExp(`^${dayName}\\b`) });
    await visible(cell.filter({ hasText: 'Present Tracked 2h 30m' }));
    expect(await cell.innerText()).not.toContain('Punched');
    await screenshot(page, 'regularization-attendance');
    await cell.getByRole('button').click();
    const day = await visible(page.getByRole('dialog'));
    await expect.poll(() => rows(day.getByRole('region', { name: 'Time Logs' }).getByRole('table'))).toEqual([
      ['Website', 'Launch', '09:00', '11:30', '2h 30m', '0h 00m', '—', 'MANUAL'],
      ['2h 30m', '0h 00m', '0.00', ''],
    ]);
    await visible(day.getByText('Punched: 0h 00m'));
    await visible(day.getByText('Tracked: 2h 30m'));
    await expectAccessible(page);
    await screenshot(page, 'regularization-attendance-day');
    await page.keyboard.press('Escape');

    // The timelog export has the row.
    const exported = await page.request.get(`/api/companies/${companyId}/exports/timelog?from=${month}&userId=${ana.userId}`);
    expect(exported.status()).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(await exported.body()).buffer);
    const sheet = book.worksheets[0];
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values.slice(1).map((row) => row.slice(1, 6))).toEqual([['Website', 'Launch', 'Release notes written offline', 2, 30]]);
  });

  it('refuses time already asked for with the server’s message, and changes and deletes a pending request', async () => {
    const asked = await ana.call('POST', `/api/companies/${companyId}/regularization/requests`, {
      teamId: apollo,
      date: yesterday.toString(),
      startHours: 13,
      startMinutes: 0,
      durationHours: 1,
      durationMinutes: 0,
      projectId,
      taskId,
      assigneeId: max.userId,
    });
    expect(asked.status).toBe(201);
    const page = await pageOf(ana, '/regularization');
    const mine = page.getByRole('region', { name: 'My regularization requests' }).getByRole('table');
    await expect.poll(async () => (await rows(mine)).map((row) => row[1])).toEqual(['13:00–14:00 (1h)', '09:00–11:30 (2h 30m)']);

    // Asking again for 13:30 that day overlaps it: management §8's failure with the rule's message.
    await page.getByRole('button', { name: '+ Add Request' }).click();
    const form = await visible(page.getByRole('dialog', { name: 'Regularization Form' }));
    await pickDay(form.getByRole('button', { name: /^Date/ }), yesterday.toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }));
    await form.getByLabel('Start time').fill('13:30');
    await chooseOption(form.getByRole('combobox', { name: 'Project' }), 'Website');
    await chooseOption(form.getByRole('combobox', { name: 'Task' }), 'WE-1 Launch');
    await chooseOption(form.getByRole('combobox', { name: 'Manager' }), 'Max Manager (Manager)');
    await form.getByRole('button', { name: 'Submit Request' }).click();
    const refused = await alertWith(page, regularizationMessages.overlapsRequest);
    await visible(refused.getByText('Request submission failed'));
    await screenshot(page, 'regularization-overlap-refused');
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Moved to 15:00, it is saved.
    await page.getByRole('button', { name: /^Edit the request for .* at 13:00/ }).click();
    const edit = await visible(page.getByRole('dialog', { name: 'Regularization Form' }));
    await edit.getByLabel('Start time').fill('15:00');
    await edit.getByRole('button', { name: 'Save' }).click();
    await alertWith(page, 'Request Updated successfully');
    await expect.poll(async () => (await rows(mine)).map((row) => row[1])).toEqual(['15:00–16:00 (1h)', '09:00–11:30 (2h 30m)']);

    await page.getByRole('button', { name: /^Delete the request for .* at 15:00/ }).click();
    const confirm = await visible(page.getByRole('dialog', { name: 'Delete Regularization Request' }));
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await alertWith(page, 'Request deleted successfully');
    await expect.poll(async () => (await rows(mine)).map((row) => row[1])).toEqual(['09:00–11:30 (2h 30m)']);
    await screenshot(page, 'regularization-deleted');
  });
});
