import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser, TEST_PASSWORD } from '../support/users.ts';
import { expectAccessible } from './support/axe.ts';
import { chooseOption, liveSocketReady, newContext, screenshot, seededBrowserSuite, signInWithApi, visible } from './support/browser.ts';

/*
 * /v2/activity-log on real events written over the API: Ada Admin made Log
 * Inc with the team Apollo, Max Manager manages it and Ana Apollo is its
 * Member. Ada made the project Website and a task for Ana; Ana punched in,
 * timed the task and asked Max for a day of leave, which he approved.
 */

const ZONE = 'Asia/Kolkata';
const PHONE = { width: 390, height: 844 };

let admin: ApiUser;
let max: ApiUser;
let ana: ApiUser;
let loner: ApiUser;
let companyId: string;
let apollo: string;
/** When Ana's timer started, three hours before the tests run. */
let started: number;

/** A day of leave well ahead, and how the log says it. */
const LEAVE_DAY = '2027-02-03';
const LEAVE_TEXT = '3 Feb 2027';

const suite = seededBrowserSuite(async (server, setClock) => {
  [admin, max, ana, loner] = await Promise.all([
    signedInUser(server, 'ada@log.test', 'Ada Admin'),
    signedInUser(server, 'max@log.test', 'Max Manager'),
    signedInUser(server, 'ana@log.test', 'Ana Apollo'),
    signedInUser(server, 'lou@log.test', 'Lou Loner'),
  ]);
  // Three hours ago, so that the timer runs for 80 minutes before now.
  started = Date.now() - 3 * 60 * 60_000;
  setClock(new Date(started));
  companyId = await createCompany(admin, 'Log Inc');
  await createCompany(loner, 'Quiet Ltd');
  apollo = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Apollo' })).body.teamId;
  await inviteAndAccept(server, admin, companyId, max, 'Manager', [apollo]);
  await inviteAndAccept(server, admin, companyId, ana, 'Member', [apollo]);

  const call = async (user: ApiUser, method: string, path: string, body?: unknown) => {
    const answer = await user.call(method, `/api/companies/${companyId}${path}`, body);
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const { projectId } = await call(admin, 'POST', '/projects', { name: 'Website' });
  const { taskId } = await call(admin, 'POST', '/tasks', { projectId, title: 'Write the docs', description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: ana.userId });
  await call(ana, 'POST', '/punch/in', { timeZone: ZONE });
  await call(ana, 'POST', '/timer/start', { teamId: apollo, projectId, taskId, timeZone: ZONE });
  setClock(new Date(started + 80 * 60_000));
  await call(ana, 'POST', '/timer/stop', {});
  setClock(null);
  const { requestId } = await call(ana, 'POST', '/leave/requests', { leaveDate: LEAVE_DAY, type: 'Casual Leave', comment: 'Moving house', assigneeId: max.userId });
  await call(max, 'POST', `/leave/requests/${requestId}/approve`, { comment: 'Good luck' });
});

/** A page signed in as the user, with Apollo chosen, open at the path once its live socket is connected. */
async function pageOf(user: ApiUser, path: string, viewport = { width: 1366, height: 900 }): Promise<Page> {
  const context = await newContext(suite.browser, suite.server, { viewport, timezoneId: ZONE });
  suite.contexts.push(context);
  await signInWithApi(context, { name: '', email: user.email, password: TEST_PASSWORD });
  const activeTeam = JSON.stringify({ state: { teamIdByCompany: { [companyId]: apollo } }, version: 0 });
  await context.addInitScript((stored) => {
    if (window.location.origin !== 'null') window.localStorage.setItem('timeledger.activeTeam', stored);
  }, activeTeam);
  const page = await context.newPage();
  const live = liveSocketReady(page);
  await page.goto(path);
  await live;
  return page;
}

/** The log's activities as shown, each as its kind and sentence. */
async function activitiesOf(page: Page): Promise<[string, string][]> {
  const table = page.getByRole('table');
  await visible(table);
  const rows = await table.getByRole('row').all();
  return Promise.all(
    rows.slice(1).map(async (row) => {
      const [activity, kind] = (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());
      // The sentence, then when it happened.
      return [kind, activity.split('\n')[0]] as [string, string];
    }),
  );
}

const sentencesOf = async (page: Page) => (await activitiesOf(page)).map(([, sentence]) => sentence);

describe('the activity log', () => {
  it('shows an Admin what happened, by whom, newest first, and follows the log live', async () => {
    const page = await pageOf(admin, '/dashboard-individual');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Activity Log' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Activity Log' }));
    await expect.poll(async () => (await activitiesOf(page)).slice(0, 5)).toEqual([
      ['Requests', `Max Manager approved Ana Apollo's leave for ${LEAVE_TEXT}`],
      ['Requests', `Ana Apollo asked Max Manager for Casual Leave on ${LEAVE_TEXT}`],
      ['Timer', 'Ana Apollo stopped their timer on WE-1 Write the docs (Website) after 1h 20m'],
      ['Timer', 'Ana Apollo started their timer on WE-1 Write the docs (Website)'],
      ['Attendance', 'Ana Apollo punched in'],
    ]);
    expect(await sentencesOf(page)).toEqual(
      expect.arrayContaining(['Ada Admin created task WE-1 Write the docs for Ana Apollo', 'Ada Admin created project Website', 'Ada Admin created the company Log Inc']),
    );
    await expectAccessible(page);
    await screenshot(page, 'activity-log');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'activity-log-dark');

    // Written elsewhere, shown here without a reload. Punched out just after her session, on its local day (now may be the next).
    suite.setClock(new Date(started + 81 * 60_000));
    const punchedOut = await ana.call('POST', `/api/companies/${companyId}/punch/out`, { timeZone: ZONE });
    suite.setClock(null);
    expect(punchedOut.status).toBe(200);
    await expect.poll(async () => (await sentencesOf(page))[0]).toBe('Ana Apollo punched out');
  });

  it('filters by person and by kind', async () => {
    const page = await pageOf(admin, '/v2/activity-log');
    await visible(page.getByRole('table'));
    await chooseOption(page.getByRole('combobox', { name: 'Person' }), 'Max Manager', 'Max');
    // What he did and what concerns him (being asked is not: the request is Ana's).
    await expect.poll(() => sentencesOf(page)).toEqual([
      `Max Manager approved Ana Apollo's leave for ${LEAVE_TEXT}`,
      'Max Manager joined Apollo as a Manager',
      'Max Manager joined the company',
    ]);

    await chooseOption(page.getByRole('combobox', { name: 'Person' }), 'Ana Apollo', 'Ana');
    await chooseOption(page.getByRole('combobox', { name: 'Kind' }), 'Timer');
    await expect.poll(async () => (await activitiesOf(page)).map(([kind]) => kind)).toEqual(['Timer', 'Timer']);
    await screenshot(page, 'activity-log-filtered');

    await chooseOption(page.getByRole('combobox', { name: 'Kind' }), 'Screenshots');
    await visible(page.getByText('No activity yet'));
    // Choosing the chosen option again clears a filter (as the × beside it does).
    await chooseOption(page.getByRole('combobox', { name: 'Person' }), 'Ana Apollo');
    await chooseOption(page.getByRole('combobox', { name: 'Kind' }), 'Screenshots');
    await expect.poll(async () => (await sentencesOf(page)).length).toBeGreaterThan(10);
  });

  it('shows a Member only their own activity, with no person picker, and fits a phone', async () => {
    const page = await pageOf(ana, '/v2/activity-log', PHONE);
    await visible(page.getByRole('heading', { level: 1, name: 'Activity Log' }));
    await visible(page.getByRole('table'));
    const sentences = await sentencesOf(page);
    expect(sentences).toContain(`Max Manager approved Ana Apollo's leave for ${LEAVE_TEXT}`);
    expect(sentences.filter((sentence) => !sentence.includes('Ana Apollo'))).toEqual([]);
    expect(await page.getByRole('combobox', { name: 'Person' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await screenshot(page, 'activity-log-phone');
  });

  it('says so when there is no activity to show', async () => {
    const page = await pageOf(loner, '/v2/activity-log');
    await visible(page.getByRole('table'));
    // A new company's log holds only its making.
    expect(await sentencesOf(page)).toEqual(['Lou Loner became an Admin', 'Lou Loner joined the company', 'Lou Loner created the company Quiet Ltd']);
    await chooseOption(page.getByRole('combobox', { name: 'Kind' }), 'Tasks');
    await visible(page.getByText('No activity yet'));
    await screenshot(page, 'activity-log-empty');
  });
});
