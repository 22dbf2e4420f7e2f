import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisationService } from '../../api/organisation/service.ts';
import type { SubscriptionStatus } from '../../domain/companies/events.ts';
import {
  type FakeStripe,
  invoiceObject,
  sendWebhook,
  startFakeStripe,
  stripeEvent,
  subscriptionObject,
  TEST_PRICES,
} from '../support/fake-stripe.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser, TEST_PASSWORD } from '../support/users.ts';
import { alertWith, checkEachTest, type launchBrowser, newContext, pathOf, screenshot, sharedBrowser, sharedServerAndBrowser, sideMenu, signInWithApi, uniqueEmail, visible, waitForPath } from './support/browser.ts';

const PHONE = { width: 390, height: 844 };
const DAY = 86_400_000;

/** Signed in as `user` in a fresh context of the server; the context is closed after the test. */
async function signedIn(browser: Awaited<ReturnType<typeof launchBrowser>>, server: TestServer, user: ApiUser, contexts: unknown[], viewport?: { width: number; height: number }): Promise<Page> {
  const context = await newContext(browser, server, viewport ? { viewport } : {});
  contexts.push(context);
  await signInWithApi(context, { name: '', email: user.email, password: TEST_PASSWORD });
  return context.newPage();
}

/** The operator's command (`npm run company -- status`), then wait until the user's profile says so. */
async function setStatus(server: TestServer, user: ApiUser, companyId: string, status: SubscriptionStatus) {
  const operator = createOrganisationService({ store: server.store, db: server.db, linkKey: 'no links mailed here', invitesPerHour: 0 });
  await operator.setSubscriptionStatus(companyId, status, null, { correlationId: `test-${status}` });
  await expect.poll(async () => statusOf(user, companyId)).toBe(status);
}

async function statusOf(user: ApiUser, companyId: string): Promise<string> {
  const { body } = await user.call('GET', '/api/me');
  return body.companyList.find((company: { companyId: string }) => company.companyId === companyId).subscriptionStatus;
}

/** Sends Stripe's events to the webhook, each answered 200. */
async function deliver(server: TestServer, ...events: { id: string }[]) {
  for (const event of events) expect((await sendWebhook(server.url, event)).status).toBe(200);
}

describe('billing with Stripe', () => {
  let server: TestServer;
  let stripe: FakeStripe;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  const contexts: Awaited<ReturnType<typeof newContext>>[] = [];
  checkEachTest(contexts);

  beforeAll(async () => {
    stripe = await startFakeStripe();
    [server, browser] = await Promise.all([startTestServer({ billing: stripe.billing }), sharedBrowser()]);
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  it('sends the Admin of a suspended company to pay on Stripe, and lets them in once Stripe says it is paid', async () => {
    const admin = await signedInUser(server, uniqueEmail('billing-admin'), 'Ada Admin');
    const companyId = await createCompany(admin, 'Billed Works');
    await setStatus(server, admin, companyId, 'suspended');
    const page = await signedIn(browser, server, admin, contexts);

    await page.goto('/dashboard-team');
    await waitForPath(page, '/subscription-suspended');
    await page.getByRole('link', { name: 'Choose a Plan' }).click();
    await waitForPath(page, '/subscription');
    expect(new URL(page.url()).searchParams.get('from')).toBe('suspended');
    await visible(page.getByRole('heading', { name: 'Grow' }));
    await expect.poll(() => page.locator('section').filter({ hasText: 'Most Popular' }).getByRole('heading').allInnerTexts()).toEqual(['Grow']);

    // Yearly: each card says what it saves against monthly, rounded (29 → 20 is 31%).
    await page.locator('label', { hasText: 'Yearly' }).click();
    const starter = page.getByRole('region', { name: 'Starter' });
    await visible(starter.getByText('Save 31%'));
    await visible(starter.getByText('$240 billed yearly'));
    await screenshot(page, 'billing-plans-yearly');

    await page.getByRole('button', { name: 'Choose Grow' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/checkout/cs_`));
    const sessionId = pathOf(page).split('/').pop()!;
    const session = stripe.requests.find((request) => request.path === '/v1/checkout/sessions')!.form;
    expect(session).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': TEST_PRICES.grow.yearly,
      client_reference_id: companyId,
      success_url: `${server.url}/dashboard-team?subscription=success`,
      cancel_url: `${server.url}/subscription?canceled=true`,
    });

    // Stripe tells the server, signed; the gate follows.
    const customer = session.customer;
    const now = new Date();
    const subscription = subscriptionObject({ customer, companyId, status: 'active', price: TEST_PRICES.grow.yearly, periodStart: now, periodEnd: new Date(now.getTime() + 365 * DAY) });
    stripe.subscriptions.set(subscription.id, subscription);
    await deliver(
      server,
      stripeEvent(
        'checkout.session.completed',
        { id: sessionId, object: 'checkout.session', mode: 'subscription', status: 'complete', payment_status: 'paid', customer, subscription: subscription.id, client_reference_id: companyId, metadata: { companyId } },
        now,
      ),
      stripeEvent('customer.subscription.created', subscription, now),
      stripeEvent(
        'invoice.paid',
        invoiceObject({ number: 'TL-0001', customer, subscription: subscription.id, companyId, status: 'paid', amount: 70_800, price: TEST_PRICES.grow.yearly, periodStart: now, periodEnd: new Date(now.getTime() + 365 * DAY) }),
        now,
      ),
    );
    await expect.poll(() => statusOf(admin, companyId)).toBe('active');

    // Back from Stripe Checkout: the alert, and its query cleared.
    await page.goto(session.success_url);
    await alertWith(page, 'Subscription activated successfully!');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(pathOf(page)).toBe('/dashboard-team');

    await page.goto('/invoices');
    const row = page.getByRole('row').filter({ hasText: 'TL-0001' });
    await visible(row);
    await visible(row.getByText('Paid'));
    await visible(row.getByText('$708.00'));
    await visible(row.getByText('Grow'));
    await screenshot(page, 'billing-invoices-first');
  });

  /** The company's Stripe customer, made by starting a checkout: Stripe's events count only for it. */
  async function customerOf(admin: ApiUser, companyId: string): Promise<string> {
    await admin.call('POST', `/api/companies/${companyId}/billing/checkout`, { plan: 'starter', cycle: 'monthly' });
    const sessions = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.form.client_reference_id === companyId);
    return sessions.at(-1)!.form.customer;
  }

  it('pages the invoices five at a time, with their status badges, and opens only Stripe’s hosted pages', async () => {
    const admin = await signedInUser(server, uniqueEmail('invoices-admin'), 'Ivy Admin');
    const companyId = await createCompany(admin, 'Invoiced Works');
    const customer = await customerOf(admin, companyId);
    const subscription = 'sub_test_invoices';
    const start = new Date('2025-01-01T00:00:00Z');
    const invoice = (month: number, status: 'paid' | 'open' | 'void' | 'uncollectible', hostedInvoiceUrl?: string | null) => {
      const periodStart = new Date(Date.UTC(2025, month, 1));
      return stripeEvent(
        status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed',
        invoiceObject({ number: `TL-${100 + month}`, customer, subscription, companyId, status, amount: 2_900, price: TEST_PRICES.starter.monthly, periodStart, periodEnd: new Date(Date.UTC(2025, month + 1, 1)), hostedInvoiceUrl }),
        new Date(start.getTime() + month * 31 * DAY),
      );
    };
    await deliver(
      server,
      invoice(0, 'paid'),
      invoice(1, 'paid'),
      invoice(2, 'paid'),
      invoice(3, 'paid'),
      invoice(4, 'paid', 'https://invoice.stripe.com.evil.example/i/acct/in_1'),
      invoice(5, 'paid', null),
      invoice(6, 'open'),
    );
    const page = await signedIn(browser, server, admin, contexts);
    // Record what would open in a new tab instead of leaving for Stripe.
    await page.addInitScript(() => {
      const opened: string[] = [];
      (window as unknown as { opened: string[] }).opened = opened;
      window.open = (url) => {
        opened.push(String(url));
        return {} as Window;
      };
    });
    await page.goto('/invoices');

    const table = page.getByRole('table');
    await visible(table.getByText('TL-106'));
    await expect.poll(() => table.getByRole('row').count()).toBe(6);
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Invoice #', 'Date', 'Amount', 'Plan', 'Status', 'Billing Period']);
    await screenshot(page, 'billing-invoices');

    await page.getByRole('row').filter({ hasText: 'TL-105' }).click();
    await alertWith(page, 'Invoice URL not available');
    await page.getByRole('button', { name: 'TL-104' }).click();
    await alertWith(page, 'Invalid invoice URL');
    await page.getByRole('row').filter({ hasText: 'TL-103' }).click();
    expect(await page.evaluate(() => (window as unknown as { opened: string[] }).opened)).toEqual([expect.stringMatching(/^https:\/\/invoice\.stripe\.com\/i\/acct_test\/in_/)]);

    await page.getByRole('button', { name: '2', exact: true }).click();
    await visible(table.getByText('TL-100'));
    await expect.poll(() => table.getByRole('row').count()).toBe(3);

    await page.setViewportSize(PHONE);
    await screenshot(page, 'billing-invoices-phone');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: '1', exact: true }).click();
    await screenshot(page, 'billing-invoices-dark');
  });

  it('warns of a failed payment in the banner while Stripe retries, and tells a Member to ask an Admin', async () => {
    const admin = await signedInUser(server, uniqueEmail('pastdue-admin'), 'Pat Admin');
    const companyId = await createCompany(admin, 'Late Payers');
    const member = await signedInUser(server, uniqueEmail('pastdue-member'), 'Mo Member');
    const { body: team } = await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Accounts' });
    await inviteAndAccept(server, admin, companyId, member, 'Member', [team.teamId]);

    const now = new Date();
    const periodEnd = new Date(now.getTime() + 5 * DAY);
    const customer = await customerOf(admin, companyId);
    const subscription = subscriptionObject({ customer, companyId, status: 'past_due', price: TEST_PRICES.starter.monthly, periodStart: new Date(now.getTime() - 25 * DAY), periodEnd });
    await deliver(
      server,
      stripeEvent('customer.subscription.updated', subscription, now),
      stripeEvent(
        'invoice.payment_failed',
        invoiceObject({ customer, subscription: subscription.id, companyId, status: 'open', amount: 2_900, price: TEST_PRICES.starter.monthly, periodStart: now, periodEnd, nextPaymentAttempt: new Date(now.getTime() + 3 * DAY) }),
        now,
      ),
    );
    await expect.poll(async () => (await admin.call('GET', `/api/companies/${companyId}/billing/subscription`)).body.paymentWarning).toBe(true);

    const page = await signedIn(browser, server, admin, contexts);
    await page.goto('/profile');
    const warning = await alertWith(page, 'The last payment for Late Payers failed.');
    await visible(warning.getByRole('link', { name: 'Invoices' }));
    await screenshot(page, 'billing-payment-warning');

    const memberPage = await signedIn(browser, server, member, contexts, PHONE);
    await memberPage.goto('/profile');
    await alertWith(memberPage, 'Please tell an Admin of your company.');
    await screenshot(memberPage, 'billing-payment-warning-phone');
    await memberPage.goto('/subscription');
    await alertWith(memberPage, 'Please ask an Admin of Late Payers to choose a plan.');
    expect(await memberPage.getByRole('button', { name: /^Choose / }).count()).toBe(0);
  });

  it('shows the canceled alert when Stripe Checkout comes back unpaid, and says so when Stripe fails', async () => {
    const admin = await signedInUser(server, uniqueEmail('cancel-admin'), 'Cy Admin');
    await createCompany(admin, 'Undecided Works');
    const page = await signedIn(browser, server, admin, contexts);
    await page.goto('/subscription?canceled=true');
    await alertWith(page, 'Subscription was canceled.');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await visible(page.getByRole('link', { name: 'Back' }));
    expect(await page.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/dashboard-team');

    stripe.failing = true;
    try {
      await page.getByRole('button', { name: 'Choose Starter' }).click();
      await alertWith(page, 'Failed to start subscription process. Please try again.');
    } finally {
      stripe.failing = false;
    }
    // A price not configured (Enterprise is sold monthly only here): the server says which.
    await page.locator('label', { hasText: 'Yearly' }).click();
    await page.getByRole('button', { name: 'Choose Enterprise' }).click();
    await visible(page.getByRole('alert').filter({ hasText: /Enterprise/ }));
    await screenshot(page, 'billing-checkout-refused');
  });
});

describe('billing without Stripe, and turned off', () => {
  let unconfigured: TestServer;
  let off: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  const contexts: Awaited<ReturnType<typeof newContext>>[] = [];
  checkEachTest(contexts);

  beforeAll(async () => {
    [[unconfigured, browser], off] = await Promise.all([sharedServerAndBrowser(), startTestServer({ billing: { off: true } })]);
  });
  afterAll(async () => {
    await off?.close();
  });

  it('shows the plans but says payments are not configured when no Stripe key is set', async () => {
    const admin = await signedInUser(unconfigured, uniqueEmail('nostripe-admin'), 'Noa Admin');
    await createCompany(admin, 'Self Hosted');
    const page = await signedIn(browser, unconfigured, admin, contexts);
    await page.goto('/subscription');
    await alertWith(page, 'Free trial');
    await page.getByRole('button', { name: 'Choose Team' }).click();
    await alertWith(page, 'Payments are not configured on this server. Please ask its administrator to activate your company.');
    await screenshot(page, 'billing-unconfigured');
  });

  it('BILLING=off: no banner, no gate, no Invoices in the menu', async () => {
    const admin = await signedInUser(off, uniqueEmail('off-admin'), 'Otto Admin');
    const companyId = await createCompany(admin, 'Free Forever');
    // A new company is on trial; without billing it reads as active.
    expect(await statusOf(admin, companyId)).toBe('active');
    const page = await signedIn(browser, off, admin, contexts);
    await page.goto('/profile');
    await visible(page.getByRole('heading', { name: 'Profile' }));
    await visible(page.getByRole('link', { name: 'Settings' }));
    expect((await sideMenu(page)).Manage).not.toContain('Invoices');
    expect(await page.getByText('Free trial').count()).toBe(0);
    await page.goto('/subscription');
    await visible(page.getByText('Subscriptions are turned off on this server'));
    await screenshot(page, 'billing-off');
  });
});
