import type { Browser, BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/test-server.ts';
import {
  alertWith,
  checkEachTest,
  createVerifiedUser,
  liveSocketReady,
  newContext,
  newUser,
  screenshot,
  sharedServerAndBrowser,
  signInWithApi,
  visible,
} from './support/browser.ts';

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await sharedServerAndBrowser();
});
checkEachTest(contexts);

/** A browser (own cookie jar) signed in as the user, showing the profile with its live socket connected. */
async function profileIn(user: Parameters<typeof signInWithApi>[1]) {
  const context = await newContext(browser, server);
  contexts.push(context);
  await signInWithApi(context, user);
  const page = await context.newPage();
  const live = liveSocketReady(page);
  await page.goto('/profile');
  await visible(page.getByRole('heading', { name: 'Profile' }));
  await live;
  return page;
}

describe('live updates', () => {
  it('shows a name changed in one browser in the other without a reload', async () => {
    const user = await createVerifiedUser(server, newUser('live', 'Alan Turing'));
    const [editor, watcher] = await Promise.all([profileIn(user), profileIn(user)]);
    const watcherNavigations: string[] = [];
    watcher.on('framenavigated', (frame) => {
      if (frame === watcher.mainFrame()) watcherNavigations.push(frame.url());
    });
    expect(await watcher.getByLabel('Name', { exact: true }).inputValue()).toBe('Alan Turing');
    await screenshot(editor, 'profile');

    await editor.getByLabel('Name', { exact: true }).fill('Alan M. Turing');
    await editor.getByRole('button', { name: 'Save' }).click();
    await alertWith(editor, 'Profile updated');

    // The other browser hears of the change and shows it within a few seconds.
    await expect.poll(() => watcher.getByLabel('Name', { exact: true }).inputValue(), { timeout: 5_000, interval: 100 }).toBe('Alan M. Turing');
    await visible(watcher.getByRole('button', { name: 'Account menu' }).getByText('Alan M. Turing'));
    expect(watcherNavigations).toEqual([]);
    await screenshot(watcher, 'profile-live-updated');
  });
});
