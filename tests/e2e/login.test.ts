import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  alertWith,
  createVerifiedUser,
  ensureWebBuild,
  fieldError,
  launchBrowser,
  newContext,
  newUser,
  pageErrors,
  pathOf,
  screenshot,
  signInWithApi,
  signInWithUi,
  type TestUser,
  visible,
  waitForPath,
} from './support/browser.ts';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: TestUser;

beforeAll(async () => {
  await ensureWebBuild();
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  user = await createVerifiedUser(server, newUser('login', 'Katherine Johnson'));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
beforeEach(async () => {
  context = await newContext(browser, server);
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
  expect(pageErrors.splice(0)).toEqual([]);
});

const sessionCookie = async (c: BrowserContext) => (await c.cookies()).find((cookie) => cookie.name === 'tl_session');

describe('login', () => {
  it('validates the fields before calling the server', async () => {
    await page.goto('/auth/login');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    await visible(page.getByRole('link', { name: 'Forgot password?' }));
    await visible(page.getByRole('link', { name: 'Sign up' }));
    await screenshot(page, 'login');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page.getByText('Required').first());
    expect(await fieldError(email)).toBe('Required');
    expect(await fieldError(password)).toBe('Required');

    await email.fill('not-an-email');
    await password.fill('whatever');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page.getByText('Invalid email address'));
    expect(await fieldError(email)).toBe('Invalid email address');
    expect(await fieldError(password)).toBe('');
    await screenshot(page, 'login-errors');
    expect(pathOf(page)).toBe('/auth/login');
  });

  it('refuses a wrong password', async () => {
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong#Password1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await alertWith(page, 'Invalid email or password.');
    expect(pathOf(page)).toBe('/auth/login');
    expect(await sessionCookie(context)).toBeUndefined();
  });

  it('shows Loading... on the button while signing in', async () => {
    // Hold the answer back so the pending state is there to see.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    const loading = await visible(page.getByRole('button', { name: 'Loading...' }));
    expect(await loading.isDisabled()).toBe(true);
    release();
    await waitForPath(page, '/dashboard-team');
  });

  it('keeps the session for the browser session only without Remember me', async () => {
    await signInWithUi(page, user);
    const cookie = await sessionCookie(context);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', expires: -1 });
  });

  it('keeps the session for 30 days with Remember me', async () => {
    await signInWithUi(page, user, { rememberMe: true });
    const cookie = await sessionCookie(context);
    const thirtyDaysFromNow = Date.now() / 1000 + 30 * 86_400;
    expect(cookie?.httpOnly).toBe(true);
    expect(Math.abs(cookie!.expires - thirtyDaysFromNow)).toBeLessThan(120);
  });

  it('sends a visitor without a session from a main page to sign in', async () => {
    await page.goto('/profile');
    await waitForPath(page, '/auth/login');
    await visible(page.getByRole('heading', { name: 'Sign in' }));
  });

  it('sends a signed-in user from the auth pages to the team dashboard', async () => {
    await signInWithApi(context, user);
    for (const authPage of ['/auth/login', '/auth/sign-up', '/']) {
      await page.goto(authPage);
      await waitForPath(page, '/dashboard-team');
      await visible(page.getByRole('heading', { name: 'Team Dashboard' }));
    }
  });

  it('shows the not-found page for an unknown path, with a link home', async () => {
    await page.goto('/no/such/page');
    await visible(page.getByRole('heading', { name: 'Page not found' }));
    await visible(page.getByRole('heading', { name: '404' }));
    await visible(page.getByText('The page is deprecated, deleted, or does not exist at all'));
    await screenshot(page, 'not-found');

    await page.getByRole('link', { name: 'Back to home' }).click();
    await waitForPath(page, '/');
    await visible(page.getByRole('heading', { name: 'Sign in' }));
  });
});
