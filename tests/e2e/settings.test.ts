import type { Page } from 'playwright-core';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { settingsMessages } from '../../domain/settings/company-settings.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../support/users.ts';
import { alertWith, fieldError, screenshot, seededBrowserSuite, sideMenu, signedInPage, visible, waitForPath } from './support/browser.ts';

/*
 * /manage-settings. Ada Admin created the company and its team Apollo 10
 * days ago; Max Manager manages Apollo and Ana Apollo is its Member. On the
 * last working day before today Ana worked 09:00–13:00 in Kolkata: 4 hours,
 * short of the 8 hour threshold, not of 2.
 */

const ZONE = 'Asia/Kolkata';
const PHONE = { width: 390, height: 844 };

let admin: ApiUser;
let manager: ApiUser;
let ana: ApiUser;
const today = Temporal.Now.plainDateISO(ZONE);
let workday = today.subtract({ days: 1 });
while (workday.dayOfWeek > 5) workday = workday.subtract({ days: 1 });
const at = (day: Temporal.PlainDate, time: string) => new Date(day.toPlainDateTime(time).toZonedDateTime(ZONE).epochMilliseconds);

const suite = seededBrowserSuite(async (server, setClock) => {
  [admin, manager, ana] = await Promise.all([
    signedInUser(server, 'ada@settings.test', 'Ada Admin'),
    signedInUser(server, 'max@settings.test', 'Max Manager'),
    signedInUser(server, 'ana@settings.test', 'Ana Apollo'),
  ]);
  setClock(at(today.subtract({ days: 10 }), '09:00'));
  try {
    const companyId = await createCompany(admin, 'Settings Inc');
    const apollo: string = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Apollo' })).body.teamId;
    await inviteAndAccept(server, admin, companyId, manager, 'Manager', [apollo]);
    await inviteAndAccept(server, admin, companyId, ana, 'Member', [apollo]);
    for (const [direction, time] of [['in', '09:00'], ['out', '13:00']]) {
      setClock(at(workday, time));
      const punched = await ana.call('POST', `/api/companies/${companyId}/punch/${direction}`, { timeZone: ZONE });
      if (punched.status !== 200) throw new Error(`punch ${direction} failed: ${JSON.stringify(punched.body)}`);
    }
  } finally {
    setClock(null);
  }
});

const pageOf = (user: ApiUser, path: string, viewport?: { width: number; height: number }) => signedInPage(suite.browser, suite.server, suite.contexts, { email: user.email, path, viewport });

/** The number under 'Current threshold (hr)'. */
const currentThreshold = (page: Page) => page.getByText('Current threshold (hr)').locator('xpath=following-sibling::*[1]').innerText();
const dayLabel = (day: Temporal.PlainDate) => day.toLocaleString('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });
/** Team attendance's Present, Absent and Working Hrs. Not Completed on Ana's workday (Ana present, Max absent). */
const countsOnWorkday = async (page: Page) => (await page.getByRole('row').filter({ hasText: dayLabel(workday) }).getByRole('cell').allInnerTexts()).slice(2).map((text) => text.trim());

describe('settings', () => {
  it("sets the daily threshold that decides team attendance's 'Working Hrs. Not Completed'", async () => {
    const page = await pageOf(manager, '/team-attendance');
    await expect.poll(() => countsOnWorkday(page)).toEqual(['1', '1', '1']);

    await page.getByRole('navigation', { name: 'Manage' }).getByRole('link', { name: 'Settings' }).click();
    await waitForPath(page, '/manage-settings');
    await visible(page.getByRole('heading', { level: 1, name: 'Settings' }));
    expect(await currentThreshold(page)).toBe('8');
    const threshold = page.getByRole('textbox', { name: 'Threshold (hr)' });
    expect(await threshold.inputValue()).toBe('8');

    await threshold.fill('0.5');
    await page.getByRole('button', { name: 'Update Threshold' }).click();
    expect(await fieldError(threshold)).toBe(settingsMessages.thresholdInvalid);

    await threshold.fill('2');
    await page.getByRole('button', { name: 'Update Threshold' }).click();
    await alertWith(page, 'Threshold updated successfully');
    await expect.poll(() => currentThreshold(page)).toBe('2');
    await screenshot(page, 'settings-threshold');

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Team Attendance' }).click();
    await expect.poll(() => countsOnWorkday(page)).toEqual(['1', '1', '0']);
    await screenshot(page, 'settings-team-attendance-after');
  });

  it('keeps the screenshots checkbox', async () => {
    const page = await pageOf(manager, '/manage-settings');
    const box = await visible(page.getByRole('checkbox', { name: 'Enable screenshots' }));
    expect(await box.isChecked()).toBe(false);
    await box.click();
    await alertWith(page, 'Screenshots enabled');
    await page.reload();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Enable screenshots' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'Enable screenshots' }).click();
    await alertWith(page, 'Screenshots disabled');
    await expect.poll(() => page.getByRole('checkbox', { name: 'Enable screenshots' }).isChecked()).toBe(false);
  });

  it('lets an Admin choose how long screenshots are kept and see the storage they take; the others read how long', async () => {
    const page = await pageOf(admin, '/manage-settings');
    const keep = await visible(page.getByRole('combobox', { name: 'Keep screenshots' }));
    expect(await keep.inputValue()).toBe('90 days');
    await visible(page.getByText('Screenshots use 0 KB of 5 GB'));
    await keep.click();
    await page.getByRole('option', { name: '30 days' }).click();
    await alertWith(page, 'Screenshot retention updated');
    await expect.poll(() => page.getByRole('combobox', { name: 'Keep screenshots' }).inputValue()).toBe('30 days');
    await screenshot(page, 'settings-screenshot-retention');

    const managerPage = await pageOf(manager, '/manage-settings');
    await visible(managerPage.getByText('Screenshots are kept for 30 days.'));
    expect(await managerPage.getByText(/Screenshots use/).count()).toBe(0);
    expect(await managerPage.getByRole('combobox', { name: 'Keep screenshots' }).count()).toBe(0);
  });

  it('asks for the screenshots storage together with the settings, not after them', async () => {
    const page = await pageOf(admin, '/profile');
    let storageAsked: () => void = () => undefined;
    const storage = new Promise<void>((resolve) => (storageAsked = resolve));
    await page.route(/\/settings\/screenshot-storage$/, async (route) => {
      storageAsked();
      await route.continue();
    });
    // The settings answer only once the storage is asked for: a page asking for it after them would wait for ever.
    await page.route(/\/api\/companies\/[^/]+\/settings$/, async (route) => {
      await storage;
      await route.continue();
    });
    await page.goto('/manage-settings');
    await visible(page.getByText('Screenshots use 0 KB of 5 GB'));
  });

  it("lets an Admin configure the year's paid leave, which the others see", async () => {
    const managerPage = await pageOf(manager, '/manage-settings');
    await visible(managerPage.getByText('No leave policy configured yet'));
    await visible(managerPage.getByText(/Please contact your administrator/));
    expect(await managerPage.getByRole('button', { name: 'Configure Leave Policy' }).count()).toBe(0);

    const page = await pageOf(admin, '/manage-settings');
    await visible(page.getByText('No leave policy configured yet'));
    await page.getByRole('button', { name: 'Configure Leave Policy' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Annual Leave Policy Configuration' }));
    expect(await dialog.getByRole('combobox', { name: 'Year' }).inputValue()).toBe(String(today.year));
    const days = dialog.getByRole('textbox', { name: 'Paid leave days' });
    await days.fill('400');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await fieldError(days)).toContain(settingsMessages.paidLeaveDaysInvalid);
    await screenshot(page, 'settings-leave-policy-modal');

    await days.fill('12');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await alertWith(page, 'Leave policy updated successfully');
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: String(today.year) });
    expect((await row.getByRole('cell').allInnerTexts()).slice(0, 3)).toEqual([String(today.year), '12', 'Ada Admin']);
    await screenshot(page, 'settings-leave-policy');

    // The manager's open page shows it without a reload.
    await visible(managerPage.getByRole('row').filter({ hasText: String(today.year) }).getByRole('cell', { name: '12', exact: true }));

    // Opening again starts from the year's days; a failure is told.
    await page.getByRole('button', { name: 'Configure Leave Policy' }).click();
    await visible(dialog);
    expect(await days.inputValue()).toBe('12');
    await page.route('**/leave-policies/**', (route) => route.fulfill({ status: 503, json: { statusCode: 503, error: 'unavailable', message: 'The server is busy' } }));
    await days.fill('14');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await alertWith(page, 'Failed to update leave policy');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'settings-leave-policy-failed-dark');
  });

  it('lets an Admin choose how timesheet periods are cut, from the next period on; the others read it', async () => {
    const page = await pageOf(admin, '/manage-settings');
    await visible(page.getByText('Timesheets are weekly, starting on Monday.'));
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Every two weeks' }).click();
    await page.getByRole('combobox', { name: 'Starts on' }).click();
    await page.getByRole('option', { name: 'Wednesday' }).click();
    await page.getByRole('button', { name: 'Save Period' }).click();
    await alertWith(page, 'Timesheet period updated: it applies from the next period');
    // The week holding today ends on Sunday: the change applies from the Monday after it.
    const nextMonday = today.add({ days: 8 - today.dayOfWeek });
    await visible(page.getByText(`From ${dayLabel(nextMonday)}: every two weeks, starting on Wednesday.`));
    await visible(page.getByText('Timesheets are weekly, starting on Monday.'));
    await screenshot(page, 'settings-timesheet-periods');

    const managerPage = await pageOf(manager, '/manage-settings');
    await visible(managerPage.getByText(`From ${dayLabel(nextMonday)}: every two weeks, starting on Wednesday.`));
    expect(await managerPage.getByRole('combobox', { name: 'Period' }).count()).toBe(0);
  });

  it('lets an Admin choose when timesheet reminders go out, or turn them off; the others read it', async () => {
    const page = await pageOf(admin, '/manage-settings');
    const managerPage = await pageOf(manager, '/manage-settings');
    await visible(managerPage.getByText('Reminders go out 2 days after a period ends.'));
    expect(await managerPage.getByRole('combobox', { name: 'Send reminders' }).count()).toBe(0);
    const reminders = () => page.getByRole('combobox', { name: 'Send reminders' });
    expect(await (await visible(reminders())).inputValue()).toBe('2 days after a period ends');

    await reminders().click();
    await page.getByRole('option', { name: 'Off' }).click();
    await alertWith(page, 'Timesheet reminders updated');
    await expect.poll(() => reminders().inputValue()).toBe('Off');
    // The manager's open page shows it without a reload.
    await visible(managerPage.getByText('Reminders are off.'));

    await reminders().click();
    await page.getByRole('option', { name: 'The day after a period ends' }).click();
    await alertWith(page, 'Timesheet reminders updated');
    await visible(managerPage.getByText('Reminders go out the day after a period ends.'));
    await screenshot(page, 'settings-timesheet-reminders');
  });

  it('is not offered to a Member', async () => {
    const page = await pageOf(ana, '/dashboard-individual');
    await visible(page.getByRole('navigation', { name: 'Manage' }));
    expect((await sideMenu(page)).Manage).not.toContain('Settings');
    await page.goto('/manage-settings');
    await visible(page.getByText('You do not have access to this page'));
  });

  it('fits a phone and reads in the dark', async () => {
    const page = await pageOf(admin, '/manage-settings', PHONE);
    await visible(page.getByRole('checkbox', { name: 'Enable screenshots' }));
    await visible(page.getByText(/^Screenshots use /));
    await visible(page.getByRole('combobox', { name: 'Send reminders' }));
    await visible(page.getByRole('table').first());
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await screenshot(page, 'settings-phone');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'settings-phone-dark');
  });
});
