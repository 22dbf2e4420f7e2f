import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identityMessages } from '../../api/identity/service.ts';
import { accountMessages } from '../../domain/identity/account.ts';
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
  signInWithUi,
  uniqueEmail,
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

/** Asks for a reset link on the forgot-password screen; returns the answer shown on the page. */
async function requestReset(p: Page, email: string): Promise<string> {
  await p.goto('/auth/forgot-password');
  await p.getByLabel('Email').fill(email);
  await p.getByRole('button', { name: 'Send Reset Link' }).click();
  const answer = await alertWith(p, identityMessages.resetSent);
  return (await answer.innerText()).trim();
}

async function setNewPassword(p: Page, password: string) {
  await p.getByLabel('New password').fill(password);
  await p.getByLabel('Confirm password').fill(password);
  await p.getByRole('button', { name: 'Reset password' }).click();
}

describe('password reset', () => {
  it('answers the same for unknown and known addresses, and requires an email', async () => {
    const user = await createVerifiedUser(server, newUser('reset-same'));

    await page.goto('/auth/forgot-password');
    await visible(page.getByRole('heading', { name: 'Forgot password' }));
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await visible(page.getByText('Required'));
    expect(await fieldError(page.getByLabel('Email'))).toBe('Required');

    const mailsBefore = server.mailbox.received.length;
    const unknownAnswer = await requestReset(page, uniqueEmail('nobody'));
    const knownAnswer = await requestReset(page, user.email);
    expect(knownAnswer).toBe(unknownAnswer);
    await screenshot(page, 'forgot-password-sent');

    // Only the known address got mail.
    await server.mailbox.linkTo(user.email, '/auth/reset-password', mailsBefore);
    expect(server.mailbox.received.slice(mailsBefore).map((mail) => mail.to)).toEqual([[user.email]]);
  });

  it('sets a new password with the mailed link, which works only once', async () => {
    const user = await createVerifiedUser(server, newUser('reset-flow', 'Margaret Hamilton'));
    const mailsBefore = server.mailbox.received.length;
    await requestReset(page, user.email);
    const link = await server.mailbox.linkTo(user.email, '/auth/reset-password', mailsBefore);

    await page.goto(link);
    await visible(page.getByRole('heading', { name: 'Reset password' }));
    await screenshot(page, 'reset-password');

    // The form checks the new password before sending it.
    await page.getByLabel('New password').fill('weak');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await visible(page.getByText('At least 6 Characters, At least one uppercase, one number and one special case character'));

    const newPassword = 'Apollo#1969';
    await setNewPassword(page, newPassword);
    await alertWith(page, identityMessages.passwordReset);
    await waitForPath(page, '/auth/login');

    // The old password is gone; the new one signs in.
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await alertWith(page, 'Invalid email or password.');
    await signInWithUi(page, { ...user, password: newPassword });

    // The same link a second time: refused, with a way to ask for a new one.
    const again = await (await newContext(browser, server)).newPage();
    await again.goto(link);
    await setNewPassword(again, 'Another#2024');
    const error = await visible(again.getByRole('alert').filter({ hasText: accountMessages.badResetLink }).first());
    await visible(error.getByRole('link', { name: 'Request a new link' }));
    expect(pathOf(again)).toBe('/auth/reset-password');
    await screenshot(again, 'reset-password-used-link');
    await again.context().close();
  });

  it('explains an incomplete link instead of showing the form', async () => {
    await page.goto('/auth/reset-password?u=someone');
    await visible(page.getByText('Invalid link'));
    expect(await page.getByLabel('New password').count()).toBe(0);
  });
});
