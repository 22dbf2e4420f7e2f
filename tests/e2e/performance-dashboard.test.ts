import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedTrackedCompany } from '../support/tracked-company.ts';
import type { ApiUser } from '../support/users.ts';
import { expectAccessible } from './support/axe.ts';
import { alertWith, screenshot, seededBrowserSuite, signedInPage, sideMenu, visible } from './support/browser.ts';

/*
 * The performance dashboard on time tracked over the API
 * (tests/support/tracked-company.ts), as an Admin and a Manager, and
 * 'Request Monitoring' through to the mail.
 */

const suite = seededBrowserSuite(seedTrackedCompany);

/** Monday 2 to Sunday 8 March 2026: Ana's 5 hours, 10 minutes of them idle. */
const MARCH_WEEK = 'from=2026-03-02&to=2026-03-08';

const pageOf = (user: ApiUser, path: string, viewport?: { width: number; height: number }) =>
  signedInPage(suite.browser, suite.server, suite.contexts, { email: user.email, path, team: { companyId: suite.seeded.companyId, teamId: suite.seeded.apollo }, viewport });

/** The big figure of an overview card. */
const card = async (page: Page, title: string) => (await visible(page.getByRole('region', { name: title, exact: true }).first())).innerText();

/** The cells of a person's row of the People table. */
async function rowOf(page: Page, name: string): Promise<string[]> {
  const row = page.getByRole('region', { name: 'People' }).getByRole('row').filter({ hasText: name });
  await visible(row);
  return (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
}

describe('performance dashboard', () => {
  it('shows an Admin each person’s hours and utilization from the tracked time, in light, dark and on a phone', async () => {
    const page = await pageOf(suite.seeded.admin, `/v2/performance-dashboard?${MARCH_WEEK}`);
    await expect.poll(() => card(page, 'Work Hours')).toContain('5h 00m');
    // The parts add up to the work hours, and their shares to 100%.
    expect(await card(page, 'Productive Hours')).toContain('4h 50m');
    expect(await card(page, 'Productive Hours')).toContain('96.7% of work hours');
    expect(await card(page, 'Idle Hours')).toContain('0h 10m');
    expect(await card(page, 'Idle Hours')).toContain('3.3% of work hours');
    expect(await card(page, 'Unproductive Hours')).toContain('0h 00m');
    expect(await card(page, 'Unproductive Hours')).toContain('0% of work hours');
    // 5 hours of 5 people's 40 each.
    expect(await card(page, 'Utilization')).toContain('2.5%');
    expect(await card(page, 'Utilization')).toContain('5 people × 5 working days × 8h 00m');
    // The March week has ended, and nobody submitted it.
    expect(await rowOf(page, 'Ana Apollo')).toEqual(['Ana Apollo', '5h 00m', '4h 50m', '0h 10m', '0h 00m', '12.5%', 'No data', 'Open', 'Request Monitoring']);
    expect((await rowOf(page, 'Ada Admin')).slice(-1)).toEqual(['']);
    await visible(page.getByRole('img', { name: 'Productive, unproductive and idle hours per person' }));
    expect((await sideMenu(page)).Dashboard).toContain('Performance');
    await screenshot(page, 'performance-admin');

    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'performance-admin-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    const phone = await pageOf(suite.seeded.admin, `/v2/performance-dashboard?${MARCH_WEEK}`, { width: 390, height: 844 });
    await expect.poll(() => card(phone, 'Work Hours')).toContain('5h 00m');
    await screenshot(phone, 'performance-admin-phone');
  });

  it('asks a person to enable the desktop agent: dialog, note, notification and the mail', async () => {
    const page = await pageOf(suite.seeded.admin, `/v2/performance-dashboard?${MARCH_WEEK}`);
    await page.getByRole('button', { name: 'Request Monitoring from Ivy Idle' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Request Monitoring' }));
    await visible(dialog.getByText('Ivy Idle'));
    await dialog.getByLabel('Message').fill('Please install the agent before Monday.');
    await expectAccessible(page);
    await screenshot(page, 'performance-request-monitoring');
    const before = suite.server.mailbox.received.length;
    await dialog.getByRole('button', { name: 'Send' }).click();
    await alertWith(page, 'Monitoring request sent');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await suite.server.mailbox.linkTo(suite.seeded.idle.email, '/profile', before)).toBe(`${suite.server.url}/profile`);

    // Again within 24 hours: the server's reason, and the dialog stays open.
    await page.getByRole('button', { name: 'Request Monitoring from Ivy Idle' }).click();
    await page.getByRole('dialog', { name: 'Request Monitoring' }).getByRole('button', { name: 'Send' }).click();
    await alertWith(page, 'Monitoring was already requested from this person in the last 24 hours.');
    await visible(page.getByRole('dialog', { name: 'Request Monitoring' }));
  });

  it('shows a Manager their team only, with the range picked from the presets', async () => {
    const page = await pageOf(suite.seeded.manager, '/v2/performance-dashboard');
    await visible(page.getByRole('region', { name: 'People' }).getByRole('table'));
    const names = await page.getByRole('region', { name: 'People' }).getByRole('row').allInnerTexts();
    expect(names.slice(1).map((row) => row.split('\t')[0].trim())).toEqual(['Ana Apollo', 'Ivy Idle', 'Max Manager']);
    // Last 7 days by default: Ana's two hours of yesterday.
    await expect.poll(() => card(page, 'Work Hours')).toContain('2h 00m');
    await page.getByRole('button', { name: /^Date Range/ }).click();
    await page.getByRole('button', { name: 'Today' }).click();
    await expect.poll(() => card(page, 'Work Hours')).toContain('0h 00m');
    expect(new URL(page.url()).searchParams.get('from')).toBe(new URL(page.url()).searchParams.get('to'));
  });
});
