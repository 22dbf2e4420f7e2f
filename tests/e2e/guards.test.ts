import { beforeAll, describe, expect, it } from 'vitest';
import { createOrganisationService } from '../../api/organisation/service.ts';
import type { SubscriptionStatus } from '../../domain/companies/events.ts';
import { type ApiUser, createCompany, signedInUser, TEST_PASSWORD } from '../support/users.ts';
import { browserSuite, pathOf, screenshot, signInWithApi, uniqueEmail, visible, waitForPath } from './support/browser.ts';

/*
 * The router's guards decide before a page loads, and again when what they
 * read changes while it is open: here the subscription gate (core §4), for a
 * page opened by its address and for a page that is open when the company is
 * suspended.
 */
describe('the guards of the router', () => {
  const suite = browserSuite();
  let admin: ApiUser;
  let companyId: string;

  /** The operator's command (`npm run company -- status`), then wait until the user's profile says so. */
  async function setStatus(status: SubscriptionStatus) {
    const operator = createOrganisationService({ store: suite.server.store, db: suite.server.db, linkKey: 'no links mailed here', invitesPerHour: 0 });
    await operator.setSubscriptionStatus(companyId, status, null, { correlationId: `test-${status}` });
    await expect
      .poll(async () => (await admin.call('GET', '/api/me')).body.companyList.find((company: { companyId: string }) => company.companyId === companyId).subscriptionStatus)
      .toBe(status);
  }

  beforeAll(async () => {
    admin = await signedInUser(suite.server, uniqueEmail('gate-admin'), 'Ada Admin');
    companyId = await createCompany(admin, 'Gated Works');
  });

  it('sends a suspended company’s user to /subscription-suspended from any page but the subscription ones, and back when it is active', async () => {
    const { page } = suite;
    await signInWithApi(suite.context, { name: 'Ada Admin', email: admin.email, password: TEST_PASSWORD });
    await setStatus('suspended');

    await page.goto('/project');
    await waitForPath(page, '/subscription-suspended');
    expect(new URL(page.url()).searchParams.get('companyId')).toBe(companyId);
    await visible(page.getByRole('heading', { name: 'Subscription Suspended' }));
    await screenshot(page, 'guards-suspended');

    for (const [open, title] of [
      ['/subscription', 'Choose a Plan'],
      ['/payment', 'Payment'],
    ]) {
      await page.goto(open);
      await visible(page.getByRole('heading', { name: title, exact: true }));
      expect(pathOf(page)).toBe(open);
    }

    await setStatus('active');
    await page.goto('/project');
    await visible(page.getByRole('heading', { name: 'Projects' }));
  });

  it('closes an open page when its company is suspended meanwhile', async () => {
    const { page } = suite;
    await signInWithApi(suite.context, { name: 'Ada Admin', email: admin.email, password: TEST_PASSWORD });
    await page.goto('/manage-teams?tab=teams');
    await visible(page.getByRole('button', { name: 'Add Team' }));

    // The live update of the change refreshes the profile; the guards run again on it.
    await setStatus('suspended');
    await waitForPath(page, '/subscription-suspended');
    await visible(page.getByRole('heading', { name: 'Subscription Suspended' }));
    await setStatus('active');
  });
});
