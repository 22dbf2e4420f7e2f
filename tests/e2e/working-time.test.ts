import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../support/users.ts';
import { screenshot, seededBrowserSuite, signedInPage, visible } from './support/browser.ts';

/*
 * Working time in Chromium: Ana Apollo (a Member, in Kolkata) joined nine
 * days ago and tracked two hours on each weekday of the first three. Ada
 * Admin gives her a part-time contract from today and the company a holiday
 * today; Ana's /working-time shows the day without a target, the holiday,
 * and the balance the targets and her time make.
 */

const ZONE = 'Asia/Kolkata';
const today = Temporal.Now.plainDateISO(ZONE);
const joined = today.subtract({ days: 9 });
const at = (day: Temporal.PlainDate, time: string) => new Date(day.toPlainDateTime(time).toZonedDateTime(ZONE).epochMilliseconds);
/** The days Ana tracked on: the weekdays of her first three. */
const tracked = [0, 1, 2].map((offset) => joined.add({ days: offset })).filter((day) => day.dayOfWeek <= 5);
/** How the pages name a day, and the date picker's button for it. */
const named = (day: Temporal.PlainDate) => day.toLocaleString('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });
const pickerLabel = (day: Temporal.PlainDate) => day.toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

let companyId: string;
let ada: ApiUser;
let ana: ApiUser;

const suite = seededBrowserSuite(async (server, setClock) => {
  [ada, ana] = await Promise.all([signedInUser(server, 'ada@working-time.test', 'Ada Admin'), signedInUser(server, 'ana@working-time.test', 'Ana Apollo')]);
  setClock(at(joined, '08:00'));
  try {
    companyId = await createCompany(ada, 'Working Time Inc');
    const path = (rest: string) => `/api/companies/${companyId}${rest}`;
    const apollo = (await ada.call('POST', path('/teams'), { name: 'Apollo' })).body.teamId;
    await inviteAndAccept(server, ada, companyId, ana, 'Member', [apollo]);
    const projectId = (await ada.call('POST', path('/projects'), { name: 'Website' })).body.projectId;
    const taskId = (await ada.call('POST', path('/tasks'), { projectId, title: 'Launch', description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: ana.userId })).body.taskId;
    for (const day of tracked) {
      for (const [time, route, body] of [
        ['09:00', '/punch/in', { timeZone: ZONE }],
        ['09:00', '/timer/start', { teamId: apollo, projectId, taskId, timeZone: ZONE }],
        ['11:00', '/timer/stop', {}],
        ['11:00', '/punch/out', { timeZone: ZONE }],
      ] as const) {
        setClock(at(day, time));
        const answer = await ana.call('POST', path(route), body);
        if (answer.status !== 200) throw new Error(`${route} failed: ${JSON.stringify(answer.body)}`);
      }
    }
  } finally {
    setClock(null);
  }
});

/** What the balance must be: 2 h on each tracked day, 8 h asked of each weekday before today, nothing of today (a holiday). */
function expectedBalance(): string {
  let minutes = tracked.length * 120;
  for (let day = joined; Temporal.PlainDate.compare(day, today) < 0; day = day.add({ days: 1 })) if (day.dayOfWeek <= 5) minutes -= 480;
  return balanceText(minutes);
}

/** Minutes as the pages show a balance: "−46h 00m". */
function balanceText(minutes: number): string {
  const size = Math.abs(minutes);
  const text = `${Math.floor(size / 60)}h ${String(size % 60).padStart(2, '0')}m`;
  return minutes > 0 ? `+${text}` : minutes < 0 ? `−${text}` : text;
}

describe('working time', () => {
  it('lets an Admin set a part-time contract and a company holiday', async () => {
    const { browser, server, contexts } = suite;
    // From Ana's row of the Members tab to her Working Time page.
    const admin = await signedInPage(browser, server, contexts, { email: ada.email, path: '/manage-teams?tab=members' });
    await (await visible(admin.getByRole('link', { name: 'Contract of Ana Apollo' }))).click();
    await visible(admin.getByRole('heading', { level: 1, name: 'Working Time' }));
    await visible(admin.getByText(/^Ana Apollo · /));
    await visible(admin.getByText('No contract: the company’s working days and daily target apply.'));

    // A contract from today: 6 hours Monday to Thursday, and 5 on today's weekday, so today's target shows it.
    await admin.getByRole('button', { name: 'Set contract' }).click();
    const dialog = await visible(admin.getByRole('dialog', { name: 'Contract of Ana Apollo' }));
    const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
    for (const [index, name] of weekdays.entries()) {
      const hours = index + 1 === today.dayOfWeek ? '5' : index < 4 ? '6' : '0';
      await dialog.getByRole('textbox', { name, exact: true }).fill(hours);
    }
    await screenshot(admin, 'working-time-contract');
    await dialog.getByRole('button', { name: 'Save contract' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(admin.getByText(`From ${named(today)}, open-ended`));
    const todayRow = admin.getByRole('table', { name: 'Days' }).getByRole('row').filter({ hasText: named(today) });
    await expect.poll(async () => (await todayRow.getByRole('cell').allInnerTexts())[1]).toBe('5h 00m');

    // The Admin sees the balances of the company's people below, Ana's among them.
    await visible(admin.getByRole('table', { name: 'Balances' }).getByRole('link', { name: 'Ana Apollo' }));

    // A company holiday today, on the settings page.
    await admin.goto('/manage-settings');
    const holidays = await visible(admin.getByRole('region', { name: `Holidays ${today.year}` }));
    await holidays.getByRole('button', { name: 'Day', exact: true }).click();
    const picker = await visible(admin.getByRole('dialog').filter({ visible: true }).filter({ has: admin.getByRole('button', { name: 'Next month' }) }));
    await picker.getByRole('button', { name: pickerLabel(today), exact: true }).click();
    await holidays.getByRole('textbox', { name: 'Holiday name' }).fill('Founders Day');
    await holidays.getByRole('button', { name: 'Add holiday' }).click();
    await visible(holidays.getByText(`${named(today)}: Founders Day`));
    await screenshot(admin, 'working-time-settings');

  });

  it('counts them in the Member’s working time, calendar, export and dashboard, all agreeing', async () => {
    const { browser, server, contexts } = suite;
    // Ana's own page: today has no target, shows the holiday, and the balance is her time against the targets.
    const member = await signedInPage(browser, server, contexts, { email: ana.email, path: '/working-time' });
    await visible(member.getByRole('heading', { level: 1, name: 'Working Time' }));
    const row = member.getByRole('table', { name: 'Days' }).getByRole('row').filter({ hasText: named(today) });
    await visible(row.getByText('Holiday: Founders Day'));
    expect((await row.getByRole('cell').allInnerTexts())[1]).toBe('0h 00m');
    await visible(member.getByRole('region', { name: /^Holidays in / }).getByText(`${named(today)}: Founders Day (company holiday)`));
    await visible(member.getByText(`Balance on ${named(today)}`).locator('..').getByText(expectedBalance(), { exact: true }));
    await visible(member.getByRole('img', { name: 'Balance at the end of each month of the year' }));
    // Members see their contract, and cannot change it.
    await visible(member.getByText(`From ${named(today)}, open-ended`));
    expect(await member.getByRole('button', { name: 'Set contract' }).count()).toBe(0);
    await screenshot(member, 'working-time-member');

    // The export's Working time sheet: this month's row ends on the same balance.
    await member.getByRole('button', { name: 'Export Data' }).click();
    const exporting = await visible(member.getByRole('dialog', { name: 'Export Data' }));
    await exporting.getByRole('button', { name: 'Get Data' }).click();
    const [file] = await Promise.all([member.waitForEvent('download'), (await visible(exporting.getByRole('button', { name: 'Working Time Data', exact: true }))).click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await file.path())!) as unknown as ArrayBuffer);
    const rows: ExcelJS.CellValue[][] = [];
    book.getWorksheet('Working time')!.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    const thisMonth = rows.find((row) => row[1] === today.toString().slice(0, 7))!;
    // A time cell reads back as a date from Excel's epoch: days since 30 Dec 1899.
    const minutes = (cell: ExcelJS.CellValue) => Math.round((cell instanceof Date ? cell.getTime() / 86_400_000 + 25_569 : Number(cell)) * 1440);
    expect(balanceText(minutes(thisMonth[8]))).toBe(expectedBalance());
    await member.keyboard.press('Escape');

    // The attendance calendar shows the holiday, with its own count.
    await member.goto('/userAttendance');
    await visible(member.getByRole('region', { name: 'Calendar' }).getByText('Founders Day').first());
    await visible(member.getByRole('region', { name: 'Holiday', exact: true }).getByText('1', { exact: true }));
    await screenshot(member, 'working-time-calendar');

    // The individual dashboard's Balance card shows the same figure.
    await member.goto('/dashboard-individual');
    await visible(member.getByRole('region', { name: 'Balance' }).getByText(expectedBalance(), { exact: true }));
  });
});
