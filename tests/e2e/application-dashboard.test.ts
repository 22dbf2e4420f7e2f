import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readModelsInclude } from '../support/read-models.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../support/users.ts';
import { alertWith, chooseOption, screenshot, seededBrowserSuite, signedInPage, visible } from './support/browser.ts';

/*
 * The application dashboard on agent data sent over the API as the desktop
 * agent sends it (an API token, a running timer, usage batches and a
 * screenshot) on Tue 7 April 2026 in India: Ana used YouTube (unproductive by
 * default), Slack and, idle, Visual Studio Code; Ivy used Figma. Then an
 * Admin calls Slack unproductive on the settings page. The day's figures are
 * the whole minutes every page shows (50 seconds of YouTube are no minute);
 * the break and each application's time keep their seconds.
 */

const DAY = '2026-04-07';

let admin: ApiUser;
let manager: ApiUser;
let ana: ApiUser;
let ivy: ApiUser;
let companyId: string;
let apollo: string;

/** What the desktop agent of `user` sends, at `at` on the server's clock. */
async function agentOf(user: ApiUser) {
  const { token } = (await user.call('POST', '/api/me/tokens', { name: 'Laptop' })).body;
  return async (at: string, path: string, body: unknown, contentType = 'application/json') => {
    suite.setClock(new Date(at));
    const response = await fetch(`${suite.server.url}/api/companies/${companyId}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body: body instanceof Buffer ? new Uint8Array(body) : JSON.stringify(body),
    });
    const answer = await response.json();
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
    await readModelsInclude(suite.server, answer);
    return answer;
  };
}

const suite = seededBrowserSuite(async (server, setClock) => {
  [admin, manager, ana, ivy] = await Promise.all([
    signedInUser(server, 'admin@appdash.test', 'Ada Admin'),
    signedInUser(server, 'manager@appdash.test', 'Max Manager'),
    signedInUser(server, 'ana@appdash.test', 'Ana Apollo'),
    signedInUser(server, 'ivy@appdash.test', 'Ivy Idle'),
  ]);
  companyId = await createCompany(admin, 'Agents Inc');
  apollo = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Apollo' })).body.teamId;
  await inviteAndAccept(server, admin, companyId, manager, 'Manager', [apollo]);
  await inviteAndAccept(server, admin, companyId, ana, 'Member', [apollo]);
  await inviteAndAccept(server, admin, companyId, ivy, 'Member', [apollo]);
  await admin.call('PUT', `/api/companies/${companyId}/settings/screenshots`, { enabled: true });
  // Kept until deleted: the shots are taken months before the tests run, and the server's minutely sweep would remove them past their retention.
  await admin.call('PUT', `/api/companies/${companyId}/settings/screenshot-retention`, { days: null });
  const projectId = (await admin.call('POST', `/api/companies/${companyId}/projects`, { name: 'Moonshot' })).body.projectId;
  const taskOf = async (user: ApiUser) =>
    (await admin.call('POST', `/api/companies/${companyId}/tasks`, { projectId, title: 'Build', description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: user.userId })).body
      .taskId;
  const start = { teamId: apollo, projectId, timeZone: 'Asia/Kolkata' };
  try {
    const anaAgent = await agentOf(ana);
    await anaAgent('2026-04-07T04:00:00.000Z', '/punch/in', { timeZone: 'Asia/Kolkata' });
    const { session } = await anaAgent('2026-04-07T04:00:00.000Z', '/timer/start', { ...start, taskId: await taskOf(ana) });
    const sample = (application: string, at: string, seconds: number, idle = false) => ({ application, start: at, seconds, idle });
    await anaAgent('2026-04-07T04:01:00.000Z', '/app-usage', {
      batchId: 'a-1',
      samples: [sample('Slack', '2026-04-07T04:00:00.000Z', 40), sample('YouTube', '2026-04-07T04:00:40.000Z', 20)],
    });
    await anaAgent('2026-04-07T04:02:00.000Z', '/app-usage', {
      batchId: 'a-2',
      samples: [sample('YouTube', '2026-04-07T04:01:00.000Z', 30), sample('Visual Studio Code', '2026-04-07T04:01:30.000Z', 30, true)],
    });
    const shot = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#2f9e44' } }).png().toBuffer();
    const query = new URLSearchParams({ screenshotId: 'shot-1', sessionId: session.sessionId, takenAt: '2026-04-07T04:02:00.000Z', application: 'Slack' });
    await anaAgent('2026-04-07T04:02:05.000Z', `/screenshots?${query}`, shot, 'image/png');
    await anaAgent('2026-04-07T05:00:00.000Z', '/timer/stop', {});

    const ivyAgent = await agentOf(ivy);
    await ivyAgent('2026-04-07T05:00:00.000Z', '/punch/in', { timeZone: 'Asia/Kolkata' });
    await ivyAgent('2026-04-07T05:00:00.000Z', '/timer/start', { ...start, taskId: await taskOf(ivy) });
    await ivyAgent('2026-04-07T05:01:00.000Z', '/app-usage', { batchId: 'i-1', samples: [sample('Figma', '2026-04-07T05:00:00.000Z', 60)] });
    await ivyAgent('2026-04-07T05:30:00.000Z', '/timer/stop', {});
  } finally {
    setClock(null);
  }
});

const pageOf = (user: ApiUser, path: string, viewport?: { width: number; height: number }) =>
  signedInPage(suite.browser, suite.server, suite.contexts, { email: user.email, path, team: { companyId, teamId: apollo }, viewport });

/** The big figure of a totals card. */
const card = async (page: Page, title: string) => (await visible(page.getByRole('region', { name: title, exact: true }).first())).innerText();

/** The rows of a table: each row's cells as shown (badges in capitals). */
async function rowsOf(page: Page, region: string): Promise<string[][]> {
  const table = page.getByRole('region', { name: region, exact: true }).getByRole('table');
  await visible(table);
  const rows = await table.getByRole('row').all();
  return Promise.all(rows.slice(1).map(async (row) => (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim())));
}

describe('application dashboard', () => {
  it('shows a Manager the first of their people with the day’s totals, applications and screenshots', async () => {
    const page = await pageOf(manager, `/application-dashboard?day=${DAY}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Application Time Tracked Dashboard' }));
    await expect.poll(() => page.getByRole('combobox', { name: 'User' }).inputValue()).toBe('Ana Apollo');
    await expect.poll(() => card(page, 'Total Time Tracked')).toContain('1hrs 0mins');
    expect(await card(page, 'Productive')).toContain('1hrs 0mins');
    expect(await card(page, 'Unproductive')).toContain('0hrs 0mins');
    expect(await card(page, 'Idle')).toContain('0hrs 0mins');
    expect(await card(page, 'Total Time Tracked')).not.toContain('secs');
    expect(await card(page, 'Break')).toContain('0hrs 0mins 0secs');
    expect(await card(page, 'Punch In')).toContain('09:30');
    expect(await rowsOf(page, 'Time per application')).toEqual([
      ['YouTube', 'UNPRODUCTIVE', '0hrs 0mins 50secs'],
      ['Slack', 'PRODUCTIVE', '0hrs 0mins 40secs'],
      ['Visual Studio Code', 'PRODUCTIVE', '0hrs 0mins 0secs'],
    ]);
    await visible(page.getByRole('region', { name: 'Screenshots' }).getByRole('img').first());
    await screenshot(page, 'application-dashboard');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'application-dashboard-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // Cleared (Mantine hides its × from assistive technology, which deselect instead), it asks for a user; another is picked by a search.
    await page.getByRole('button', { name: 'Clear user', includeHidden: true }).click();
    await visible(page.getByText('Select a user to see their applications'));
    await chooseOption(page.getByRole('combobox', { name: 'User' }), 'Ivy Idle', 'Ivy');
    await expect.poll(() => rowsOf(page, 'Time per application')).toEqual([['Figma', 'PRODUCTIVE', '0hrs 1mins 0secs']]);
  });

  it('fits a phone', async () => {
    const page = await pageOf(manager, `/application-dashboard?day=${DAY}`, { width: 390, height: 844 });
    await expect.poll(() => card(page, 'Total Time Tracked')).toContain('1hrs 0mins');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'application-dashboard-phone');
  });

  it('shows the whole team on the internal variant', async () => {
    const page = await pageOf(manager, `/application-dashboard-internal?day=${DAY}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Application Time Tracked Dashboard - Internal' }));
    await expect.poll(() => page.getByRole('combobox', { name: 'Team' }).inputValue()).toBe('Apollo');
    await expect.poll(() => card(page, 'Total Time Tracked')).toContain('1hrs 30mins');
    const people = await rowsOf(page, 'Each person’s day');
    expect(people.map((cells) => cells.slice(0, 2))).toEqual([
      ['Ana Apollo', '1hrs 0mins'],
      ['Ivy Idle', '0hrs 30mins'],
      ['Max Manager', '0hrs 0mins'],
    ]);
    expect((await rowsOf(page, 'Time per application')).map((cells) => cells[0])).toEqual(['Figma', 'YouTube', 'Slack', 'Visual Studio Code']);
    await screenshot(page, 'application-dashboard-internal');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'application-dashboard-internal-dark');
  });

  it('counts an application an Admin calls unproductive at once', async () => {
    const manager_ = await pageOf(manager, '/manage-settings');
    await visible(manager_.getByText('Only administrators can change application categories.'));
    expect(await manager_.getByRole('combobox', { name: 'Category of Slack' }).count()).toBe(0);

    const page = await pageOf(admin, '/manage-settings');
    const slack = page.getByRole('combobox', { name: 'Category of Slack' });
    await expect.poll(() => slack.inputValue()).toBe('Productive');
    await chooseOption(slack, 'Unproductive');
    await alertWith(page, 'Application category updated');
    await expect.poll(() => slack.inputValue()).toBe('Unproductive');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'application-categories');

    await page.goto(`/application-dashboard?day=${DAY}&user=${ana.userId}`);
    // 90 seconds of unproductive applications: a whole minute, taken from the productive ones.
    await expect.poll(() => card(page, 'Unproductive')).toContain('0hrs 1mins');
    expect(await card(page, 'Productive')).toContain('0hrs 59mins');
    expect((await rowsOf(page, 'Time per application'))[1]).toEqual(['Slack', 'UNPRODUCTIVE', '0hrs 0mins 40secs']);
  });

  it('shows the team dashboard’s Unproductive card once the desktop agent saw usage, the parts adding up to the time tracked', async () => {
    const page = await pageOf(manager, `/dashboard-team?from=${DAY}&to=${DAY}`);
    await expect.poll(() => card(page, 'Total Time Tracked')).toContain('1h 30m');
    // Ana's minute of YouTube and Slack (called unproductive above); 1 + 89 + 0 = 90 minutes, 1.1% + 98.9% + 0% = 100%.
    expect(await card(page, 'Total Unproductive Time')).toContain('0h 01m');
    expect(await card(page, 'Total Unproductive Time')).toContain('1.1% of tracked time');
    expect(await card(page, 'Total Productive Time')).toContain('1h 29m');
    expect(await card(page, 'Total Productive Time')).toContain('98.9% of tracked time');
    expect(await card(page, 'Total Idle Time')).toContain('0h 00m');
    await screenshot(page, 'dashboard-team-unproductive');
  });
});
