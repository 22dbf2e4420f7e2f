import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisationService } from '../../api/organisation/service.ts';
import type { SubscriptionStatus } from '../../domain/companies/events.ts';
import { type FakeStripe, sendWebhook, startFakeStripe, stripeEvent, subscriptionObject, TEST_PRICES } from '../support/fake-stripe.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { type ApiUser, createCompany, signedInUser, TEST_PASSWORD } from '../support/users.ts';
import { alertWith, checkEachTest, newContext, screenshot, sharedBrowser, signInWithApi, uniqueEmail, visible } from './support/browser.ts';

/*
 * Issue 27: the subscription pages and notices said what the URL suggested,
 * not what is true: /subscription-suspended called a company on trial
 * 'Subscription active', and a return from Stripe Checkout said 'Subscription
 * activated successfully!' above the free trial banner. Each state (trial,
 * trial ended, active, past due, cancelled, suspended) now reads as it is,
 * from the billing API.
 */

const DAY = 86_400_000;
const PHONE = { width: 390, height: 844 };

describe('subscription pages say the state the billing API reads', () => {
  let server: TestServer;
  let stripe: FakeStripe;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  checkEachTest(contexts);

  beforeAll(async () => {
    stripe = await startFakeStripe();
    [server, browser] = await Promise.all([startTestServer({ billing: stripe.billing }), sharedBrowser()]);
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  async function signedIn(user: ApiUser, viewport?: { width: number; height: number }): Promise<Page> {
    const context = await newContext(browser, server, viewport ? { viewport } : {});
    contexts.push(context);
    await signInWithApi(context, { name: '', email: user.email, password: TEST_PASSWORD });
    return context.newPage();
  }

  const subscriptionOf = async (user: ApiUser, companyId: string) => (await user.call('GET', `/api/companies/${companyId}/billing/subscription`)).body;

  /** The operator's command (`npm run company -- status`), then wait until the billing API says so. */
  async function setStatus(user: ApiUser, companyId: string, status: SubscriptionStatus, trialEndsAt: string | null = null) {
    const operator = createOrganisationService({ store: server.store, db: server.db, linkKey: 'no links mailed here', invitesPerHour: 0 });
    await operator.setSubscriptionStatus(companyId, status, trialEndsAt, { correlationId: `test-${status}-${companyId}` });
    await expect.poll(async () => (await subscriptionOf(user, companyId)).status).toBe(status);
  }

  /** Sends Stripe's news of the company's subscription (its customer made by starting a checkout), and waits until the billing API has it. */
  async function stripeSays(admin: ApiUser, companyId: string, shape: { status: 'active' | 'past_due'; cancelAtPeriodEnd?: boolean }) {
    await admin.call('POST', `/api/companies/${companyId}/billing/checkout`, { plan: 'starter', cycle: 'monthly' });
    const customer = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.form.client_reference_id === companyId).at(-1)!.form.customer;
    const now = new Date();
    const subscription = subscriptionObject({ customer, companyId, price: TEST_PRICES.starter.monthly, periodStart: new Date(now.getTime() - 20 * DAY), periodEnd: new Date(now.getTime() + 10 * DAY), ...shape });
    expect((await sendWebhook(server.url, stripeEvent('customer.subscription.updated', subscription, now))).status).toBe(200);
    await expect.poll(async () => (await subscriptionOf(admin, companyId)).status).toBe('active');
  }

  const heading = (page: Page, name: string) => visible(page.getByRole('heading', { level: 1, name }));

  it('calls a company on trial a free trial on /subscription-suspended, not an active subscription', async () => {
    const admin = await signedInUser(server, uniqueEmail('state-trial'), 'Tia Admin');
    const companyId = await createCompany(admin, 'Trial Works');
    const page = await signedIn(admin, PHONE);
    await page.goto(`/subscription-suspended?companyId=${companyId}`);
    await heading(page, 'Free trial');
    await visible(page.getByText('Trial Works is on its free trial and can be used. It ends in 30 days'));
    await visible(page.getByRole('button', { name: 'Open Trial Works' }));
    // The page's own, besides the trial banner's.
    await visible(page.getByRole('link', { name: 'Choose a Plan' }).and(page.locator('[href="/subscription?from=suspended"]')));
    expect(await page.getByText(/Subscription active|can be used again/).count()).toBe(0);
    await screenshot(page, 'subscription-state-trial-phone');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'subscription-state-trial-phone-dark');
  });

  it('says the payment is being confirmed after checkout until the subscription reads active, then that it is activated', async () => {
    const admin = await signedInUser(server, uniqueEmail('state-checkout'), 'Cal Admin');
    const companyId = await createCompany(admin, 'Checkout Works');
    const page = await signedIn(admin);
    await page.goto('/dashboard-team?subscription=success');

    const confirming = await alertWith(page, 'Your payment is being confirmed with Stripe.');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await alertWith(page, 'The free trial of Checkout Works ends in 30 days.');
    expect(await page.getByText('Subscription activated successfully!').count()).toBe(0);
    await screenshot(page, 'subscription-state-confirming');

    // Stripe's webhook makes it active: the notice follows, and the trial banner goes.
    await stripeSays(admin, companyId, { status: 'active' });
    await alertWith(page, 'Subscription activated successfully!');
    await confirming.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByText('Free trial').count()).toBe(0);
    await screenshot(page, 'subscription-state-activated');
  });

  it('says active, past due and cancelled as they are', async () => {
    const admin = await signedInUser(server, uniqueEmail('state-paid'), 'Pia Admin');
    const active = await createCompany(admin, 'Paid Works');
    const pastDue = await createCompany(admin, 'Late Works');
    const cancelled = await createCompany(admin, 'Leaving Works');
    await stripeSays(admin, active, { status: 'active' });
    await stripeSays(admin, pastDue, { status: 'past_due' });
    await stripeSays(admin, cancelled, { status: 'active', cancelAtPeriodEnd: true });
    const page = await signedIn(admin);

    await page.goto(`/subscription-suspended?companyId=${active}`);
    await heading(page, 'Subscription active');
    await visible(page.getByText('The subscription of Paid Works is active.'));
    await visible(page.getByRole('button', { name: 'Open Paid Works' }));

    await page.goto(`/subscription-suspended?companyId=${pastDue}`);
    await heading(page, 'Payment failed');
    await visible(page.getByText(/The last payment for Late Works failed\. It stays open until .+ while the payment is tried again\./));
    await screenshot(page, 'subscription-state-past-due');

    await page.goto(`/subscription-suspended?companyId=${cancelled}`);
    await heading(page, 'Subscription cancelled');
    await visible(page.getByText(/The subscription of Leaving Works is cancelled\. It stays open until /));
    await screenshot(page, 'subscription-state-cancelled');
  });

  it('tells a suspended subscription from a trial that has ended', async () => {
    const admin = await signedInUser(server, uniqueEmail('state-locked'), 'Sue Admin');
    const suspended = await createCompany(admin, 'Stopped Works');
    const ended = await createCompany(admin, 'Expired Works');
    await setStatus(admin, suspended, 'suspended');
    await setStatus(admin, ended, 'trial', new Date(Date.now() - DAY).toISOString());
    const page = await signedIn(admin);

    await page.goto(`/subscription-suspended?companyId=${suspended}`);
    await heading(page, 'Subscription Suspended');
    await visible(page.getByText('The subscription of Stopped Works is suspended. Choose a plan to continue working in it.'));
    await visible(page.getByRole('link', { name: 'Choose a Plan' }));
    await screenshot(page, 'subscription-state-suspended');

    await page.goto(`/subscription-suspended?companyId=${ended}`);
    await heading(page, 'Subscription Suspended');
    await visible(page.getByText('The free trial of Expired Works has ended. Choose a plan to continue working in it.'));
    await screenshot(page, 'subscription-state-trial-ended');
  });
});
