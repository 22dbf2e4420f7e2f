import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identityMessages } from '../../api/identity/service.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  alertWith,
  ensureWebBuild,
  fieldError,
  launchBrowser,
  newContext,
  newUser,
  pageErrors,
  pathOf,
  screenshot,
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

const form = (p: Page) => ({
  fullName: p.getByLabel('Full name'),
  email: p.getByLabel('Email'),
  password: p.getByLabel('Password', { exact: true }),
  confirm: p.getByLabel('Confirm password'),
  terms: p.getByLabel('I accept the privacy policy'),
  submit: p.getByRole('button', { name: 'Create account' }),
});

describe('sign-up', () => {
  it('names every missing field on an empty submit', async () => {
    await page.goto('/auth/sign-up');
    const f = form(page);
    await visible(page.getByRole('heading', { name: 'Create your account' }));
    await f.submit.click();

    await visible(page.getByText('Full Name is required'));
    expect(await fieldError(f.fullName)).toBe('Full Name is required');
    expect(await fieldError(f.email)).toBe('Email address is required');
    expect(await fieldError(f.password)).toBe('Password is required');
    expect(await fieldError(f.confirm)).toBe('Please confirm your password');
    expect(await fieldError(f.terms)).toBe('Please accept the terms and conditions.');
    for (const text of ['Email address is required', 'Password is required', 'Please confirm your password', 'Please accept the terms and conditions.']) {
      await visible(page.getByText(text));
    }
    expect(pathOf(page)).toBe('/auth/sign-up');
    await screenshot(page, 'sign-up-empty-errors');
  });

  it('explains each rule a bad value breaks', async () => {
    await page.goto('/auth/sign-up');
    const f = form(page);
    await f.fullName.fill('Al 1');
    await f.email.fill('al@example');
    await f.password.fill('weakpass');
    await f.confirm.fill('different');
    await f.terms.check();
    await f.submit.click();

    await visible(page.getByText('Name must contain 3 letters'));
    expect(await fieldError(f.fullName)).toBe('Name must contain 3 letters');
    expect(await fieldError(f.email)).toBe('Email must be a valid email');
    expect(await fieldError(f.password)).toBe(
      'At least 6 Characters, At least one uppercase, one number and one special case character',
    );
    expect(await fieldError(f.confirm)).toBe('Passwords must match.');
    expect(await fieldError(f.terms)).toBe('');
    await screenshot(page, 'sign-up-rule-errors');

    // Fixing a field clears its message.
    await f.password.fill('Strong#123');
    await f.confirm.fill('Strong#123');
    await f.submit.click();
    await visible(page.getByText('Name must contain 3 letters'));
    expect(await fieldError(f.password)).toBe('');
    expect(await fieldError(f.confirm)).toBe('');
    expect(pathOf(page)).toBe('/auth/sign-up');
  });

  it('signs up, asks for verification, verifies by the mailed link and signs in to the main layout', async () => {
    const user = newUser('signup', 'Grace Hopper');
    await page.goto('/auth/sign-up');
    const f = form(page);
    await f.fullName.fill(user.name);
    await f.email.fill(user.email);
    await f.password.fill(user.password);
    await f.confirm.fill(user.password);
    await f.terms.check();
    await f.submit.click();

    await alertWith(page, identityMessages.signedUp);
    await waitForPath(page, '/auth/login');
    await visible(page.getByRole('heading', { name: 'Sign in' }));

    // Not verified yet: sign-in is refused with the spec's warning.
    const mailsBefore = server.mailbox.received.length;
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await alertWith(page, 'Please verify your email address.');
    expect(pathOf(page)).toBe('/auth/login');

    // The refused sign-in mailed a fresh link; the user opens it.
    const link = await server.mailbox.linkTo(user.email, '/auth/verify-email', mailsBefore);
    await page.goto(link);
    await visible(page.getByText('Email verified'));
    await visible(page.getByText(identityMessages.verified));
    await screenshot(page, 'verify-email');

    await page.getByRole('link', { name: 'Sign in' }).click();
    await waitForPath(page, '/auth/login');
    await signInWithUi(page, user);

    // The main layout: side menu with only Profile and Invites, and the prompt to create a company.
    await visible(page.getByRole('heading', { name: 'Team Dashboard' }));
    const manage = page.getByRole('navigation', { name: 'Manage' });
    await visible(manage.getByRole('link', { name: 'Profile' }));
    await visible(manage.getByRole('link', { name: 'Invites' }));
    expect(await manage.getByRole('link').allInnerTexts()).toEqual(['Profile', 'Invites']);
    await visible(page.getByText('No company yet', { exact: true }));
    expect(await page.getByRole('link', { name: 'Create Company' }).count()).toBeGreaterThanOrEqual(1);
    await visible(page.getByRole('button', { name: 'Account menu' }));
    await screenshot(page, 'dashboard-team');
  });
});
