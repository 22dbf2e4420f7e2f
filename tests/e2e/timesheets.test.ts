import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../support/users.ts';
import { expectAccessible } from './support/axe.ts';
import { alertWith, chooseOption, screenshot, seededBrowserSuite, signedInPage, visible } from './support/browser.ts';

/*
 * Timesheets in Chromium, the whole story: Ana Apollo (a Member, in Kolkata)
 * tracked two hours a day last week, Monday to Friday; Cy and Dee an hour on
 * its Monday. Ana submits her week to Max Manager, who rejects it (Friday
 * afternoon is missing); she asks for the missing hour, Max approves that
 * request, she submits again, and Max approves her week with Cy's and Dee's
 * in one go. The desktop agent's late batch for the week is then refused, and
 * Ada Admin reopens Ana's week with a reason.
 */

const ZONE = 'Asia/Kolkata';
const PHONE = { width: 390, height: 844 };
const today = Temporal.Now.plainDateISO(ZONE);
/** Last week's Monday: the latest weekly period that has ended. */
const monday = today.subtract({ days: today.dayOfWeek - 1 + 7 });
const dayOfWeek = (index: number) => monday.add({ days: index });
const at = (day: Temporal.PlainDate, time: string) => new Date(day.toPlainDateTime(time).toZonedDateTime(ZONE).epochMilliseconds);
const periodName = `${monday.day} ${monday.toLocaleString('en-GB', { month: 'short' })} – ${dayOfWeek(6).day} ${dayOfWeek(6).toLocaleString('en-GB', { month: 'short' })} ${dayOfWeek(6).year}`;

let companyId: string;
let apollo: string;
let projectId: string;
let taskId: string;
let ada: ApiUser;
let max: ApiUser;
let ana: ApiUser;
let cy: ApiUser;
let dee: ApiUser;

const suite = seededBrowserSuite(async (server, setClock) => {
  [ada, max, ana, cy, dee] = await Promise.all(
    [
      ['ada', 'Ada Admin'],
      ['max', 'Max Manager'],
      ['ana', 'Ana Apollo'],
      ['cy', 'Cy Apollo'],
      ['dee', 'Dee Apollo'],
    ].map(([name, full]) => signedInUser(server, `${name}@timesheets.test`, full)),
  );
  setClock(at(monday.subtract({ days: 7 }), '09:00'));
  try {
    companyId = await createCompany(ada, 'Timesheets Inc');
    const path = (rest: string) => `/api/companies/${companyId}${rest}`;
    apollo = (await ada.call('POST', path('/teams'), { name: 'Apollo' })).body.teamId;
    await inviteAndAccept(server, ada, companyId, max, 'Manager', [apollo]);
    for (const member of [ana, cy, dee]) await inviteAndAccept(server, ada, companyId, member, 'Member', [apollo]);
    projectId = (await ada.call('POST', path('/projects'), { name: 'Website' })).body.projectId;
    const task = async (title: string, assignee: ApiUser): Promise<string> =>
      (await ada.call('POST', path('/tasks'), { projectId, title, description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: assignee.userId })).body.taskId;
    taskId = await task('Launch', ana);
    const tasks = new Map([[ana, taskId], [cy, await task('Docs', cy)], [dee, await task('Tests', dee)]]);
    const track = async (person: ApiUser, day: Temporal.PlainDate, from: string, to: string) => {
      const steps: [string, string, unknown][] = [
        [from, '/punch/in', { timeZone: ZONE }],
        [from, '/timer/start', { teamId: apollo, projectId, taskId: tasks.get(person), timeZone: ZONE }],
        [to, '/timer/stop', {}],
        [to, '/punch/out', { timeZone: ZONE }],
      ];
      for (const [time, route, body] of steps) {
        setClock(at(day, time));
        const answer = await person.call('POST', path(route), body);
        if (answer.status !== 200) throw new Error(`${route} failed: ${JSON.stringify(answer.body)}`);
      }
    };
    for (let index = 0; index < 5; index++) await track(ana, dayOfWeek(index), '09:00', '11:00');
    await track(cy, monday, '10:00', '11:00');
    await track(dee, monday, '10:00', '11:00');
  } finally {
    setClock(null);
  }
});

const pageOf = (user: ApiUser, path: string, viewport?: { width: number; height: number }) =>
  signedInPage(suite.browser, suite.server, suite.contexts, { email: user.email, path, viewport, team: { companyId, teamId: apollo } });
const api = (user: ApiUser, method: string, rest: string, body?: unknown) => user.call(method, `/api/companies/${companyId}${rest}`, body);

describe('timesheets', () => {
  it('are submitted, rejected with a reason, corrected and submitted again', async () => {
    // Ana's week: two hours a day on Website / Launch.
    const sheet = await pageOf(ana, `/timesheet?day=${monday}`);
    await visible(sheet.getByRole('heading', { name: 'Timesheet', level: 1 }));
    await visible(sheet.getByText(`Ana Apollo · ${periodName}`));
    const grid = sheet.getByRole('table', { name: 'Time by task and day' });
    await expect.poll(async () => (await grid.getByRole('row').filter({ hasText: 'Launch' }).locator('th, td').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
      'Website Launch', '2h 00m', '2h 00m', '2h 00m', '2h 00m', '2h 00m', '–', '–', '10h 00m',
    ]);
    await visible(sheet.getByText('Open', { exact: true }));
    await expectAccessible(sheet);
    await screenshot(sheet, 'timesheet-open');

    await sheet.getByRole('button', { name: 'Submit', exact: true }).click();
    const form = await visible(sheet.getByRole('dialog', { name: 'Submit timesheet' }));
    await chooseOption(form.getByRole('combobox', { name: 'Approver' }), 'Max Manager (Manager)');
    await form.getByLabel('Note (optional)').fill('A quiet week');
    await expectAccessible(sheet);
    await form.getByRole('button', { name: 'Submit', exact: true }).click();
    await alertWith(sheet, 'Timesheet submitted for approval');
    await visible(sheet.getByText('Waiting for Max Manager'));
    for (const member of [cy, dee]) expect((await api(member, 'POST', `/timesheets/${monday}/submit`, { approverId: max.userId, note: '' })).status).toBe(200);

    // Max rejects Ana's week with a reason.
    const approvals = await pageOf(max, '/timesheets');
    await visible(approvals.getByRole('heading', { name: 'Timesheet approvals', level: 1 }));
    await visible(approvals.getByText(periodName));
    const table = approvals.getByRole('table');
    await expect.poll(async () => (await table.getByRole('row').filter({ hasText: 'Submitted' }).count())).toBe(3);
    await expectAccessible(approvals);
    await screenshot(approvals, 'timesheets-waiting');
    await approvals.getByRole('button', { name: 'Reject Ana Apollo' }).click();
    const rejecting = await visible(approvals.getByRole('dialog', { name: 'Reject Ana Apollo’s timesheet' }));
    await rejecting.getByRole('button', { name: 'Reject' }).click();
    await visible(rejecting.getByText('Please give a reason.'));
    await rejecting.getByLabel('Reason').fill('Friday afternoon is missing');
    await rejecting.getByRole('button', { name: 'Reject' }).click();
    await alertWith(approvals, 'Timesheet rejected');

    // Ana reads why, asks for the missing hour, Max approves it, and she submits again.
    await visible(sheet.getByText('Friday afternoon is missing'));
    await visible(sheet.getByText('Rejected by Max Manager'));
    await expectAccessible(sheet);
    await screenshot(sheet, 'timesheet-rejected');
    const friday = dayOfWeek(4).toString();
    const asked = await api(ana, 'POST', '/regularization/requests', {
      teamId: apollo, date: friday, startHours: 14, startMinutes: 0, durationHours: 1, durationMinutes: 0, projectId, taskId, assigneeId: max.userId, timeZone: ZONE,
    });
    expect(asked.status).toBe(201);
    expect((await api(max, 'POST', `/regularization/requests/${asked.body.requestId}/approve`, { comment: 'Fine' })).status).toBe(200);
    await sheet.reload();
    await expect.poll(async () => (await grid.getByRole('row').filter({ hasText: 'Launch' }).locator('td').last().innerText()).trim()).toBe('11h 00m');
    await sheet.getByRole('button', { name: 'Submit again' }).click();
    const again = await visible(sheet.getByRole('dialog', { name: 'Submit timesheet' }));
    await again.getByRole('button', { name: 'Submit', exact: true }).click();
    await alertWith(sheet, 'Timesheet submitted for approval');
  });

  it('are approved in bulk, and locked', async () => {
    // Max approves the three weeks at once (once his page shows Ana's sent again); each is locked.
    const sheet = await pageOf(ana, `/timesheet?day=${monday}`);
    const approvals = await pageOf(max, '/timesheets');
    await visible(approvals.getByRole('heading', { name: 'Timesheet approvals', level: 1 }));
    const table = approvals.getByRole('table');
    await expect.poll(async () => (await table.getByRole('row').filter({ hasText: 'Submitted' }).count())).toBe(3);
    await approvals.getByLabel('Select all waiting for me').check();
    await approvals.getByRole('button', { name: 'Approve selected (3)' }).click();
    await alertWith(approvals, '3 timesheets approved');
    await expect.poll(async () => (await table.getByRole('row').filter({ hasText: 'Approved · locked' }).count())).toBe(3);
    await expect.poll(async () => (await table.getByRole('row').filter({ hasText: 'Ana Apollo' }).innerText()).includes('11h 00m')).toBe(true);
    await screenshot(approvals, 'timesheets-approved');
    await visible(sheet.getByText('Approved · locked'));

    // The time log export of Ana's month, approved timesheets only: her week's rows, each 'Approved'.
    const attendancePage = await pageOf(max, `/userAttendance?user=${ana.userId}&month=${monday.toString().slice(0, 7)}`);
    // Her calendar marks the week's days locked.
    await expect.poll(() => attendancePage.getByText('Locked: timesheet approved').count()).toBe(monday.month === dayOfWeek(6).month ? 7 : monday.daysInMonth - monday.day + 1);
    await expectAccessible(attendancePage);
    await screenshot(attendancePage, 'timesheet-calendar-locked');
    // So do her dashboard's days, and the team dashboard's rows tell her week approved.
    const week = `from=${monday}&to=${dayOfWeek(6)}`;
    const herDashboard = await pageOf(max, `/dashboard-individual?user=${ana.userId}&${week}`);
    await visible(herDashboard.getByText('Approved · locked'));
    await expect.poll(() => herDashboard.getByRole('img', { name: 'Locked: timesheet approved' }).count()).toBe(7);
    await screenshot(herDashboard, 'timesheet-dashboard-locked');
    const teamDashboard = await pageOf(max, `/dashboard-team?${week}`);
    await visible(teamDashboard.getByText('Approved · locked').first());
    await expectAccessible(teamDashboard);
    await screenshot(teamDashboard, 'timesheet-team-dashboard');
    await (await visible(attendancePage.getByRole('button', { name: 'Export Data' }))).click();
    const exporting = await visible(attendancePage.getByRole('dialog', { name: 'Export Data' }));
    await exporting.getByLabel('Approved timesheets only').check();
    await exporting.getByRole('button', { name: 'Get Data' }).click();
    const [file] = await Promise.all([attendancePage.waitForEvent('download'), (await visible(exporting.getByRole('button', { name: 'Timelog Data', exact: true }))).click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await file.path())!) as unknown as ExcelJS.Buffer);
    const timelog = book.worksheets[0];
    const header = (timelog.getRow(1).values as unknown[]).slice(1);
    const statuses = Array.from({ length: timelog.rowCount - 1 }, (_, i) => (timelog.getRow(i + 2).values as unknown[])[header.indexOf('Timesheet') + 1]);
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Approved']));
    await screenshot(attendancePage, 'timesheet-export-approved-only');

    // The agent's batch for Wednesday, sent late, is refused; the week's figures stay as approved.
    const late = await api(ana, 'POST', '/app-usage', {
      batchId: 'late-wednesday',
      samples: [{ application: 'Figma', windowTitle: null, start: at(dayOfWeek(2), '09:30').toISOString(), seconds: 60, idle: false }],
    });
    expect(late).toMatchObject({ status: 409, body: { message: `The timesheet for ${periodName} is approved and locked, so its time cannot change. An Admin can reopen it.` } });

  });

  it('are reopened by an Admin, every decision in the history and the activity log', async () => {
    // Ada reopens Ana's week.
    const sheet = await pageOf(ana, `/timesheet?day=${monday}`);
    await visible(sheet.getByText('Approved · locked'));
    const admin = await pageOf(ada, `/timesheets?day=${monday}`);
    await admin.getByRole('button', { name: 'Reopen Ana Apollo' }).click();
    const reopening = await visible(admin.getByRole('dialog', { name: 'Reopen Ana Apollo’s timesheet' }));
    await reopening.getByLabel('Reason').fill('Payroll correction');
    await reopening.getByRole('button', { name: 'Reopen' }).click();
    await alertWith(admin, 'Timesheet reopened');
    await visible(sheet.getByText('Reopened by Ada Admin'));

    // Every decision is in the timesheet's history and in the activity log.
    await sheet.getByRole('button', { name: 'History' }).click();
    const history = await visible(sheet.getByRole('dialog', { name: `History of Ana Apollo’s timesheet, ${periodName}` }));
    const decisions = ['submitted it to Max Manager', 'rejected it', 'submitted it to Max Manager', 'approved it: 11h 00m tracked, 1h 00m manual, 0h 00m idle', 'reopened it'];
    await expect.poll(async () => (await history.innerText()).split('\n').filter((line) => decisions.some((decision) => line.endsWith(decision)))).toEqual([
      'Ana Apollo submitted it to Max Manager',
      'Max Manager rejected it',
      'Ana Apollo submitted it to Max Manager',
      'Max Manager approved it: 11h 00m tracked, 1h 00m manual, 0h 00m idle',
      'Ada Admin reopened it',
    ]);
    await visible(history.getByText('“Friday afternoon is missing”'));
    await expectAccessible(sheet);
    await screenshot(sheet, 'timesheet-history');
    const log = await pageOf(ada, '/v2/activity-log');
    await visible(log.getByText(`Max Manager approved Ana Apollo's timesheet for ${periodName} (11h tracked)`));
    await visible(log.getByText(`Ada Admin reopened Ana Apollo's timesheet for ${periodName}: Payroll correction`));
  });

  it('fit a phone: a card per day, the approvals as cards', async () => {
    const sheet = await pageOf(ana, `/timesheet?day=${monday}`, PHONE);
    await visible(sheet.getByRole('list', { name: 'Time by day' }));
    await expectAccessible(sheet);
    await screenshot(sheet, 'timesheet-phone');
    const approvals = await pageOf(max, `/timesheets?day=${monday}`, PHONE);
    await visible(approvals.getByText('Cy Apollo'));
    await expectAccessible(approvals);
    await screenshot(approvals, 'timesheets-phone');
  });
});
