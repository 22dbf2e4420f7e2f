import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { identityMessages } from '../../api/identity/service.ts';
import {
  alertWith,
  browserSuite,
  fieldError,
  newUser,
  pathOf,
  screenshot,
  signInWithUi,
  visible,
  waitForPath,
} from './support/browser.ts';

const t = browserSuite();

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
    await t.page.goto('/auth/sign-up');
    const f = form(t.page);
    await visible(t.page.getByRole('heading', { name: 'Create your account' }));
    await f.submit.click();

    await visible(t.page.getByText('Full Name is required'));
    expect(await fieldError(f.fullName)).toBe('Full Name is required');
    expect(await fieldError(f.email)).toBe('Email address is required');
    expect(await fieldError(f.password)).toBe('Password is required');
    expect(await fieldError(f.confirm)).toBe('Please confirm your password');
    expect(await fieldError(f.terms)).toBe('Please accept the terms and conditions.');
    for (const text of ['Email address is required', 'Password is required', 'Please confirm your password', 'Please accept the terms and conditions.']) {
      await visible(t.page.getByText(text));
    }
    expect(pathOf(t.page)).toBe('/auth/sign-up');
    await screenshot(t.page, 'sign-up-empty-errors');
  });

  it('explains each rule a bad value breaks', async () => {
    await t.page.goto('/auth/sign-up');
    const f = form(t.page);
    await f.fullName.fill('Al 1');
    await f.email.fill('al@example');
    await f.password.fill('weakpass');
    await f.confirm.fill('different');
    await f.terms.check();
    await f.submit.click();

    await visible(t.page.getByText('Name must contain 3 letters'));
    expect(await fieldError(f.fullName)).toBe('Name must contain 3 letters');
    expect(await fieldError(f.email)).toBe('Email must be a valid email');
    expect(await fieldError(f.password)).toBe(
      'At least 6 Characters, At least one uppercase, one number and one special case character',
    );
    expect(await fieldError(f.confirm)).toBe('Passwords must match.');
    expect(await fieldError(f.terms)).toBe('');
    await screenshot(t.page, 'sign-up-rule-errors');

    // Fixing a field clears its message.
    await f.password.fill('Strong#123');
    await f.confirm.fill('Strong#123');
    await f.submit.click();
    await visible(t.page.getByText('Name must contain 3 letters'));
    expect(await fieldError(f.password)).toBe('');
    expect(await fieldError(f.confirm)).toBe('');
    expect(pathOf(t.page)).toBe('/auth/sign-up');
  });

  it('signs up, asks for verification, verifies by the mailed link and signs in to the main layout', async () => {
    const user = newUser('signup', 'Grace Hopper');
    await t.page.goto('/auth/sign-up');
    const f = form(t.page);
    await f.fullName.fill(user.name);
    await f.email.fill(user.email);
    await f.password.fill(user.password);
    await f.confirm.fill(user.password);
    await f.terms.check();
    await f.submit.click();

    await alertWith(t.page, identityMessages.signedUp);
    await waitForPath(t.page, '/auth/login');
    await visible(t.page.getByRole('heading', { name: 'Sign in' }));

    // Not verified yet: sign-in is refused with the spec's warning.
    const link = await t.server.mailbox.linkTo(user.email, '/auth/verify-email');
    await t.page.getByLabel('Email').fill(user.email);
    await t.page.getByLabel('Password', { exact: true }).fill(user.password);
    await t.page.getByRole('button', { name: 'Sign in' }).click();
    await alertWith(t.page, 'Please verify your email address.');
    expect(pathOf(t.page)).toBe('/auth/login');

    // The user opens the link mailed at sign-up (tests/e2e/verification.test.ts follows 'Send again').
    await t.page.goto(link);
    await visible(t.page.getByText('Email verified'));
    await visible(t.page.getByText(identityMessages.verified));
    await screenshot(t.page, 'verify-email');

    await t.page.getByRole('link', { name: 'Sign in' }).click();
    await waitForPath(t.page, '/auth/login');
    await signInWithUi(t.page, user);

    // The main layout: side menu with only Profile and Invites, and the prompt to create a company.
    await visible(t.page.getByRole('heading', { name: 'Team Dashboard' }));
    const manage = t.page.getByRole('navigation', { name: 'Manage' });
    await visible(manage.getByRole('link', { name: 'Profile' }));
    await visible(manage.getByRole('link', { name: 'Invites' }));
    expect(await manage.getByRole('link').allInnerTexts()).toEqual(['Profile', 'Invites']);
    await visible(t.page.getByText('No company yet', { exact: true }));
    expect(await t.page.getByRole('link', { name: 'Create Company' }).count()).toBeGreaterThanOrEqual(1);
    await visible(t.page.getByRole('button', { name: 'Account menu' }));
    await screenshot(t.page, 'dashboard-team');
  });
});
