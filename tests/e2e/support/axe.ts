import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Result, RunOptions } from 'axe-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { inject, type TestContext } from 'vitest';
import { mayOpenPage, pageRule, TASK_PAGE } from '../../../domain/members/page-access.ts';
import { isRole } from '../../../domain/members/roles.ts';
import { isTaskId } from '../../../domain/tasks/task-id.ts';

/*
 * WCAG 2.2 AA checked by axe-core on every page the browser tests visit, in
 * both colour schemes (the app follows the system's: the check emulates each;
 * in the dark one, the colour rules, the only ones a scheme changes).
 *
 * Every context made by newContext (browser.ts) is watched: each address its
 * pages reach (history changes of the single-page app included) is recorded
 * with the context's cookies and local storage at that moment. After each
 * test, checkAccessibilityAfter runs axe on
 * - every page still open, as the test left it (dialogs, filled tables,
 *   errors), unless the run has checked that page in that state (the same
 *   dialogs, popups, alert and rows) for the same viewer, and
 * - every page reached during the test and not checked yet in this run (by
 *   any worker) for the same viewer (signed out, or the role in the active company):
 *   opened again, once settled, with the cookies and storage of that moment
 *   (in a context kept for the worker's files, so the app loads from its cache).
 * So a new page is checked as soon as a test visits it, and a page passed
 * through on the way is checked once per role in the run rather than in
 * every file that passes through it; every kind of state a test ends on is checked.
 * A page is what a path shows the viewer (shownAt): every path closed to a
 * role shows the same access page, checked once for that role.
 * expectAccessible checks a state on the way (an open dialog) where a test wants it.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0, 2.1 and 2.2 success criteria of levels A and AA. */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Structure the issue asks of every page (axe files them under best practice): a main landmark, one level-one heading, all content in landmarks. */
const STRUCTURE_RULES = ['landmark-one-main', 'page-has-heading-one', 'landmark-no-duplicate-main', 'region'];

const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** Target selectors shown per violation. */
const SHOWN_TARGETS = 3;

type ColorScheme = 'light' | 'dark';

const everyRule: RunOptions = {
  runOnly: { type: 'tag', values: WCAG_AA_TAGS },
  rules: Object.fromEntries(STRUCTURE_RULES.map((id) => [id, { enabled: true }])),
  resultTypes: ['violations'],
};

/**
 * The rules whose outcome the colour scheme can change: the scheme swaps
 * colours, not the page's structure, names or roles, so the second scheme
 * is checked for these alone (the others would find the same again).
 */
const colourRules: RunOptions = {
  runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] },
  resultTypes: ['violations'],
};

/** Each scheme with the rules checked in it. */
const SCHEMES: readonly { scheme: ColorScheme; options: RunOptions }[] = [
  { scheme: 'light', options: everyRule },
  { scheme: 'dark', options: colourRules },
];

function fails(violation: Result): boolean {
  return STRUCTURE_RULES.includes(violation.id) || FAILING_IMPACTS.has(violation.impact ?? '');
}

function describeViolation(violation: Result): string {
  const targets = violation.nodes
    .slice(0, SHOWN_TARGETS)
    .map((node) => `      ${node.target.join(' >>> ')}: ${node.html.slice(0, 160)}\n        ${firstLine(node.failureSummary)}`);
  const more = violation.nodes.length > SHOWN_TARGETS ? [`      … and ${violation.nodes.length - SHOWN_TARGETS} more`] : [];
  return [`    ${violation.id} (${violation.impact}): ${violation.help}`, ...targets, ...more].join('\n');
}

function firstLine(summary: string | undefined): string {
  return (summary ?? '').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('Fix')).join(' ');
}

/** Waits for the app's colour scheme to follow the emulated preference. */
async function inScheme(page: Page, scheme: ColorScheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  await page
    .waitForFunction((wanted) => document.documentElement.getAttribute('data-mantine-color-scheme') === wanted, scheme, { timeout: 2_000 })
    .catch(() => undefined);
}

const STILL = 'timeledger-axe-still';

/**
 * Stops transitions and animations while the page is checked: a colour
 * half-way through one (a fading dialog, a scheme just switched) would read
 * as low contrast, and a background tab never finishes them.
 */
async function holdStill(page: Page, still: boolean): Promise<void> {
  await page.evaluate(
    ({ id, still }) => {
      document.getElementById(id)?.remove();
      if (!still) return;
      const style = document.createElement('style');
      style.id = id;
      style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
      document.head.append(style);
    },
    { id: STILL, still },
  );
}

/**
 * What the region rule counts as a landmark besides landmarks and dialogs (its
 * default): the popups of a control (a select's listbox, a menu, a tooltip),
 * which Mantine renders at the end of the body, away from the control's landmark.
 */
const REGION_MATCHER = 'dialog, [role=dialog], [role=alertdialog], svg, [role=listbox], [role=menu], [role=tooltip]';

type Axe = typeof import('axe-core');

/** Injects axe-core into the page (evaluated, so the app's Content-Security-Policy does not block it). */
async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(axeSource);
  await page.evaluate((regionMatcher) => {
    (window as unknown as { axe: Axe }).axe.configure({ checks: [{ id: 'region', options: { regionMatcher } }] });
  }, REGION_MATCHER);
}

async function axeViolations(page: Page, options: RunOptions): Promise<{ violations: Result[]; headingsOne: number }> {
  await injectAxe(page);
  return page.evaluate(async (options) => {
    const axe = (window as unknown as { axe: Axe }).axe;
    const { violations } = await axe.run(document, options);
    const headingsOne = [...document.querySelectorAll('h1')].filter((heading) => heading.checkVisibility()).length;
    return { violations, headingsOne };
  }, options);
}

/** The accessibility problems of the page as it is now, in one colour scheme: one readable line block each. */
async function problemsIn(page: Page, scheme: ColorScheme, options: RunOptions): Promise<string[]> {
  await inScheme(page, scheme);
  const { violations, headingsOne } = await axeViolations(page, options);
  const problems = violations.filter(fails).map(describeViolation);
  if (headingsOne > 1) problems.push(`    one-heading-one: the page has ${headingsOne} level-one headings; it must have one, its title`);
  return problems;
}

/** The accessibility problems of the page in both colour schemes, each headed by where it was found. */
export async function accessibilityProblems(page: Page, where = new URL(page.url()).pathname): Promise<string[]> {
  const problems: string[] = [];
  try {
    await holdStill(page, true);
    for (const { scheme, options } of SCHEMES) {
      const found = await problemsIn(page, scheme, options);
      if (found.length > 0) problems.push(`  ${where} in ${scheme} mode:\n${found.join('\n')}`);
    }
  } finally {
    await page.emulateMedia({ colorScheme: null, reducedMotion: null }).catch(() => undefined);
    await holdStill(page, false).catch(() => undefined);
  }
  return problems;
}

/** Fails with a readable list unless the page, as it is now, passes axe-core's WCAG 2.2 AA rules in both colour schemes. */
export async function expectAccessible(page: Page): Promise<void> {
  const problems = await accessibilityProblems(page);
  if (problems.length > 0) throw new Error(report(problems));
}

function report(problems: string[]): string {
  return `Accessibility violations (axe-core, WCAG 2.2 AA, serious or critical):\n${problems.join('\n')}`;
}

// ---------------------------------------------------------------------------
// Every page the tests visit

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface Visit {
  url: string;
  storage: StorageState;
}

interface Watched {
  browser: Browser;
  options: BrowserContextOptions;
  /** Addresses reached since the last check, by pathname; the first one of each is kept. */
  visits: Map<string, Promise<Visit | null>>;
}

const watched = new Map<BrowserContext, Watched>();

/**
 * The pages checked in this run, pathname and viewer, shared by the workers:
 * a file each in the run's folder, made by the first worker to claim it.
 */
let checkedFolder: string | undefined;

function claimFirstCheck(key: string): boolean {
  if (!checkedFolder) mkdirSync((checkedFolder = path.join(inject('e2eRunDir'), 'checked-pages')), { recursive: true });
  try {
    writeFileSync(path.join(checkedFolder, createHash('sha256').update(key).digest('hex')), key, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Records every address the context's pages reach from now on, with its
 * storage at that moment, for checkAccessibility. A context handed out again
 * (browser.ts's giveBack) is watched afresh.
 */
export function watchVisits(browser: Browser, context: BrowserContext, options: BrowserContextOptions): void {
  watched.set(context, { browser, options, visits: new Map() });
  if (listened.has(context)) return;
  listened.add(context);
  context.on('page', (page) => {
    page.on('framenavigated', (frame) => {
      const entry = watched.get(context);
      if (!entry || frame !== page.mainFrame()) return;
      const url = new URL(frame.url());
      if (url.protocol === 'about:' || entry.visits.has(url.pathname)) return;
      entry.visits.set(
        url.pathname,
        context.storageState().then(
          (storage) => ({ url: url.href, storage }),
          () => null,
        ),
      );
    });
  });
}

/** Contexts whose pages watchVisits listens to. */
const listened = new WeakSet<BrowserContext>();

/** Who looks at a page, as far as it changes what the page shows: signed out, or the role in the active company (the app's stored choice, else the only one). */
async function viewerOf(origin: string, storage: StorageState): Promise<string> {
  const { hostname } = new URL(origin);
  const cookie = storage.cookies
    .filter((entry) => entry.domain.replace(/^\./, '') === hostname)
    .map((entry) => `${entry.name}=${entry.value}`)
    .join('; ');
  const me = await fetch(`${origin}/api/me`, { headers: { cookie } });
  if (!me.ok) return 'signed out';
  const profile = (await me.json()) as { companyList: { companyId: string; role: string }[] };
  const stored = storage.origins.find((entry) => entry.origin === origin)?.localStorage.find((item) => item.name === 'timeledger.activeCompany');
  const storedId = stored ? (JSON.parse(stored.value) as { state?: { companyId?: string } }).state?.companyId : undefined;
  const active = profile.companyList.find((company) => company.companyId === storedId) ?? (profile.companyList.length === 1 ? profile.companyList[0] : undefined);
  return active ? active.role : profile.companyList.length > 0 ? 'no company chosen' : 'no company';
}

/**
 * Waits until the page shows its content: a main landmark, its heading and no
 * loader or skeleton. A lazy page's chunk may still be on its way, the router
 * showing an empty main for its first second; a page opened again in a fresh
 * context loads cold, which on a busy machine took more than 5 s. So it waits
 * as long as a locator does (browser.ts's UI_TIMEOUT).
 */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => document.querySelector('h1') !== null && document.querySelector('main') !== null && document.querySelector('.mantine-Loader-root, .mantine-Skeleton-root') === null,
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}

/**
 * The contexts that open pages again, one per browser and screen, kept for
 * the worker's files: each keeps its cache, so the app loads from it after
 * the first page. They open one page at a time, each with the cookies of the
 * session that reached it.
 */
const checkers = new WeakMap<Browser, Map<string, Promise<BrowserContext>>>();

async function checkerFor(browser: Browser, options: BrowserContextOptions, { cookies }: StorageState): Promise<BrowserContext> {
  const ofBrowser = checkers.get(browser) ?? new Map<string, Promise<BrowserContext>>();
  checkers.set(browser, ofBrowser);
  const key = JSON.stringify(options);
  let checker = ofBrowser.get(key);
  if (!checker) {
    checker = browser.newContext({ ...options, reducedMotion: 'reduce' });
    ofBrowser.set(key, checker);
  }
  const context = await checker;
  await context.clearCookies();
  await context.addCookies(cookies);
  return context;
}

/** The page opened again with the cookies and the local storage it had when the test reached it, checked once settled. */
async function reopened(browser: Browser, options: BrowserContextOptions, { url, storage }: Visit): Promise<string[]> {
  const { origin, pathname } = new URL(url);
  const page = await (await checkerFor(browser, options, storage)).newPage();
  try {
    const items = storage.origins.find((entry) => entry.origin === origin)?.localStorage ?? [];
    await page.addInitScript(
      ({ origin, items }) => {
        if (window.location.origin !== origin) return;
        window.localStorage.clear();
        for (const { name, value } of items) window.localStorage.setItem(name, value);
      },
      { origin, items },
    );
    await page.goto(url);
    await settled(page);
    return await accessibilityProblems(page, `${pathname} (opened again)`);
  } finally {
    await page.close();
  }
}

/**
 * The state an open page is in, as far as its checks can differ: what
 * overlays it shows (dialogs by name, an open menu or list, an alert) and
 * whether its main shows a table's rows. The same page in the same state
 * with other figures is not checked again in the run.
 */
function stateOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const shown = (selector: string) => [...document.querySelectorAll(selector)].filter((element) => element.checkVisibility());
    const dialogs = shown('[role=dialog], [role=alertdialog]').map((dialog) => dialog.getAttribute('aria-label') ?? dialog.querySelector('h1, h2, h3')?.textContent ?? 'dialog');
    const overlays = shown('[role=menu], [role=listbox], [role=tooltip]').map((overlay) => overlay.getAttribute('role') ?? '');
    const alerts = shown('[role=alert]').length > 0 ? ['alert'] : [];
    const rows = shown('main table tbody tr').length > 0 ? ['rows'] : [];
    return [...dialogs.sort(), ...overlays.sort(), ...alerts, ...rows].join(', ');
  });
}

/**
 * What a path shows a viewer, as the page table has it: the page itself; a
 * page closed to the viewer's role, the access page (the same on every
 * closed path) or the page the role is sent to instead; any task's page, the
 * task page.
 */
function shownAt(pathname: string, viewer: string): string {
  const [, first, second, ...more] = pathname.split('/');
  const route = first && second && more.length === 0 && isTaskId(second) ? TASK_PAGE : pathname;
  if (!isRole(viewer) || mayOpenPage(viewer, route)) return route;
  return pageRule(route)?.otherwise ?? 'the access page';
}

/** A page as the run's checks know it: what it shows and who looks at it. */
async function pageFor(url: string, storage: StorageState): Promise<string> {
  const { origin, pathname } = new URL(url);
  const viewer = await viewerOf(origin, storage);
  return `${shownAt(pathname, viewer)} as ${viewer}`;
}

async function problemsOf(context: BrowserContext, { browser, options, visits }: Watched): Promise<string[]> {
  const reached = await Promise.all(visits.values());
  visits.clear();
  const problems: string[] = [];
  const open = context.pages().filter((page) => !page.isClosed() && !page.url().startsWith('about:'));
  for (const page of open) {
    await settled(page);
    // Open here, it need not be opened again; it is checked once in each kind of state.
    const shown = await pageFor(page.url(), await context.storageState());
    claimFirstCheck(shown);
    if (!claimFirstCheck(`${shown} showing ${await stateOf(page)}`)) continue;
    problems.push(...(await accessibilityProblems(page)));
  }
  for (const visit of reached) {
    if (visit && claimFirstCheck(await pageFor(visit.url, visit.storage))) problems.push(...(await reopened(browser, options, visit)));
  }
  return problems;
}

/**
 * Runs axe-core on the open pages of the watched contexts and on each page
 * they reached that no worker has checked yet for the same viewer; fails
 * with every serious or critical violation found. Contexts closed since are
 * forgotten once their pages are checked.
 */
export async function checkAccessibility(): Promise<void> {
  const problems: string[] = [];
  for (const [context, entry] of watched) {
    problems.push(...(await problemsOf(context, entry)));
    if (!entry.browser.contexts().includes(context)) watched.delete(context);
  }
  if (problems.length > 0) throw new Error(report(problems));
}

/**
 * For afterAll of a test file: stops watching its contexts and answers them,
 * for browser.ts to take back (giveBack) or close.
 */
export function endFileChecks(): BrowserContext[] {
  const contexts = [...watched.keys()];
  watched.clear();
  return contexts;
}

/** For afterEach: checks what a test visited, once it passed (a failed test has told enough, and its pages may be half-way). */
export async function checkAccessibilityAfter({ task }: TestContext): Promise<void> {
  if (task.result?.state !== 'fail') return checkAccessibility();
  for (const entry of watched.values()) entry.visits.clear();
}
