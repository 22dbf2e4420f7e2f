import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  alertWith,
  browserSuite,
  createVerifiedUser,
  fieldError,
  newUser,
  pathOf,
  screenshot,
  signInWithApi,
  signInWithUi,
  type TestUser,
  visible,
  waitForPath,
} from './support/browser.ts';

const t = browserSuite();
let user: TestUser;

beforeAll(async () => {
  user = await createVerifiedUser(t.server, newUser('login', 'Katherine Johnson'));
});

const sessionCookie = async (c: BrowserContext) => (await c.cookies()).find((cookie) => cookie.name === 'tl_session');

describe('login', () => {
  it('validates the fields before calling the server', async () => {
    await t.page.goto('/auth/login');
    const email = t.page.getByLabel('Email');
    const password = t.page.getByLabel('Password', { exact: true });
    await visible(t.page.getByRole('heading', { name: 'Sign in' }));
    await visible(t.page.getByRole('link', { name: 'Forgot password?' }));
    await visible(t.page.getByRole('link', { name: 'Sign up' }));
    await screenshot(t.page, 'login');

    await t.page.getByRole('button', { name: 'Sign in' }).click();
    await visible(t.page.getByText('Required').first());
    expect(await fieldError(email)).toBe('Required');
    expect(await fieldError(password)).toBe('Required');

    await email.fill('not-an-email');
    await password.fill('whatever');
    await t.page.getByRole('button', { name: 'Sign in' }).click();
    await visible(t.page.getByText('Invalid email address'));
    expect(await fieldError(email)).toBe('Invalid email address');
    expect(await fieldError(password)).toBe('');
    await screenshot(t.page, 'login-errors');
    expect(pathOf(t.page)).toBe('/auth/login');
  });

  it('refuses a wrong password', async () => {
    await t.page.goto('/auth/login');
    await t.page.getByLabel('Email', { exact: true }).fill(user.email);
    await t.page.getByLabel('Password', { exact: true }).fill('Wrong#Password1');
    await t.page.getByRole('button', { name: 'Sign in' }).click();
    await alertWith(t.page, 'Invalid email or password.');
    expect(pathOf(t.page)).toBe('/auth/login');
    expect(await sessionCookie(t.context)).toBeUndefined();
  });

  it('shows Loading... on the button while signing in', async () => {
    // Hold the answer back so the pending state is there to see.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await t.page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await t.page.goto('/auth/login');
    await t.page.getByLabel('Email', { exact: true }).fill(user.email);
    await t.page.getByLabel('Password', { exact: true }).fill(user.password);
    await t.page.getByRole('button', { name: 'Sign in' }).click();

    const loading = await visible(t.page.getByRole('button', { name: 'Loading...' }));
    expect(await loading.isDisabled()).toBe(true);
    release();
    await waitForPath(t.page, '/dashboard-team');
    await visible(t.page.getByRole('heading', { name: 'Team Dashboard' }));
  });

  it('keeps the session for the browser session only without Remember me', async () => {
    await signInWithUi(t.page, user);
    await visible(t.page.getByRole('heading', { name: 'Team Dashboard' }));
    const cookie = await sessionCookie(t.context);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', expires: -1 });
  });

  it('keeps the session for 30 days with Remember me', async () => {
    await signInWithUi(t.page, user, { rememberMe: true });
    await visible(t.page.getByRole('heading', { name: 'Team Dashboard' }));
    const cookie = await sessionCookie(t.context);
    const thirtyDaysFromNow = Date.now() / 1000 + 30 * 86_400;
    expect(cookie?.httpOnly).toBe(true);
    expect(Math.abs(cookie!.expires - thirtyDaysFromNow)).toBeLessThan(120);
  });

  it('sends a visitor without a session from a main page to sign in', async () => {
    await t.page.goto('/profile');
    await waitForPath(t.page, '/auth/login');
    await visible(t.page.getByRole('heading', { name: 'Sign in' }));
  });

  it('sends a signed-in user from the auth pages to the team dashboard', async () => {
    await signInWithApi(t.context, user);
    for (const authPage of ['/auth/login', '/auth/sign-up', '/']) {
      await t.page.goto(authPage);
      await waitForPath(t.page, '/dashboard-team');
      await visible(t.page.getByRole('heading', { name: 'Team Dashboard' }));
    }
  });

  it('shows the not-found page for an unknown path, with a link home', async () => {
    await t.page.goto('/no/such/page');
    await visible(t.page.getByRole('heading', { name: 'Page not found' }));
    await visible(t.page.getByText('404', { exact: true }));
    await visible(t.page.getByText('The page is deprecated, deleted, or does not exist at all'));
    await screenshot(t.page, 'not-found');

    await t.page.getByRole('link', { name: 'Back to home' }).click();
    await waitForPath(t.page, '/');
    await visible(t.page.getByRole('heading', { name: 'Sign in' }));
  });
});
