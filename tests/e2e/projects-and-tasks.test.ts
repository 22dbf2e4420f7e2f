import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser, TEST_PASSWORD } from '../support/users.ts';
import {
  alertWith,
  checkEachTest,
  chooseOption,
  newContext,
  pathOf,
  screenshot,
  sharedServerAndBrowser,
  signInWithUi,
  uniqueEmail,
  visible,
  waitForPath,
} from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';

/*
 * The projects-and-tasks story of the issue: a Manager adds a project on
 * /project and two tasks through /add-task, edits one on its task page,
 * comments on it with HTML that carries a script and an onerror handler (typed
 * into the comment editor as text, and posted through the API as real HTML),
 * and the history lists every change; /manage-tasks lists both tasks and
 * filters them by status. The company, its team, the Manager and the assignee
 * are set up over the API; everything the Manager does goes through the UI.
 * The steps run in order and share one browser context.
 */

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

let admin: ApiUser;
let manager: ApiUser;
let companyId: string;

const COMPANY = 'Mission Control';
const TEAM = 'Builders';
const MANAGER_NAME = 'Grace Hopper';
const ASSIGNEE_NAME = 'Dan Developer';
const PROJECT = 'Apollo Build';
/** The project's name in task page paths: dashes for spaces (management §2). */
const PROJECT_PATH = 'Apollo-Build';
const FIRST = { title: 'Design the landing page', summary: 'Hero, pricing and sign-up call to action.', status: 'TO DO', priority: 'P3' };
const SECOND = { title: 'Write the API docs', summary: 'Every route with an example.', status: 'TO DO', priority: 'P2' };
const EDITED = { title: 'Design the landing page and pricing', status: 'IN PROGRESS', priority: 'P1' };

/** Markup that would run script twice over if it ever reached the page as HTML. */
const PAYLOAD = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
const API_COMMENT_TEXT = 'Posted through the API';

/** What the page did that it must not: JavaScript dialogs, and loads of the payload's image (`src=x`). */
const dialogs: string[] = [];
const payloadRequests: string[] = [];
/** Every request path, so the check of payloadRequests is known to have been listening. */
const requestPaths: string[] = [];
let projectId: string;

beforeAll(async () => {
  [server, browser] = await sharedServerAndBrowser();
  let assignee: ApiUser;
  [admin, manager, assignee] = await Promise.all([
    signedInUser(server, uniqueEmail('pt-admin'), 'Ada Lovelace'),
    signedInUser(server, uniqueEmail('pt-manager'), MANAGER_NAME),
    signedInUser(server, uniqueEmail('pt-dev'), ASSIGNEE_NAME),
  ]);
  companyId = await createCompany(admin, COMPANY);
  const team = await admin.call('POST', `/api/companies/${companyId}/teams`, { name: TEAM });
  if (team.status !== 201) throw new Error(`team failed: ${JSON.stringify(team.body)}`);
  await inviteAndAccept(server, admin, companyId, manager, 'Manager', [team.body.teamId]);
  await inviteAndAccept(server, admin, companyId, assignee, 'Member', [team.body.teamId]);

  context = await newContext(browser, server);
  // Dialogs and requests of every tab of the context (the Add Task tab too).
  context.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  context.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    requestPaths.push(pathname);
    if (pathname.split('/').at(-1) === 'x') payloadRequests.push(request.url());
  });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
});
// The steps build on each other: once one fails, the later ones are skipped rather than failing for it.
let failedStep: string | null = null;
beforeEach(({ task, skip, onTestFailed }) => {
  if (failedStep) skip(`'${failedStep}' failed`);
  onTestFailed(async () => {
    failedStep ??= task.name;
    for (const [index, open] of context.pages().entries()) {
      await screenshot(open, `projects-and-tasks-failed-${index}`, { always: true }).catch(() => undefined);
    }
  });
});
checkEachTest();
afterEach(() => {
  expect(dialogs).toEqual([]);
  expect(payloadRequests).toEqual([]);
});

/** The texts of a table row's cells. */
const cellsOf = async (row: Locator) => (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());

/** The body rows of a table (its header row left out), each as its cells' texts. */
async function bodyRows(table: Locator): Promise<string[][]> {
  const rows = await table.getByRole('row').all();
  return Promise.all(rows.slice(1).map(cellsOf));
}

/** The comment editor (a content-editable) of the task page, or the Summary editor of a task form. */
const richText = (where: Page | Locator, name: string) => where.getByRole('textbox', { name, exact: true });

/** Fills the Add Task form and submits it; waits for the new task's page and returns its id. */
async function submitTask(tab: Page, task: typeof FIRST): Promise<string> {
  await visible(tab.getByRole('heading', { name: 'Add Task' }));
  // The projects page opened this page for its project: it is chosen already.
  await expect.poll(() => tab.getByRole('combobox', { name: 'Project' }).inputValue()).toBe(PROJECT);
  await tab.getByRole('textbox', { name: 'Task', exact: true }).fill(task.title);
  await richText(tab, 'Summary').fill(task.summary);
  await chooseOption(tab.getByRole('combobox', { name: 'Status' }), task.status);
  await chooseOption(tab.getByRole('combobox', { name: 'Priority' }), task.priority);
  await chooseOption(tab.getByRole('combobox', { name: 'Team' }), TEAM);
  await chooseOption(tab.getByRole('combobox', { name: 'Assignee' }), ASSIGNEE_NAME);
  await tab.getByRole('button', { name: 'Submit Task' }).click();
  await alertWith(tab, 'Task submitted successfully');
  await tab.waitForURL((url) => /^\/Apollo-Build\/[A-Z]{2}-\d+$/.test(url.pathname), { waitUntil: 'commit' });
  const taskId = pathOf(tab).split('/')[2];
  await visible(tab.getByRole('heading', { name: taskId, exact: true }));
  expect(await tab.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(task.title);
  return taskId;
}

describe('projects and tasks', () => {
  it('lets a Manager add a project on /project', async () => {
    await signInWithUi(page, { name: MANAGER_NAME, email: manager.email, password: TEST_PASSWORD });
    await page.getByRole('navigation', { name: 'Manage' }).getByRole('link', { name: 'Projects' }).click();
    await waitForPath(page, '/project');
    await visible(page.getByRole('heading', { name: 'Projects' }));
    await visible(page.getByText('No projects found. Please create some projects first.'));

    await page.getByRole('button', { name: 'Add Project' }).first().click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Add Project' }));
    await expectAccessible(page);
    // An empty name is refused in the form.
    await dialog.getByRole('button', { name: 'Add Project' }).click();
    await visible(dialog.getByText('Project name is required'));
    await dialog.getByLabel('Project name').fill(PROJECT);
    await dialog.getByRole('button', { name: 'Add Project' }).click();
    await alertWith(page, 'Project created successfully');
    await dialog.waitFor({ state: 'hidden' });

    // The new project, open, with its task id prefix (first letters of its two words) and no tasks.
    const control = await visible(page.getByRole('button', { name: `Tasks of ${PROJECT}` }));
    expect(await control.innerText()).toMatch(/Apollo Build\s+AB\s+0 tasks/);
    await visible(page.getByText('No Tasks Created Yet'));
  });

  it('adds two tasks through /add-task, opened in a new tab from the project', async () => {
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Add Task' }).click()]);
    await tab.waitForURL((url) => url.pathname === '/add-task', { waitUntil: 'commit' });
    projectId = new URL(tab.url()).searchParams.get('projectId')!;
    expect(projectId).toMatch(/^[0-9a-f-]{36}$/);

    // Nothing chosen: each required field says what it needs (management §5).
    await visible(tab.getByRole('heading', { name: 'Add Task' }));
    await tab.getByRole('button', { name: 'Submit Task' }).click();
    for (const message of ['Please select status', 'Please select priority', 'Please select a team', 'Please select an assignee']) {
      await visible(tab.getByText(message, { exact: true }));
    }
    expect(await tab.getByText('Required', { exact: true }).count()).toBe(2); // Task and Summary
    expect(pathOf(tab)).toBe('/add-task');

    expect(await submitTask(tab, FIRST)).toBe('AB-1');
    expect(pathOf(tab)).toBe(`/${PROJECT_PATH}/AB-1`);

    await tab.goto(`/add-task?projectId=${projectId}`);
    expect(await submitTask(tab, SECOND)).toBe('AB-2');
    expect(pathOf(tab)).toBe(`/${PROJECT_PATH}/AB-2`);
    await tab.close();

    // The projects page, left open in the first tab, hears of both tasks without a reload.
    const control = page.getByRole('button', { name: `Tasks of ${PROJECT}` });
    await expect.poll(() => control.innerText(), { timeout: 5_000, interval: 100 }).toMatch(/2 tasks$/);
    const table = page.getByRole('table');
    await visible(table.getByRole('link', { name: 'AB-2' }));
    expect(await bodyRows(table)).toEqual([
      ['AB-1', FIRST.title, FIRST.status, FIRST.priority, '—', ASSIGNEE_NAME],
      ['AB-2', SECOND.title, SECOND.status, SECOND.priority, '—', ASSIGNEE_NAME],
    ]);
    await screenshot(page, 'projects-and-tasks-projects');
  });

  it('edits the title, status and priority of a task on its page', async () => {
    await page.getByRole('table').getByRole('link', { name: 'AB-1' }).click();
    await waitForPath(page, `/${PROJECT_PATH}/AB-1`);
    await visible(page.getByRole('heading', { name: 'AB-1', exact: true }));
    const save = page.getByRole('button', { name: 'No changes to save' });
    await visible(save);
    expect(await save.isDisabled()).toBe(true);

    await page.getByRole('textbox', { name: 'Title' }).fill(EDITED.title);
    await chooseOption(page.getByRole('combobox', { name: 'Status' }), EDITED.status);
    await chooseOption(page.getByRole('combobox', { name: 'Priority' }), EDITED.priority);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await alertWith(page, 'Task updated successfully');
    await visible(page.getByRole('button', { name: 'No changes to save' }));

    // The saved task, as a reload shows it.
    await page.reload();
    await visible(page.getByRole('heading', { name: 'AB-1', exact: true }));
    await expect.poll(() => page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(EDITED.title);
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe(EDITED.status);
    expect(await page.getByRole('combobox', { name: 'Priority' }).inputValue()).toBe(EDITED.priority);
    expect(await page.getByRole('combobox', { name: 'Assignee' }).inputValue()).toBe(ASSIGNEE_NAME);
  });

  it('keeps comments carrying a script and an onerror handler inert', async () => {
    // The watchers work: a dialog is seen (and dismissed), and so are the page's requests.
    await page.evaluate(() => window.alert('probe'));
    expect(dialogs.splice(0)).toEqual(['alert: probe']);
    expect(requestPaths).toContain(`/api/companies/${companyId}/tasks/AB-1`);

    await visible(page.getByText('No comments yet.'));
    // An empty comment is refused.
    await page.getByRole('button', { name: 'Add Comment' }).click();
    await visible(page.getByText('Comment cannot be empty!'));

    // Typed into the editor, the markup is text.
    await richText(page, 'New comment').fill(PAYLOAD);
    await page.getByRole('button', { name: 'Add Comment' }).click();
    await alertWith(page, 'Comment added');
    await visible(page.getByRole('heading', { name: 'Comments (1)' }));
    await expect.poll(async () => (await richText(page, 'New comment').innerText()).trim()).toBe('');

    // Posted through the API as real HTML, it is sanitised on the way in.
    const posted = await manager.call('POST', `/api/companies/${companyId}/tasks/AB-1/comments`, {
      html: `<p>${API_COMMENT_TEXT}</p>${PAYLOAD}`,
    });
    expect(posted.status).toBe(201);
    const stored = await manager.call('GET', `/api/companies/${companyId}/tasks/AB-1`);
    const [typed, raw] = stored.body.comments.map((comment: { html: string }) => comment.html);
    expect(typed).not.toMatch(/<img|<script/i);
    expect(raw).toBe(`<p>${API_COMMENT_TEXT}</p>`);

    await page.reload();
    await visible(page.getByRole('heading', { name: 'Comments (2)' }));
    // The typed markup shows as the text it was; the API's shows its words only.
    await visible(page.getByText(PAYLOAD, { exact: true }));
    await visible(page.getByText(API_COMMENT_TEXT, { exact: true }));
    // Both by the Manager, each with its own delete button.
    expect(await page.getByRole('button', { name: `Delete comment by ${MANAGER_NAME}` }).count()).toBe(2);
    // Give an image load or an error handler time to happen, then check none did.
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(
      await page.evaluate(() => ({
        handlers: document.querySelectorAll('[onerror]').length,
        scripts: [...document.scripts].filter((script) => script.text.includes('__pwned')).length,
        images: [...document.images].filter((image) => image.getAttribute('src') === 'x').length,
      })),
    ).toEqual({ handlers: 0, scripts: 0, images: 0 });
    expect(dialogs).toEqual([]);
    expect(payloadRequests).toEqual([]);
    await screenshot(page, 'projects-and-tasks-task');
  });

  it('lists each change in the history, newest first', async () => {
    await page.getByRole('button', { name: 'History' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'History of AB-1' }));
    await visible(dialog.getByText('Showing 6 of 6'));
    const lines = (await dialog.innerText())
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(lines[0]).toBe('History of AB-1');
    expect(lines.at(-1)).toBe('Showing 6 of 6');
    // Each entry: who did what, when, and what changed (the comment's words, the title it started with).
    const entries = [];
    for (let index = 1; index < lines.length - 1; index += 3) entries.push(lines.slice(index, index + 3));
    const by = MANAGER_NAME;
    const title = [`${by} changed Title`, 'Just now', `${FIRST.title} → ${EDITED.title}`];
    const status = [`${by} changed Status`, 'Just now', `${FIRST.status} → ${EDITED.status}`];
    const priority = [`${by} changed Priority`, 'Just now', `${FIRST.priority} → ${EDITED.priority}`];
    expect(entries).toHaveLength(6);
    expect(entries.slice(0, 2)).toEqual([
      [`${by} added a comment`, 'Just now', `“${API_COMMENT_TEXT}”`],
      // The typed comment's markup, as the text it was.
      [`${by} added a comment`, 'Just now', `“${PAYLOAD}”`],
    ]);
    // The three fields of the one save share its time; their order among themselves is not defined.
    expect(entries.slice(2, 5)).toHaveLength(3);
    expect(entries.slice(2, 5)).toEqual(expect.arrayContaining([title, status, priority]));
    expect(entries[5]).toEqual([`${by} created the task`, 'Just now', `“${FIRST.title}”`]);
    // All of it at once: no more pages.
    expect(await dialog.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    await screenshot(page, 'projects-and-tasks-history');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('lists both tasks on /manage-tasks and filters them by status', async () => {
    await page.getByRole('navigation', { name: 'Manage' }).getByRole('link', { name: 'Tasks' }).click();
    await waitForPath(page, '/manage-tasks');
    await visible(page.getByRole('heading', { name: 'Tasks' }));
    const table = page.getByRole('table');
    await visible(table.getByRole('link', { name: 'AB-2' }));
    const first = ['AB-1', EDITED.title, PROJECT, EDITED.status, EDITED.priority, '—', ASSIGNEE_NAME];
    const second = ['AB-2', SECOND.title, PROJECT, SECOND.status, SECOND.priority, '—', ASSIGNEE_NAME];
    expect((await bodyRows(table)).map((row) => row.slice(0, 7))).toEqual([first, second]);
    await visible(page.getByText('1–2 of 2'));

    const status = page.getByRole('combobox', { name: 'Status' });
    await chooseOption(status, 'IN PROGRESS');
    await expect.poll(async () => (await bodyRows(table)).map((row) => row[0])).toEqual(['AB-1']);
    await visible(page.getByText('1–1 of 1'));

    await chooseOption(status, 'TO DO');
    await expect.poll(async () => (await bodyRows(table)).map((row) => row[0])).toEqual(['AB-2']);

    await chooseOption(status, 'DONE');
    await visible(page.getByText('No tasks found.'));
    await visible(page.getByText('Try other filters.'));
    await screenshot(page, 'projects-and-tasks-manage-tasks');
  });
});
