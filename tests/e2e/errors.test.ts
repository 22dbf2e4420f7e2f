import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, createCompany, signedInUser, TEST_PASSWORD } from '../support/users.ts';
import { alertWith, browserSuite, screenshot, sideMenu, signInWithApi, uniqueEmail, visible, waitForPath } from './support/browser.ts';

/*
 * Errors stay where they happen: a query the server fails shows its reason
 * inline with a Retry, a page that throws while it renders gives way to an
 * error in its place (the layout around it stays) with a Retry, and an
 * unknown path is the not-found page, however many segments it has. The
 * failures are the server's answers, made bad in the browser's network.
 */

const PROJECT = 'Apollo';
const TASK = 'Build the launch pad';
const PROJECTS_CALL = '**/api/companies/*/projects';

describe('errors contained', () => {
  const suite = browserSuite();
  let admin: ApiUser;
  let taskId: string;

  beforeAll(async () => {
    admin = await signedInUser(suite.server, uniqueEmail('errors-admin'), 'Ada Admin');
    const companyId = await createCompany(admin, 'Contained Errors');
    const company = (path: string, body: unknown) => admin.call('POST', `/api/companies/${companyId}${path}`, body);
    await company('/teams', { name: 'Crew', memberIds: [admin.userId] });
    const projectId = (await company('/projects', { name: PROJECT })).body.projectId;
    taskId = (
      await company('/tasks', { projectId, title: TASK, description: '<p>Pour the concrete.</p>', status: 'TO DO', priority: 'P2', eta: null, assigneeId: admin.userId })
    ).body.taskId;
  });

  const signIn = () => signInWithApi(suite.context, { name: 'Ada Admin', email: admin.email, password: TEST_PASSWORD });

  /** Answers the projects call with `answer` while `bad()` holds; afterwards lets it through to the server. */
  const spoilProjects = (page: Page, bad: () => boolean, answer: { status: number; json: unknown }) =>
    page.route(PROJECTS_CALL, (route) => (bad() ? route.fulfill(answer) : route.fallback()));

  it('shows a failed query inline with its reason, and Retry loads it', async () => {
    const { page } = suite;
    await signIn();
    let failing = true;
    await spoilProjects(page, () => failing, { status: 500, json: { statusCode: 500, error: 'internal', message: 'The projects are out of reach' } });

    await page.goto('/project');
    const failure = await alertWith(page, 'The projects are out of reach');
    await visible(failure.getByText('Unable to found data! Please try again later!'));
    await visible(page.getByRole('heading', { name: 'Projects' }));
    await screenshot(page, 'errors-query-failed');

    failing = false;
    await failure.getByRole('button', { name: 'Retry' }).click();
    await visible(page.getByRole('cell', { name: TASK }));
    expect(await page.getByText('The projects are out of reach').count()).toBe(0);
  });

  it('shows a page that throws as it renders as an error in its place, and Retry renders it again', async () => {
    const { page } = suite;
    await signIn();
    let malformed = true;
    // A project without its task list: the page reads the tasks' count and throws.
    await spoilProjects(page, () => malformed, { status: 200, json: [{ projectId: '00000000-0000-4000-8000-000000000000', name: 'Broken' }] });

    await page.goto('/project');
    await visible(page.getByRole('heading', { name: 'This page could not be shown' }));
    const failure = await alertWith(page, 'An error stopped this page');
    // The layout stays: the side menu still leads elsewhere.
    expect((await sideMenu(page)).Manage).toContain('Projects');
    await screenshot(page, 'errors-render-failed');

    malformed = false;
    await failure.getByRole('button', { name: 'Retry' }).click();
    await visible(page.getByRole('cell', { name: TASK }));
    expect(await page.getByRole('heading', { name: 'This page could not be shown' }).count()).toBe(0);
  });

  it('shows the not-found page for unknown paths of two segments, and the task page only for a task id', async () => {
    const { page } = suite;
    await signIn();
    for (const path of ['/v2/no-such-report', '/Apollo/not-a-task']) {
      await page.goto(path);
      await visible(page.getByRole('heading', { name: 'Page not found' }));
      await visible(page.getByText('The page is deprecated, deleted, or does not exist at all'));
      expect(await page.getByText('Task not found').count()).toBe(0);
      expect(await page.getByText('must NOT have').count()).toBe(0);
    }
    await screenshot(page, 'errors-unknown-two-segments');

    await page.goto(`/${PROJECT}/${taskId}`);
    await waitForPath(page, `/${PROJECT}/${taskId}`);
    await visible(page.getByRole('textbox', { name: 'Title' }));
    expect(await page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(TASK);
  });

  it('shows the not-found page to a visitor without a session, not the sign-in page', async () => {
    const { page } = suite;
    await page.goto('/v2/no-such-report');
    await visible(page.getByRole('heading', { name: 'Page not found' }));
    expect(new URL(page.url()).pathname).toBe('/v2/no-such-report');
  });
});
