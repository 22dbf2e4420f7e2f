import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { Temporal } from 'temporal-polyfill';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { readModelsInclude } from '../support/read-models.ts';
import type { TestServer } from '../support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../support/users.ts';
import { alertWith, checkEachTest, screenshot, sharedServerAndBrowser, signedInPage, visible } from './support/browser.ts';

/*
 * The individual dashboard's screenshots gallery on screenshots the desktop
 * agent sent over the API (an API token, while the timer runs): thumbnails,
 * the viewer wrapping around both ways with each shot's time and
 * application, and a person deleting one of theirs.
 */

let server: TestServer;
let browser: Browser;
let ana: ApiUser;
let admin: ApiUser;
let companyId: string;
let teamId: string;
const contexts: BrowserContext[] = [];

/** What the agent sent, in order: its application and the colour of the picture. */
const SHOTS = [
  { application: 'Visual Studio Code', colour: '#1c7ed6' },
  { application: 'Figma', colour: '#f76707' },
  { application: 'Slack', colour: '#37b24d' },
];

async function seed() {
  [admin, ana] = await Promise.all([signedInUser(server, 'admin@gallery.test', 'Ada Admin'), signedInUser(server, 'ana@gallery.test', 'Ana Apollo')]);
  companyId = await createCompany(admin, 'Gallery Inc');
  teamId = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Apollo' })).body.teamId;
  await inviteAndAccept(server, admin, companyId, ana, 'Member', [teamId]);
  const projectId: string = (await admin.call('POST', `/api/companies/${companyId}/projects`, { name: 'Moonshot' })).body.projectId;
  const task = { projectId, title: 'Launch', description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: ana.userId };
  const taskId: string = (await admin.call('POST', `/api/companies/${companyId}/tasks`, task)).body.taskId;
  await admin.call('PUT', `/api/companies/${companyId}/settings/screenshots`, { enabled: true });

  const token: string = (await ana.call('POST', '/api/me/tokens', { name: 'Laptop agent' })).body.token;
  const agent = async (path: string, body: BodyInit, contentType = 'application/json') => {
    const response = await fetch(`${server.url}/api/companies/${companyId}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, body });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    await readModelsInclude(server, answer);
    return answer;
  };
  await agent('/punch/in', JSON.stringify({ timeZone: 'Asia/Kolkata' }));
  await agent('/timer/start', JSON.stringify({ teamId, projectId, taskId, timeZone: 'Asia/Kolkata' }));
  for (const [index, { application, colour }] of SHOTS.entries()) {
    const picture = await sharp({ create: { width: 1280, height: 800, channels: 3, background: colour } })
      .composite([{ input: Buffer.from(`<svg width="1280" height="800"><text x="80" y="420" font-size="120" fill="white">Shot ${index + 1}: ${application}</text></svg>`) }])
      .png()
      .toBuffer();
    const query = new URLSearchParams({ screenshotId: randomUUID(), takenAt: new Date().toISOString(), application, windowTitle: `${application} window` });
    await agent(`/screenshots?${query}`, new Uint8Array(picture), 'image/png');
  }
}

beforeAll(async () => {
  [server, browser] = await sharedServerAndBrowser();
  await seed();
}, 180_000);

checkEachTest(contexts);

const pageOf = (user: ApiUser, path: string) => signedInPage(browser, server, contexts, { email: user.email, path, team: { companyId, teamId } });

/** Opens the gallery of the dashboard shown and waits for its thumbnails to load. */
async function openGallery(page: Page) {
  await (await visible(page.getByRole('button', { name: 'Screenshots', exact: true }))).click();
  const gallery = await visible(page.getByRole('dialog', { name: 'Screenshots · Ana Apollo' }));
  const thumbnails = gallery.getByRole('button', { name: /^Screenshot \d{2}:\d{2}/ });
  await expect.poll(() => thumbnails.count()).toBe(SHOTS.length);
  await expect.poll(() => gallery.locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0))).toBe(true);
  return { gallery, thumbnails };
}

/** The viewer: the full picture of one shot. */
const viewer = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Next' }) });

async function expectShown(page: Page, position: number) {
  const shown = viewer(page);
  await visible(shown.getByText(`${position} of ${SHOTS.length}`));
  await visible(shown.getByText(SHOTS[position - 1].application, { exact: true }));
  // The time where it was taken, e.g. "Tue, Mar 10, 2026, 10:29:05".
  await visible(shown.getByRole('heading', { name: /^\w{3}, \w{3} \d{1,2}, \d{4}, \d{2}:\d{2}:\d{2}$/ }));
  await expect.poll(() => shown.getByRole('img', { name: /^Screenshot of/ }).evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(1280);
}

describe('screenshots gallery', () => {
  it('shows the thumbnails and pages through the full pictures, wrapping around both ways', async () => {
    const page = await pageOf(ana, '/dashboard-individual?range=0');
    const { thumbnails } = await openGallery(page);
    await screenshot(page, 'screenshots-gallery');

    await thumbnails.first().click();
    await expectShown(page, 1);
    await viewer(page).getByRole('button', { name: 'Next' }).click();
    await expectShown(page, 2);
    await viewer(page).getByRole('button', { name: 'Next' }).click();
    await expectShown(page, 3);
    await visible(viewer(page).getByText('Slack window'));
    await visible(viewer(page).getByText('Asia/Kolkata'));
    await screenshot(page, 'screenshots-viewer');
    // Past the last comes the first, and before the first the last.
    await viewer(page).getByRole('button', { name: 'Next' }).click();
    await expectShown(page, 1);
    await viewer(page).getByRole('button', { name: 'Previous' }).click();
    await expectShown(page, 3);
    await page.keyboard.press('ArrowRight');
    await expectShown(page, 1);

    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'screenshots-viewer-dark');
    await viewer(page).getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => viewer(page).count()).toBe(0);
    await screenshot(page, 'screenshots-gallery-dark');
  });

  it('lets an Admin see the person’s screenshots but not delete them', async () => {
    const page = await pageOf(admin, `/dashboard-individual?range=0&user=${ana.userId}`);
    const { thumbnails } = await openGallery(page);
    await thumbnails.first().click();
    await expectShown(page, 1);
    expect(await viewer(page).getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });

  it('opens the gallery on the day a link names (the time-log spreadsheet’s); closing it takes the day out of the address', async () => {
    const today = Temporal.Now.plainDateISO('Asia/Kolkata').toString();
    const page = await pageOf(admin, `/dashboard-individual?${new URLSearchParams({ user: ana.userId, from: today, to: today, screenshots: today })}`);
    const gallery = await visible(page.getByRole('dialog', { name: 'Screenshots · Ana Apollo' }));
    await expect.poll(() => gallery.getByRole('button', { name: /^Screenshot \d{2}:\d{2}/ }).count()).toBe(SHOTS.length);
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.has('screenshots')).toBe(false);
    await expect.poll(() => gallery.count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('user')).toBe(ana.userId);
  });

  it('lets the person delete their own, after asking; the gallery then shows that one was deleted', async () => {
    const page = await pageOf(ana, '/dashboard-individual?range=0');
    const { gallery, thumbnails } = await openGallery(page);
    await thumbnails.nth(1).click();
    await expectShown(page, 2);
    await viewer(page).getByRole('button', { name: 'Delete' }).click();
    const confirm = await visible(page.getByRole('dialog', { name: 'Delete screenshot' }));
    await screenshot(page, 'screenshots-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await alertWith(page, 'Screenshot deleted');
    // The next one shows: Slack, now the second of two.
    await visible(viewer(page).getByText('2 of 2'));
    await visible(viewer(page).getByText('Slack', { exact: true }));
    await viewer(page).getByRole('button', { name: 'Close' }).click();
    await visible(gallery.getByText('Deleted by Ana Apollo'));
    await expect.poll(() => thumbnails.count()).toBe(SHOTS.length - 1);
    await screenshot(page, 'screenshots-gallery-deleted');
  });
});
