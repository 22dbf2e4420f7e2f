import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAttendanceCompany } from '../support/attendance-company.ts';
import type { ApiUser } from '../support/users.ts';
import { expectAccessible } from './support/axe.ts';
import { alertWith, chooseOption, fieldError, screenshot, seededBrowserSuite, signedInPage, visible } from './support/browser.ts';

/*
 * The Export modal (core §2, §5, §8) in Chromium, on the month of punches of
 * tests/support/attendance-company.ts: months picked, Get Data, each file
 * downloaded through the browser's own download and opened with exceljs, the
 * validation messages, a download cancelled while the server prepares it,
 * and the dashboards' Export Data for the team and the person shown.
 */

const suite = seededBrowserSuite(seedAttendanceCompany);
let downloads: string;

beforeAll(async () => {
  downloads = await mkdtemp(path.join(os.tmpdir(), 'timeledger-exports-'));
});

afterAll(async () => {
  if (downloads) await rm(downloads, { recursive: true, force: true });
});

/** A signed-in page in India's calendar, with the company and the user's team chosen. */
const pageOf = (user: ApiUser, path: string) =>
  signedInPage(suite.browser, suite.server, suite.contexts, { email: user.email, path, team: { companyId: suite.seeded.companyId, teamId: user === suite.seeded.bob ? suite.seeded.gemini : suite.seeded.apollo } });

/** Opens the Export modal of the page. */
async function openExport(page: Page): Promise<Locator> {
  await (await visible(page.getByRole('button', { name: 'Export Data' }))).click();
  return visible(page.getByRole('dialog', { name: 'Export Data' }));
}

/** Picks a month in one of the modal's month pickers, e.g. ('From', 'Apr'), in the year it shows. */
async function pickMonth(dialog: Locator, field: 'From' | 'To', month: string): Promise<void> {
  const page = dialog.page();
  await dialog.getByRole('button', { name: new RegExp(`^${field}\\b`) }).click();
  const calendar = await visible(page.getByRole('dialog').filter({ visible: true }).filter({ has: page.getByRole('button', { name: 'Previous year' }) }));
  await calendar.getByRole('button', { name: month, exact: true }).click();
}

/** The files 'Get Data' lists: each row's name and what it holds. */
async function files(dialog: Locator): Promise<string[][]> {
  const table = await visible(dialog.getByRole('table'));
  const rows = await table.getByRole('row').all();
  return Promise.all(rows.slice(1).map(async (row) => (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim())));
}

/** Clicks a download button and saves what the browser downloads. */
async function download(dialog: Locator, button: 'Attendance Data' | 'Timelog Data'): Promise<{ download: Download; book: ExcelJS.Workbook }> {
  const [file] = await Promise.all([dialog.page().waitForEvent('download'), dialog.getByRole('button', { name: button, exact: true }).click()]);
  const saved = path.join(downloads, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(saved);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(saved);
  return { download: file, book };
}

/** A sheet's rows as cell values, the header first. */
function sheetRows(book: ExcelJS.Workbook, name: string): ExcelJS.CellValue[][] {
  const sheet = book.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}: ${book.worksheets.map((s) => s.name).join(', ')}`);
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return rows;
}

describe('the Export modal', () => {
  it('lets a Member get their month’s data and download both files in the browser', async () => {
    const page = await pageOf(suite.seeded.ana, '/userAttendance?month=2026-03');
    const dialog = await openExport(page);
    await visible(dialog.getByText('Member: Ana Apollo'));
    // The months start as the month shown.
    await visible(dialog.getByRole('button', { name: 'From March 2026' }));
    await visible(dialog.getByRole('button', { name: 'To March 2026' }));

    await dialog.getByRole('button', { name: 'Get Data' }).click();
    expect(await files(dialog)).toEqual([
      ['Attendance Inc - Ana Apollo - Mar 2026 - Attendance Data.xlsx', '31 days'],
      ['Attendance Inc - Ana Apollo - Mar 2026 - Timelog Data.xlsx', '3 time entries'],
      ['Attendance Inc - Ana Apollo - Mar 2026 - Working Time Data.xlsx', 'The balance of each person and month'],
    ]);
    await expectAccessible(page);
    await screenshot(page, 'exports-member-summary');

    const attendance = await download(dialog, 'Attendance Data');
    expect(attendance.download.suggestedFilename()).toBe('Attendance Inc - Ana Apollo - Mar 2026 - Attendance Data.xlsx');
    await alertWith(page, 'Successfully downloaded attendance data');
    const days = sheetRows(attendance.book, 'Ana Apollo');
    expect(days[0]).toEqual(['Date', 'Status', 'Punched', 'Tracked', 'Timesheet', 'Punch In', 'Punch Out']);
    expect(days).toHaveLength(1 + 31);
    // Mon 2 March: a real date, its status, its timesheet's, and the punches as times of the day.
    const [date, status, punched, tracked, timesheet, punchIn] = days[2];
    expect(timesheet).toBe('Open');
    expect(date).toBeInstanceOf(Date);
    expect((date as Date).toISOString().slice(0, 10)).toBe('2026-03-02');
    expect(status).toBe('Present');
    // Punched and tracked time as time values (read back as times of 30 December 1899), then the punches.
    for (const time of [punched, tracked]) expect((time as Date).toISOString().slice(0, 10)).toBe('1899-12-30');
    expect(punchIn).toBeInstanceOf(Date);
    expect(days[7][1]).toBe('Week Off');

    const timelog = await download(dialog, 'Timelog Data');
    await alertWith(page, 'Successfully downloaded timelog data');
    const entries = sheetRows(timelog.book, 'Ana Apollo');
    expect(entries[0]).toEqual(['Date', 'Project Name', 'Task Name', 'Task Details', 'Task Hours', 'Task Minutes', 'Idle Minutes', 'Rates($)', 'Total Earnings($)', 'Screen Shot', 'Tracked', 'Idle', 'Timesheet']);
    expect(entries.slice(1).map((row) => row[1])).toEqual(['Moonshot', 'Moonshot', 'Moonshot']);
    await screenshot(page, 'exports-member-downloaded');
  });

  it('says why it cannot get data: no start month, a start after the end', async () => {
    const page = await pageOf(suite.seeded.ana, '/userAttendance?month=2026-03');
    const dialog = await openExport(page);
    // Cleared, the start month is missing.
    await dialog.getByRole('button', { name: 'Clear From' }).click();
    await dialog.getByRole('button', { name: 'Get Data' }).click();
    await expect.poll(() => fieldError(dialog.getByRole('button', { name: /^From/ }))).toBe('Please choose a start Date');
    await screenshot(page, 'exports-no-start');

    await pickMonth(dialog, 'From', 'Apr');
    await dialog.getByRole('button', { name: 'Get Data' }).click();
    await expect.poll(() => fieldError(dialog.getByRole('button', { name: /^To/ }))).toBe('Starting Date cannot be greater than end Date, Please enter valid date !');
    expect(await dialog.getByRole('table').count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'exports-reversed');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'exports-reversed-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // From alone is that whole month.
    await dialog.getByRole('button', { name: 'Clear To' }).click();
    await dialog.getByRole('button', { name: 'Get Data' }).click();
    expect((await files(dialog))[0]).toEqual(['Attendance Inc - Ana Apollo - Apr 2026 - Attendance Data.xlsx', '30 days']);
  });

  it('shows the download being prepared, and Cancel stops it', async () => {
    const page = await pageOf(suite.seeded.ana, '/userAttendance?month=2026-03');
    // The server takes its time over this file: the request waits until the test lets it go.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/exports/attendance?**', async (route) => {
      await held;
      await route.fallback().catch(() => undefined);
    });
    const dialog = await openExport(page);
    await dialog.getByRole('button', { name: 'Get Data' }).click();
    await visible(dialog.getByRole('table'));
    await dialog.getByRole('button', { name: 'Attendance Data', exact: true }).click();
    await visible(dialog.getByRole('status').filter({ hasText: 'Preparing Attendance Data…' }));
    await visible(dialog.getByText('0 KB received'));
    await screenshot(page, 'exports-preparing');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await alertWith(page, 'The download of the attendance data was cancelled.');
    await visible(dialog.getByRole('button', { name: 'Attendance Data', exact: true }));
    expect(await dialog.getByText('Preparing Attendance Data…').count()).toBe(0);
    release();
  });

  it('tells a refused download', async () => {
    const page = await pageOf(suite.seeded.ana, '/userAttendance?month=2026-03');
    await page.route('**/exports/timelog?**', (route) => route.fulfill({ status: 404, json: { statusCode: 404, error: 'Not Found', message: 'No data available' } }));
    const dialog = await openExport(page);
    await dialog.getByRole('button', { name: 'Get Data' }).click();
    await dialog.getByRole('button', { name: 'Timelog Data', exact: true }).click();
    const failure = await alertWith(page, 'Failed to download timelog data');
    await visible(failure.getByText('No data available'));
  });
});

describe('Export Data on the dashboards', () => {
  it('exports the Manager’s team shown, a sheet per person', async () => {
    const page = await pageOf(suite.seeded.manager, '/dashboard-team?from=2026-03-01&to=2026-03-31');
    await visible(page.getByRole('button', { name: 'Export Data' }));
    await screenshot(page, 'exports-team-dashboard');
    const dialog = await openExport(page);
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Team' }).inputValue()).toBe('Apollo');
    await dialog.getByRole('button', { name: 'Get Data' }).click();
    await visible(dialog.getByText('Apollo · Mar 2026 · 2 people'));
    expect(await files(dialog)).toEqual([
      ['Attendance Inc - Apollo - Mar 2026 - Attendance Data.xlsx', '62 days'],
      ['Attendance Inc - Apollo - Mar 2026 - Timelog Data.xlsx', '3 time entries'],
      ['Attendance Inc - Apollo - Mar 2026 - Working Time Data.xlsx', 'The balance of each person and month'],
    ]);
    await screenshot(page, 'exports-team');
    const { book } = await download(dialog, 'Attendance Data');
    expect(book.worksheets.map((sheet) => sheet.name).sort()).toEqual(['Ana Apollo', 'Max Manager']);
  });

  it('asks an Admin shown all teams to choose one', async () => {
    const page = await pageOf(suite.seeded.admin, '/dashboard-team?from=2026-03-01&to=2026-03-31');
    const dialog = await openExport(page);
    await dialog.getByRole('button', { name: 'Get Data' }).click();
    const team = dialog.getByRole('combobox', { name: 'Team' });
    await expect.poll(() => fieldError(team)).toBe('Please choose a member or a team to export.');
    await chooseOption(team, 'Gemini');
    await dialog.getByRole('button', { name: 'Get Data' }).click();
    // Bob, and the Admin, who is on every team and whom an Admin may see.
    await visible(dialog.getByText('Gemini · Mar 2026 · 2 people'));
  });

  it('exports the person of the individual dashboard', async () => {
    const page = await pageOf(suite.seeded.admin, `/dashboard-individual?user=${suite.seeded.bob.userId}&from=2026-03-01&to=2026-03-31`);
    const dialog = await openExport(page);
    await visible(dialog.getByText('Member: Bob Gemini'));
    await dialog.getByRole('button', { name: 'Get Data' }).click();
    expect((await files(dialog))[0]).toEqual(['Attendance Inc - Bob Gemini - Mar 2026 - Attendance Data.xlsx', '31 days']);
  });
});
