import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { identityMessages } from '../../api/identity/service.ts';
import { accountMessages } from '../../domain/identity/account.ts';
import {
  alertWith,
  browserSuite,
  createVerifiedUser,
  fieldError,
  newContext,
  newUser,
  pathOf,
  screenshot,
  signInWithUi,
  uniqueEmail,
  visible,
  waitForPath,
} from './support/browser.ts';

const t = browserSuite();

/** Asks for a reset link on the forgot-password screen; returns the answer shown on the t.page. */
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
    const user = await createVerifiedUser(t.server, newUser('reset-same'));

    await t.page.goto('/auth/forgot-password');
    await visible(t.page.getByRole('heading', { name: 'Forgot password' }));
    await t.page.getByRole('button', { name: 'Send Reset Link' }).click();
    await visible(t.page.getByText('Required'));
    expect(await fieldError(t.page.getByLabel('Email'))).toBe('Required');

    const mailsBefore = t.server.mailbox.received.length;
    const unknownAnswer = await requestReset(t.page, uniqueEmail('nobody'));
    const knownAnswer = await requestReset(t.page, user.email);
    expect(knownAnswer).toBe(unknownAnswer);
    await screenshot(t.page, 'forgot-password-sent');

    // Only the known address got mail.
    await t.server.mailbox.linkTo(user.email, '/auth/reset-password', mailsBefore);
    expect(t.server.mailbox.received.slice(mailsBefore).map((mail) => mail.to)).toEqual([[user.email]]);
  });

  it('sets a new password with the mailed link, which works only once', async () => {
    const user = await createVerifiedUser(t.server, newUser('reset-flow', 'Margaret Hamilton'));
    const mailsBefore = t.server.mailbox.received.length;
    await requestReset(t.page, user.email);
    const link = await t.server.mailbox.linkTo(user.email, '/auth/reset-password', mailsBefore);

    await t.page.goto(link);
    await visible(t.page.getByRole('heading', { name: 'Reset password' }));
    await screenshot(t.page, 'reset-password');
    // The API tokens go with the old password unless the person unticks this.
    expect(await t.page.getByRole('checkbox', { name: 'Also revoke my API tokens' }).isChecked()).toBe(true);

    // The form checks the new password before sending it.
    await t.page.getByLabel('New password').fill('weak');
    await t.page.getByRole('button', { name: 'Reset password' }).click();
    await visible(t.page.getByText('At least 6 Characters, At least one uppercase, one number and one special case character'));

    const newPassword = 'Apollo#1969';
    await setNewPassword(t.page, newPassword);
    await alertWith(t.page, identityMessages.passwordReset);
    await waitForPath(t.page, '/auth/login');

    // The old password is gone; the new one signs in.
    await t.page.getByLabel('Email').fill(user.email);
    await t.page.getByLabel('Password', { exact: true }).fill(user.password);
    await t.page.getByRole('button', { name: 'Sign in' }).click();
    await alertWith(t.page, 'Invalid email or password.');
    await signInWithUi(t.page, { ...user, password: newPassword });

    // The same link a second time: refused, with a way to ask for a new one.
    const again = await (await newContext(t.browser, t.server)).newPage();
    await again.goto(link);
    await setNewPassword(again, 'Another#2024');
    const error = await visible(again.getByRole('alert').filter({ hasText: accountMessages.badResetLink }).first());
    await visible(error.getByRole('link', { name: 'Request a new link' }));
    expect(pathOf(again)).toBe('/auth/reset-password');
    await screenshot(again, 'reset-password-used-link');
    await again.context().close();
  });

  it('explains an incomplete link instead of showing the form', async () => {
    await t.page.goto('/auth/reset-password?u=someone');
    await visible(t.page.getByText('Invalid link'));
    expect(await t.page.getByLabel('New password').count()).toBe(0);
  });
});
