import { randomBytes } from 'node:crypto';
import { accessSync, constants, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Disposable, type Locator, type Page, type WebSocket } from 'playwright-core';
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
  const both = await Promise.all([sharedTestServer(inject('e2eRunDir')), sharedBrowser()]);
  workerServer = both[0];
  return both;
}

/** The worker's shared server, once a file asked for it. */
let workerServer: TestServer | undefined;

/** Uncaught exceptions of the pages of every context made by newContext; a test file checks it stays empty. */
export const pageErrors: string[] = [];

type ContextOptions = Pick<BrowserContextOptions, 'viewport' | 'timezoneId'>;

/**
 * A context newContext handed out, as far as its reuse goes. A test may only
 * add init scripts, which are taken off again; anything else it sets on the
 * context (a clock, routes, permissions, listeners) makes it `spent`: closed
 * after the test rather than reused.
 */
interface Lent {
  key: string;
  /** The test server's origin, whose local storage the next test must find empty. */
  origin: string;
  inUse: boolean;
  spent: boolean;
  openedPages: boolean;
  initScripts: Disposable[];
}

const lent = new WeakMap<BrowserContext, Lent>();

/** Contexts of this worker's browsers given back, by their options, for the next tests. */
const freeContexts = new WeakMap<Browser, Map<string, BrowserContext[]>>();

/** What a test can set on a context and not take off again: using one spends the context. */
const SPENDING = [
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'setOffline',
  'grantPermissions',
  'setGeolocation',
  'setExtraHTTPHeaders',
  'setHTTPCredentials',
  'exposeBinding',
  'exposeFunction',
  'on',
  'once',
  'addListener',
  'prependListener',
] as const;

/** Makes a new context keep count of what a test does to it beyond cookies and storage (see Lent). */
function track(context: BrowserContext, entry: Lent): Lent {
  lent.set(context, entry);
  context.setDefaultTimeout(UI_TIMEOUT);
  context.setDefaultNavigationTimeout(UI_TIMEOUT);
  const spend = (target: object, name: string) => {
    const original = (target as Record<string, (...args: unknown[]) => unknown>)[name];
    Object.assign(target, {
      [name]: (...args: unknown[]) => {
        entry.spent = true;
        return original.apply(target, args);
      },
    });
  };
  // This file's own listeners, set before the count starts.
  context.on('weberror', (error) => pageErrors.push(`${error.page()?.url() ?? '?'}: ${error.error().message}`));
  context.on('page', () => (entry.openedPages = true));
  context.on('close', () => (entry.spent = true));
  for (const name of SPENDING) spend(context, name);
  for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(context.clock))) if (name !== 'constructor') spend(context.clock, name);
  const addInitScript = context.addInitScript.bind(context);
  context.addInitScript = (async (...args: Parameters<BrowserContext['addInitScript']>) => {
    const script = await addInitScript(...args);
    entry.initScripts.push(script);
    return script;
  }) as BrowserContext['addInitScript'];
  return entry;
}

/** A context given back with these options and not closed since. */
function takeFree(browser: Browser, key: string): BrowserContext | undefined {
  const free = freeContexts.get(browser)?.get(key) ?? [];
  for (let context = free.pop(); context; context = free.pop()) if (!lent.get(context)?.spent) return context;
  return undefined;
}

/**
 * A fresh context (own cookies and storage) on the test server, with the
 * default timeouts lowered and reduced motion; every page it visits is checked for accessibility
 * after each test (checkAccessibilityAfter, axe.ts). It is one an earlier
 * test gave back when there is one (giveBack), emptied: the app then loads
 * from its cache, where a context of its own compiled every script again.
 */
export async function newContext(browser: Browser, server: TestServer, options: ContextOptions = {}): Promise<BrowserContext> {
  // Reduced motion, which the app honours: no click lands on a dialog still moving in (a checkbox then stayed unchecked).
  const contextOptions = { baseURL: server.url, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' as const, ...options };
  const key = JSON.stringify(contextOptions);
  const reused = takeFree(browser, key);
  const context = reused ?? (await browser.newContext(contextOptions));
  // Its listener is set before the count of what tests do to the context starts (track).
  watchVisits(browser, context, contextOptions);
  // A context of a file's own server is not kept: the server closes with the file, and waits for the browser's connections to it.
  const spent = server !== workerServer;
  const entry = (reused && lent.get(reused)) || track(context, { key, origin: new URL(server.url).origin, inUse: false, spent, openedPages: false, initScripts: [] });
  entry.inUse = true;
  return context;
}

/**
 * Takes back a context newContext handed out, for the next tests: its pages
 * closed, its init scripts, cookies and local storage gone. A spent one (see
 * Lent), one newContext did not make, or one whose storage cannot be reached
 * (its pages closed by the test) is closed.
 */
export async function giveBack(context: BrowserContext): Promise<void> {
  const entry = lent.get(context);
  if (!entry) return context.close().catch(() => undefined);
  if (!entry.inUse) return;
  entry.inUse = false;
  const browser = context.browser();
  if (!browser || entry.spent || !(await forgetStorage(context, entry))) return context.close().catch(() => undefined);
  await Promise.all(context.pages().map((page) => page.close()));
  await Promise.all(entry.initScripts.splice(0).map((script) => script.dispose()));
  entry.openedPages = false;
  const ofBrowser = freeContexts.get(browser) ?? new Map<string, BrowserContext[]>();
  freeContexts.set(browser, ofBrowser);
  ofBrowser.set(entry.key, [...(ofBrowser.get(entry.key) ?? []), context]);
}

/**
 * Clears the context's cookies and the server origin's local storage (from a
 * page open on it: every tab of an origin shares it); false when pages were
 * opened and none is left on the origin to clear it from.
 */
async function forgetStorage(context: BrowserContext, entry: Lent): Promise<boolean> {
  try {
    await context.clearCookies();
    if (!entry.openedPages) return true;
    const onOrigin = context.pages().find((page) => !page.isClosed() && page.url().startsWith(entry.origin));
    if (!onOrigin) return false;
    await onOrigin.evaluate(() => window.localStorage.clear());
    return true;
  } catch {
    return false;
  }
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
      await Promise.all(contexts.splice(0).map(giveBack));
    }
    expect(pageErrors.splice(0)).toEqual([]);
  });
  afterAll(() => Promise.all(endFileChecks().map(giveBack)));
}
