import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  createVerifiedUser,
  ensureWebBuild,
  launchBrowser,
  newContext,
  newUser,
  pageErrors,
  signInWithUi,
  visible,
  waitForPath,
} from './support/browser.ts';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  await ensureWebBuild();
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
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

describe('logout', () => {
  it('ends the session, forgets local data and goes home', async () => {
    const user = await createVerifiedUser(server, newUser('logout', 'Hedy Lamarr'));
    await signInWithUi(page, user);
    await page.evaluate(() => localStorage.setItem('timeledger-test', 'left behind?'));
    expect(await page.evaluate(() => localStorage.length)).toBe(1);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await visible(page.getByText(`Welcome, ${user.name}`));
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    await waitForPath(page, '/');
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect((await context.cookies()).filter((cookie) => cookie.name === 'tl_session')).toEqual([]);

    await page.goto('/profile');
    await waitForPath(page, '/auth/login');
    await visible(page.getByRole('heading', { name: 'Sign in' }));
  });
});
