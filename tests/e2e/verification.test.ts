import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { identityMessages } from '../../api/identity/service.ts';
import { verificationResendTooSoon } from '../../domain/identity/account.ts';
import { messages } from '../../domain/identity/validation.ts';
import { alertWith, browserSuite, newUser, pathOf, screenshot, signInWithUi, type TestUser, visible, waitForPath } from './support/browser.ts';

const t = browserSuite();

async function signUp(p: Page, user: TestUser) {
  await p.goto('/auth/sign-up');
  await p.getByLabel('Full name').fill(user.name);
  await p.getByLabel('Email').fill(user.email);
  await p.getByLabel('Password', { exact: true }).fill(user.password);
  await p.getByLabel('Confirm password').fill(user.password);
  await p.getByLabel('I accept the privacy policy').check();
  await p.getByRole('button', { name: 'Create account' }).click();
  await alertWith(p, identityMessages.signedUp);
  await waitForPath(p, '/auth/login');
}

const verifyLinksTo = (email: string) =>
  t.server.mailbox.received.filter((mail) => mail.to.includes(email)).flatMap((mail) => mail.links.filter((link) => link.includes('/auth/verify-email')));

describe('e-mail verification', () => {
  it("keeps the sign-up link valid after a sign-in; 'Send again' mails another, then refuses for a few minutes, saying when", async () => {
    const user = newUser('verification', 'Barbara Liskov');
    await signUp(t.page, user);
    const signUpLink = await t.server.mailbox.linkTo(user.email, '/auth/verify-email');

    // Signing in before verifying: the spec's warning, a word on the sign-up mail, and 'Send again'.
    await t.page.getByLabel('Email').fill(user.email);
    await t.page.getByLabel('Password', { exact: true }).fill(user.password);
    await t.page.getByRole('button', { name: 'Sign in' }).click();
    const pending = await alertWith(t.page, 'when you signed up');
    await visible(pending.getByText(messages.verifyEmail));
    expect(pathOf(t.page)).toBe('/auth/login');
    await screenshot(t.page, 'login-unverified');

    const mailsBefore = t.server.mailbox.received.length;
    const sendAgain = pending.getByRole('button', { name: 'Send again' });
    await sendAgain.click();
    await visible(pending.getByText(identityMessages.verificationResent));
    const resentLink = await t.server.mailbox.linkTo(user.email, '/auth/verify-email', mailsBefore);
    expect(resentLink).not.toBe(signUpLink);

    await sendAgain.click();
    await visible(pending.getByText(/less than 5 minutes ago/));
    const refusal = (await pending.getByText(/less than 5 minutes ago/).innerText()).trim();
    expect([verificationResendTooSoon(5 * 60), verificationResendTooSoon(4 * 60)]).toContain(refusal);
    await screenshot(t.page, 'login-send-again-refused');
    // Two mails in all: the sign-up's and the one 'Send again' sent; the sign-in mailed nothing.
    expect(verifyLinksTo(user.email)).toEqual([signUpLink, resentLink]);

    // The FIRST link still verifies the address.
    await t.page.goto(signUpLink);
    await visible(t.page.getByText('Email verified'));
    await visible(t.page.getByText(identityMessages.verified));
    await t.page.getByRole('link', { name: 'Sign in' }).click();
    await waitForPath(t.page, '/auth/login');
    await signInWithUi(t.page, user);
    await visible(t.page.getByRole('heading', { name: 'Team Dashboard' }));
  });
});
