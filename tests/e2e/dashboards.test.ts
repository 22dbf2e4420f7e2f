import type { Page } from 'playwright-core';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { seedTrackedCompany } from '../support/tracked-company.ts';
import type { ApiUser } from '../support/users.ts';
import { expectAccessible } from './support/axe.ts';
import { chooseOption, screenshot, seededBrowserSuite, signedInPage, visible } from './support/browser.ts';

/*
 * Both dashboards as an Admin, a Manager and a Member, on time tracked over
 * the API (tests/support/tracked-company.ts): the numbers against the seeded
 * sessions (one over midnight, one over a daylight-saving change), the range
 * buttons, a custom range picked in the calendar, and whom the member picker
 * offers. The browser's calendar is India's, as the company's.
 */

const suite = seededBrowserSuite(seedTrackedCompany);

/** A signed-in page in India's calendar, with the company and the user's team chosen. */
const pageOf = (user: ApiUser, path: string) =>
  signedInPage(suite.browser, suite.server, suite.contexts, { email: user.email, path, team: { companyId: suite.seeded.companyId, teamId: user === suite.seeded.bob ? suite.seeded.gemini : suite.seeded.apollo } });

/** The big figure of an overview card. */
const card = async (page: Page, title: string) => (await visible(page.getByRole('region', { name: title, exact: true }).first())).innerText();

/** The daily table's rows: each row's cells, oldest day first. */
async function dailyLog(page: Page): Promise<string[][]> {
  const table = page.getByRole('region', { name: 'Daily Log' }).getByRole('table');
  await visible(table);
  const rows = await table.getByRole('row').all();
  return Promise.all(rows.slice(1).map(async (row) => (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim())));
}

describe('individual dashboard', () => {
  it('shows a Member their own days, with the session over midnight on both days and its earnings at the rate then', async () => {
    const page = await pageOf(suite.seeded.ana, '/dashboard-individual?from=2026-03-02&to=2026-03-04');
    await expect.poll(() => card(page, 'Total Time Tracked')).toContain('5h 00m');
    // The parts add up to the time tracked, and their shares to 100%: 10 of 300 minutes idle.
    expect(await card(page, 'Idle Time')).toContain('0h 10m');
    expect(await card(page, 'Idle Time')).toContain('3.3% of tracked time');
    expect(await card(page, 'Productive Time')).toContain('4h 50m');
    expect(await card(page, 'Productive Time')).toContain('96.7% of tracked time');
    // No desktop usage in the range: no Unproductive card.
    expect(await page.getByRole('region', { name: 'Unproductive Time', exact: true }).count()).toBe(0);
    expect(await card(page, 'Total Earnings')).toContain('$75.00');
    const rows = await dailyLog(page);
    expect(rows.map((cells) => cells.slice(1, 4))).toEqual([
      ['0h 00m', '—', '0.00'],
      ['3h 30m', '20.00', '45.00'],
      ['1h 30m', '20.00', '30.00'],
    ]);
    // A plain Member gets no member picker.
    expect(await page.getByRole('combobox', { name: 'Member' }).count()).toBe(0);
    await screenshot(page, 'dashboard-individual-member');

    // The day over midnight opens with its entries, each with its minutes and earnings at its rate, and the day's total they add up to.
    await page.getByRole('region', { name: 'Daily Log' }).getByRole('button').nth(1).click();
    const dialog = await visible(page.getByRole('dialog'));
    const timeLogs = dialog.getByRole('region', { name: 'Time Logs' }).getByRole('table');
    await visible(timeLogs);
    expect(await timeLogs.getByRole('columnheader').allInnerTexts()).toEqual(['Project', 'Task', 'Start', 'End', 'Tracked', 'Idle', 'Earnings($)', 'Source']);
    const entries = (await timeLogs.getByRole('row').all()).slice(1);
    const figures = await Promise.all(entries.map(async (row) => (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim())));
    expect(figures.map((cells) => (cells.length === 8 ? cells.slice(4, 7) : cells.slice(0, 3)))).toEqual([
      ['2h 30m', '0h 10m', '25.00'],
      ['1h 00m', '0h 00m', '20.00'],
      ['3h 30m', '0h 10m', '45.00'],
    ]);
    await visible(timeLogs.getByRole('rowheader', { name: 'Total' }));
    await screenshot(page, 'dashboard-individual-day');
  });

  it('refuses a Member someone else’s dashboard as if they did not exist', async () => {
    const page = await pageOf(suite.seeded.ana, `/dashboard-individual?user=${suite.seeded.bob.userId}&range=7`);
    await visible(page.getByText('User not found or not authorized'));
  });

  it('lets an Admin pick anyone, and counts a session over a daylight-saving change in real hours', async () => {
    const page = await pageOf(suite.seeded.admin, '/dashboard-individual?from=2026-10-31&to=2026-11-01');
    const picker = page.getByRole('combobox', { name: 'Member' });
    await visible(picker);
    await picker.click();
    const options = await page.getByRole('listbox').filter({ visible: true }).getByRole('option').allInnerTexts();
    expect(options).toEqual(['Ana Apollo', 'Bob Gemini', 'Ivy Idle', 'Max Manager', 'Ada Admin (you)']);
    await page.getByRole('option', { name: 'Bob Gemini' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('user')).toBe(suite.seeded.bob.userId);
    await expect.poll(() => card(page, 'Total Time Tracked')).toContain('5h 00m');
    expect((await dailyLog(page)).map((cells) => cells[1])).toEqual(['1h 00m', '4h 00m']);
    await visible(page.getByText('America/New_York').first());
    await screenshot(page, 'dashboard-individual-dst');
  });

  it('offers a Manager only the people of their team, themselves last', async () => {
    const page = await pageOf(suite.seeded.manager, '/dashboard-individual?range=7');
    const picker = page.getByRole('combobox', { name: 'Member' });
    await visible(picker);
    await picker.click();
    const options = await page.getByRole('listbox').filter({ visible: true }).getByRole('option').allInnerTexts();
    expect(options).toEqual(['Ana Apollo', 'Ivy Idle', 'Max Manager (you)']);
  });
});

describe('team dashboard', () => {
  it('follows the range buttons and a custom range picked in the calendar, keeping each view in the URL', async () => {
    const page = await pageOf(suite.seeded.admin, '/dashboard-team?range=7');
    // Last Week holds yesterday's two hours.
    await expect.poll(() => card(page, 'Total Time Tracked')).toContain('2h 00m');
    await visible(page.getByRole('region', { name: "Haven't tracked time yet" }).getByText('Ivy Idle'));
    await screenshot(page, 'dashboard-team-last-week');

    await page.getByRole('button', { name: 'Today' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('range')).toBe('0');
    await expect.poll(() => card(page, 'Total Time Tracked')).toContain('0h 00m');
    await visible(page.getByText('No time tracked in this range').first());
    await screenshot(page, 'dashboard-team-empty');

    await page.getByRole('button', { name: 'Yesterday' }).click();
    await expect.poll(() => card(page, 'Total Time Tracked')).toContain('2h 00m');

    // The back button returns to Today.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('range')).toBe('0');

    // A custom range: yesterday alone, picked in the calendar.
    await page.getByRole('button', { name: 'Date Range' }).click();
    const calendar = await visible(page.getByRole('dialog').filter({ visible: true }));
    await expectAccessible(page);
    const dayLabel = new Date(`${suite.seeded.yesterday}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    const yesterdayButton = calendar.getByRole('button', { name: dayLabel, exact: true });
    await yesterdayButton.click();
    await yesterdayButton.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(suite.seeded.yesterday);
    expect(new URL(page.url()).searchParams.get('to')).toBe(suite.seeded.yesterday);
    await expect.poll(() => card(page, 'Total Time Tracked')).toContain('2h 00m');
  });

  it('shows the March figures of the Apollo team with its top project, untracked people and top users', async () => {
    const page = await pageOf(suite.seeded.manager, '/dashboard-team?from=2026-03-01&to=2026-03-31');
    await expect.poll(() => card(page, 'Total Time Tracked')).toContain('5h 00m');
    expect(await card(page, 'Total Idle Time')).toContain('0h 10m');
    expect(await card(page, 'Total Productive Time')).toContain('4h 50m');
    expect(await page.getByRole('region', { name: 'Total Unproductive Time', exact: true }).count()).toBe(0);
    const projects = page.getByRole('region', { name: 'Top Projects' });
    await visible(projects.getByRole('cell', { name: 'Moonshot' }));
    const untracked = page.getByRole('region', { name: "Haven't tracked time yet" });
    expect((await untracked.innerText()).match(/Ivy Idle|Max Manager/g)).toEqual(['Ivy Idle', 'Max Manager']);
    await visible(page.getByRole('region', { name: 'Most Hours Worked' }).getByText('Ana Apollo'));
    await screenshot(page, 'dashboard-team-march');
  });

  it("offers an Admin 'All teams' and each team in the top bar's picker, keeping the choice in the URL", async () => {
    const { admin, gemini } = suite.seeded;
    const page = await pageOf(admin, '/dashboard-team?from=2026-10-31&to=2026-11-01');
    const picker = page.getByRole('combobox', { name: 'Team' });
    await expect.poll(() => picker.inputValue()).toBe('All teams');
    await picker.click();
    expect(await page.getByRole('listbox').filter({ visible: true }).getByRole('option').allInnerTexts()).toEqual(['All teams', 'Apollo', 'Gemini']);
    await page.getByRole('option', { name: 'Gemini' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('team')).toBe(gemini);
    await visible(page.getByRole('region', { name: 'Most Hours Worked' }).getByText('Bob Gemini'));
    await chooseOption(picker, 'All teams');
    await expect.poll(() => new URL(page.url()).searchParams.has('team')).toBe(false);
  });
});

describe('range order', () => {
  it('runs the trend chart’s weekdays and the daily table’s days oldest to newest, Last Week ending today', async () => {
    const page = await pageOf(suite.seeded.ana, '/dashboard-individual?range=7');
    await expect.poll(() => card(page, 'Total Time Tracked')).toContain('2h 00m');
    const today = Temporal.Now.plainDateISO('Asia/Kolkata');
    const lastWeek = Array.from({ length: 7 }, (_, index) => today.subtract({ days: 6 - index }));
    const chart = page.getByRole('img', { name: 'Hours tracked per weekday' });
    const ticks = chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
    await visible(ticks.first());
    const tickTexts = () => ticks.evaluateAll((texts) => texts.map((text) => text.textContent));
    await expect.poll(tickTexts, { timeout: 5_000 }).toEqual(lastWeek.map((day) => day.toLocaleString('en-US', { weekday: 'short' })));
    // Yesterday's two hours are the highest point, second from the right (SVG y grows downwards).
    const heights = await chart.locator('.recharts-line-dot').evaluateAll((dots) => dots.map((dot) => Number(dot.getAttribute('cy'))));
    expect(heights.indexOf(Math.min(...heights))).toBe(5);
    // The daily table reads the same way: yesterday's two hours just before today.
    const rows = await dailyLog(page);
    expect(rows.map((cells) => cells[0])).toEqual(lastWeek.map((day) => day.toLocaleString('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' })));
    expect(rows.map((cells) => cells[1]).slice(-2)).toEqual(['2h 00m', '0h 00m']);
    // The button keeps the spec's name and says what it covers.
    await page.getByRole('button', { name: 'Last Week' }).hover();
    await visible(page.getByRole('tooltip').getByText(/^The 7 days up to today, today included: /));
    await screenshot(page, 'dashboard-individual-last-week');
  });
});

describe('application dashboard’s opening day', () => {
  const yesterday = () => Temporal.PlainDate.from(suite.seeded.yesterday);
  const shortDay = (day: Temporal.PlainDate) => day.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

  it('opens on the latest day with data (yesterday), not an empty today, and on another person’s own latest day', async () => {
    const page = await pageOf(suite.seeded.admin, '/application-dashboard');
    await expect.poll(() => page.getByRole('combobox', { name: 'User' }).inputValue()).toBe('Ana Apollo');
    await expect.poll(() => card(page, 'Total Time Tracked')).toContain('2hrs 0mins');
    await expect.poll(() => page.getByRole('button', { name: 'Date' }).innerText()).toBe(shortDay(yesterday()));
    expect(new URL(page.url()).searchParams.has('day')).toBe(false);
    await screenshot(page, 'application-dashboard-opening-day');

    // Bob tracked last in New York: his dashboard opens on his day there, and says whose calendar it is.
    await chooseOption(page.getByRole('combobox', { name: 'User' }), 'Bob Gemini', 'Bob');
    await expect.poll(() => card(page, 'Total Time Tracked')).toContain('4hrs 0mins');
    await expect.poll(() => page.getByRole('button', { name: 'Date' }).innerText()).toBe('Nov 1, 2026');
    await visible(page.getByText('(local day in America/New_York)'));
    await screenshot(page, 'application-dashboard-other-zone');
  });

  it('opens the internal variant on the team’s latest day with data, and fits a phone', async () => {
    const page = await signedInPage(suite.browser, suite.server, suite.contexts, {
      email: suite.seeded.manager.email,
      path: '/application-dashboard-internal',
      team: { companyId: suite.seeded.companyId, teamId: suite.seeded.apollo },
      viewport: { width: 390, height: 844 },
    });
    await expect.poll(() => card(page, 'Total Time Tracked')).toContain('2hrs 0mins');
    await expect.poll(() => page.getByRole('button', { name: 'Date' }).innerText()).toBe(shortDay(yesterday()));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'application-dashboard-internal-opening-day-phone');
  });
});

// Last: it adds time to today.
describe('live', () => {
  it('updates an open dashboard when a timer stops elsewhere', async () => {
    const page = await pageOf(suite.seeded.manager, `/dashboard-individual?user=${suite.seeded.ana.userId}&range=0`);
    await expect.poll(() => card(page, 'Total Time Tracked')).toContain('0h 00m');
    // Ana, in another browser, punches in, tracks three minutes and stops.
    const { ana, companyId, apollo, projectId } = suite.seeded;
    const tasks = (await ana.call('GET', `/api/companies/${companyId}/projects/${projectId}/my-tasks`)).body;
    suite.setClock(new Date(Date.now() - 3 * 60_000));
    try {
      expect((await ana.call('POST', `/api/companies/${companyId}/punch/in`, { timeZone: 'Asia/Kolkata' })).status).toBe(200);
      const started = await ana.call('POST', `/api/companies/${companyId}/timer/start`, { teamId: apollo, projectId, taskId: tasks[0].taskId, timeZone: 'Asia/Kolkata' });
      expect(started.status).toBe(200);
      suite.setClock(new Date());
      expect((await ana.call('POST', `/api/companies/${companyId}/timer/stop`, {})).status).toBe(200);
    } finally {
      suite.setClock(null);
    }
    await expect.poll(() => card(page, 'Total Time Tracked'), { timeout: 3_000 }).toContain('0h 03m');
  });
});
