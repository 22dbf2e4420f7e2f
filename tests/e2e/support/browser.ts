import { randomBytes } from 'node:crypto';
import { accessSync, constants, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Locator, type Page, type WebSocket } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { setSharedServerClock, sharedTestServer, type TestServer } from '../../support/test-server.ts';
import { TEST_PASSWORD } from '../../support/users.ts';
import { readModelsInclude } from '../../support/read-models.ts';
import { checkAccessibilityAfter, endFileChecks, watchVisits } from './axe.ts';

/** Where screenshots go: outside the repository, so nothing needs ignoring. */
export const SCREENSHOT_DIR = path.join(os.tmpdir(), 'timeledger-e2e-screens');

/** How long a UI expectation waits before failing. */
export const UI_TIMEOUT = 10_000;

// ---------------------------------------------------------------------------
// Browser

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium, else a Chromium or Chrome on PATH. */
export function findChromium(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (isExecutable('/usr/bin/chromium')) return '/usr/bin/chromium';
  const names = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of names) {
      const candidate = path.join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  throw new Error('No Chromium found: set CHROMIUM_PATH, or install chromium (/usr/bin/chromium) or google-chrome on PATH.');
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * The Chromium of this worker, launched by the first browser file it runs and
 * shared by the next ones (like its server: sharedServerAndBrowser); each test
 * opens contexts of its own. It goes away with the worker.
 */
export function sharedBrowser(): Promise<Browser> {
  workerBrowser ??= launchBrowser().then(
    (browser) => {
      browser.on('disconnected', () => (workerBrowser = undefined));
      return browser;
    },
    (error: unknown) => {
      workerBrowser = undefined;
      throw error;
    },
  );
  return workerBrowser;
}

/**
 * The worker's shared test server (sharedTestServer: the default
 * configuration) and browser, for a test file; the server's clock is `now`
 * (null: the real time) until the next file sets its own.
 */
export async function sharedServerAndBrowser(now: (() => Date) | null = null): Promise<[TestServer, Browser]> {
  setSharedServerClock(now);
  return Promise.all([sharedTestServer(inject('e2eRunDir')), sharedBrowser()]);
}

/** Uncaught exceptions of the pages of every context made by newContext; a test file checks it stays empty. */
export const pageErrors: string[] = [];

/**
 * A fresh context (own cookies and storage) on the test server, with the
 * default timeouts lowered; every page it visits is checked for accessibility
 * after each test (checkAccessibilityAfter, axe.ts).
 */
export async function newContext(browser: Browser, server: TestServer, options: Pick<BrowserContextOptions, 'viewport' | 'timezoneId'> = {}): Promise<BrowserContext> {
  const contextOptions = { baseURL: server.url, viewport: { width: 1280, height: 800 }, ...options };
  const context = await browser.newContext(contextOptions);
  context.setDefaultTimeout(UI_TIMEOUT);
  context.setDefaultNavigationTimeout(UI_TIMEOUT);
  context.on('weberror', (error) => pageErrors.push(`${error.page()?.url() ?? '?'}: ${error.error().message}`));
  watchVisits(browser, context, contextOptions);
  return context;
}

// ---------------------------------------------------------------------------
// Users

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/** A unique e-mail address for one test. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

export function newUser(prefix: string, name = 'Ada Lovelace'): TestUser {
  return { name, email: uniqueEmail(prefix), password: 'Secret#2024' };
}

async function post(server: TestServer, pathname: string, body: unknown) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${pathname} answered ${response.status}: ${await response.text()}`);
  const answer = (await response.json()) as Record<string, unknown>;
  await readModelsInclude(server, answer);
  return answer;
}

/** Setup step over the API: sign up and follow the mailed verification link. */
export async function createVerifiedUser(server: TestServer, user: TestUser): Promise<TestUser> {
  await post(server, '/api/auth/sign-up', { fullName: user.name, email: user.email, password: user.password });
  const link = new URL(await server.mailbox.linkTo(user.email, '/auth/verify-email'));
  await post(server, '/api/auth/verify-email', { userId: link.searchParams.get('u'), token: link.searchParams.get('t') });
  return user;
}

/** Setup step over the API: sign the context in (its cookie jar gets the session). */
export async function signInWithApi(context: BrowserContext, user: TestUser, rememberMe = false): Promise<void> {
  const response = await context.request.post('/api/auth/login', {
    data: { email: user.email, password: user.password, rememberMe },
  });
  if (!response.ok()) throw new Error(`sign-in answered ${response.status()}: ${await response.text()}`);
}

/**
 * A page signed in as `user` (over the API), in India's calendar, open at
 * `path`; with a company and team given, that team is already chosen as the
 * 'Choose a Team' modal stores it (that modal has tests of its own); with
 * `clock` given, the page's clock starts there (installed before the page
 * opens). Its context joins `contexts`, which checkEachTest closes.
 */
export async function signedInPage(
  browser: Browser,
  server: TestServer,
  contexts: BrowserContext[],
  {
    email,
    path: opened,
    team,
    clock,
    viewport = { width: 1366, height: 900 },
  }: { email: string; path: string; team?: { companyId: string; teamId: string }; clock?: Date; viewport?: { width: number; height: number } },
): Promise<Page> {
  const context = await newContext(browser, server, { viewport, timezoneId: 'Asia/Kolkata' });
  contexts.push(context);
  await signInWithApi(context, { name: '', email, password: TEST_PASSWORD });
  if (team) {
    const activeTeam = JSON.stringify({ state: { teamIdByCompany: { [team.companyId]: team.teamId } }, version: 0 });
    await context.addInitScript((stored) => {
      if (window.location.origin !== 'null') window.localStorage.setItem('timeledger.activeTeam', stored);
    }, activeTeam);
  }
  if (clock) await context.clock.install({ time: clock });
  const page = await context.newPage();
  await page.goto(opened);
  return page;
}

/** Signs in on the login screen as a user would, and waits for the team dashboard. */
export async function signInWithUi(page: Page, user: TestUser, { rememberMe = false } = {}): Promise<void> {
  if (!isPath(page, '/auth/login')) await page.goto('/auth/login');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  if (rememberMe) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForPath(page, '/dashboard-team');
}

// ---------------------------------------------------------------------------
// Page expectations

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

function isPath(page: Page, pathname: string): boolean {
  return page.url() !== 'about:blank' && pathOf(page) === pathname;
}

/** Waits until the app (a single-page app: no load event needed) shows `pathname`. */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { waitUntil: 'commit' });
}

/** Waits for the locator to be visible (fails after UI_TIMEOUT). */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: 'visible' });
  return locator;
}

/** Waits for the message to show in an alert: a notification or an alert box of the page. */
export async function alertWith(page: Page, message: string): Promise<Locator> {
  return visible(page.getByRole('alert').filter({ hasText: message }).last());
}

/**
 * The validation error shown for a form field: the text of the elements its
 * aria-describedby points at (Mantine links errors that way), or '' if none.
 */
export async function fieldError(field: Locator): Promise<string> {
  return field.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    return ids
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .filter(Boolean)
      .join(' ');
  });
}

/** Resolves once the page's live socket has told it that it is connected. */
export function liveSocketReady(page: Page): Promise<WebSocket> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().endsWith('/api/live')) return;
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('"ready"')) resolve(socket);
      });
    });
  });
}

/** Whether screenshot() saves the pictures of the flows: with E2E_SCREENSHOTS=1 (each costs the run about half a second). */
const SAVE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/**
 * Saves a full-page screenshot to SCREENSHOT_DIR/<name>.png, when
 * E2E_SCREENSHOTS=1 or `always` (a failed test's page), and returns the path.
 */
export async function screenshot(page: Page, name: string, { always = false } = {}): Promise<string> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  if (!SAVE_SCREENSHOTS && !always) return file;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  // Let fonts load and transitions end, so the picture shows the screen as a user sees it.
  await page.evaluate(async () => {
    await document.fonts.ready;
    const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Picks an option of a Mantine Select or MultiSelect: opens the field, types
 * `search` into it when given (searchable fields), and clicks the option
 * shown in the open dropdown.
 */
export async function chooseOption(field: Locator, option: string, search?: string): Promise<void> {
  await field.click();
  if (search !== undefined) await field.fill(search);
  const listbox = field.page().getByRole('listbox').filter({ visible: true });
  await listbox.getByRole('option', { name: option, exact: true }).click();
}

/** The side menu as the user sees it: each section's header ('Dashboard', 'Manage') with its items' texts. */
export async function sideMenu(page: Page): Promise<Record<string, string[]>> {
  const menu: Record<string, string[]> = {};
  for (const section of await page.locator('nav[aria-label]').all()) {
    const header = (await section.getAttribute('aria-label')) ?? '';
    menu[header] = (await section.getByRole('link').allInnerTexts()).map((text) => text.trim());
  }
  return menu;
}

/**
 * The worker's product server and browser for the test file
 * (sharedServerAndBrowser): `seed` (optional) runs when both are up, with a
 * setter of the server's clock (null: the real time), and what it answers is
 * `seeded`. `setClock` moves the clock in a test too. Each test's contexts
 * pushed on `contexts` are closed after it, with no page errors and every
 * page visited accessible (checkEachTest).
 */
export function seededBrowserSuite<Seeded = undefined>(seed?: (server: TestServer, setClock: (at: Date | null) => void) => Promise<Seeded>) {
  const suite = {
    contexts: [] as BrowserContext[],
    setClock: (at: Date | null) => setSharedServerClock(at && (() => at)),
  } as { server: TestServer; browser: Browser; seeded: Seeded; contexts: BrowserContext[]; setClock: (at: Date | null) => void };
  beforeAll(async () => {
    [suite.server, suite.browser] = await sharedServerAndBrowser();
    if (seed) suite.seeded = await seed(suite.server, suite.setClock);
  }, 180_000);
  checkEachTest(suite.contexts);
  return suite;
}

/**
 * The usual shape of a browser test file: seededBrowserSuite with nothing
 * seeded, and a fresh context and page for each test.
 */
export function browserSuite() {
  const suite = seededBrowserSuite() as ReturnType<typeof seededBrowserSuite> & { context: BrowserContext; page: Page };
  beforeEach(async () => {
    suite.context = await newContext(suite.browser, suite.server);
    suite.page = await suite.context.newPage();
    suite.contexts.push(suite.context);
  });
  return suite;
}

/**
 * What every browser test must leave behind: every page it visited
 * accessible (checkAccessibilityAfter) and no page error. `contexts`: the
 * test's own browser contexts, closed after the check. After the file, every
 * context it opened is closed (the browser is the worker's: sharedBrowser).
 */
export function checkEachTest(contexts: BrowserContext[] = []) {
  afterEach(async (test) => {
    try {
      await checkAccessibilityAfter(test);
    } finally {
      await Promise.all(contexts.splice(0).map((context) => context.close()));
    }
    expect(pageErrors.splice(0)).toEqual([]);
  });
  afterAll(endFileChecks);
}
