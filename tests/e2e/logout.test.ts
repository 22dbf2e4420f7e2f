import { describe, expect, it } from 'vitest';
import {
  browserSuite,
  createVerifiedUser,
  liveSocketReady,
  newUser,
  signInWithUi,
  visible,
  waitForPath,
} from './support/browser.ts';

const t = browserSuite();

describe('logout', () => {
  it('ends the session, forgets local data and goes home', async () => {
    const user = await createVerifiedUser(t.server, newUser('logout', 'Hedy Lamarr'));
    await signInWithUi(t.page, user);
    await t.page.evaluate(() => localStorage.setItem('timeledger-test', 'left behind?'));
    expect(await t.page.evaluate(() => localStorage.length)).toBe(1);

    await t.page.getByRole('button', { name: 'Account menu' }).click();
    await visible(t.page.getByText(`Welcome, ${user.name}`));
    await t.page.getByRole('menuitem', { name: 'Logout' }).click();

    await waitForPath(t.page, '/');
    await visible(t.page.getByRole('heading', { name: 'Sign in' }));
    expect(await t.page.evaluate(() => localStorage.length)).toBe(0);
    expect((await t.context.cookies()).filter((cookie) => cookie.name === 'tl_session')).toEqual([]);

    await t.page.goto('/profile');
    await waitForPath(t.page, '/auth/login');
    await visible(t.page.getByRole('heading', { name: 'Sign in' }));
  });
});

describe('logout in one tab', () => {
  it('sends the user’s other open tab to sign-in at once', async () => {
    const user = await createVerifiedUser(t.server, newUser('two-tabs', 'Grace Hopper'));
    await signInWithUi(t.page, user);
    const other = await t.context.newPage();
    const socketOpen = liveSocketReady(other);
    await other.goto('/profile');
    await waitForPath(other, '/profile');
    await socketOpen;

    await t.page.getByRole('button', { name: 'Account menu' }).click();
    await t.page.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(t.page, '/');

    // Nobody touches the other tab: its live socket closes and it finds it is signed out.
    await waitForPath(other, '/auth/login');
    await visible(other.getByRole('heading', { name: 'Sign in' }));
  });
});
