import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMessages } from '../../domain/companies/company.ts';
import { accessDenied } from '../../domain/members/roles.ts';
import {
  type FakeStripe,
  invoiceObject,
  OLDER_API_VERSION,
  olderInvoiceObject,
  olderSubscriptionObject,
  sendWebhook,
  startFakeStripe,
  stripeEvent,
  subscriptionObject,
  TEST_SECRET_KEY,
} from '../../tests/support/fake-stripe.ts';
import { readModelsInclude } from '../../tests/support/read-models.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../../tests/support/users.ts';
import { billingMessages } from './service.ts';

const DAY = 86_400_000;
const eventCount = async (server: TestServer) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM events`.execute(server.db)).rows[0].n);

describe('billing with Stripe', () => {
  let stripe: FakeStripe;
  let server: TestServer;
  let clock: Date | null = null;
  let admin: ApiUser;
  let otherAdmin: ApiUser;
  let companyId: string;
  /** What the server logged at warn and above. */
  const warnings: { msg: string; [field: string]: unknown }[] = [];

  const webhook = async (event: { id: string }, options?: Parameters<typeof sendWebhook>[2]) => {
    const answer = await sendWebhook(server.url, event, options);
    await readModelsInclude(server, answer.body);
    return answer;
  };
  const subscriptionOf = async (user = admin, id = companyId) => (await user.call('GET', `/api/companies/${id}/billing/subscription`)).body;
  const statusOf = async (user = admin, id = companyId) => (await user.call('GET', `/api/companies/${id}`)).body.subscription.status;
  const customerIdOf = async (id = companyId) => (await server.db.selectFrom('billing_subscriptions').select('customer_id').where('company_id', '=', id).executeTakeFirstOrThrow()).customer_id;
  /** A change only an active (or trial) company may make. */
  const createTeam = (user: ApiUser, id: string, name: string) => user.call('POST', `/api/companies/${id}/teams`, { name, memberIds: [] });

  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startTestServer({
      now: () => clock ?? new Date(),
      billing: stripe.billing,
      logger: pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) }),
    });
    admin = await signedInUser(server, 'ada@billing.test', 'Ada Admin');
    otherAdmin = await signedInUser(server, 'mo@billing.test', 'Mo Admin');
    companyId = await createCompany(admin, 'Analytical Engines');
    await inviteAndAccept(server, admin, companyId, otherAdmin, 'Admin', []);
    const team = await createTeam(admin, companyId, 'Engines');
    await readModelsInclude(server, team.body);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  it('lists the four plans and says checkout goes to Stripe', async () => {
    const answer = await admin.call('GET', '/api/billing/plans');
    expect(answer.status).toBe(200);
    expect(answer.body.checkout).toBe('stripe');
    expect(answer.body.plans.map((p: { id: string }) => p.id)).toEqual(['starter', 'grow', 'team', 'enterprise']);
    expect((await fetch(`${server.url}/api/billing/plans`)).status).toBe(401);
  });

  it('starts a Checkout Session for an Admin, creating the company’s customer once and reusing it', async () => {
    const first = await admin.call('POST', `/api/companies/${companyId}/billing/checkout`, { plan: 'grow', cycle: 'monthly' });
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    const second = await admin.call('POST', `/api/companies/${companyId}/billing/checkout`, { plan: 'starter', cycle: 'yearly' });
    expect(second.status).toBe(200);

    const customers = stripe.requests.filter((r) => r.path === '/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0].form).toMatchObject({ name: 'Analytical Engines', email: admin.email, 'metadata[companyId]': companyId });
    const sessions = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(sessions.map((s) => s.form['line_items[0][price]'])).toEqual(['price_grow_monthly', 'price_starter_yearly']);
    const customerId = await customerIdOf();
    for (const { form } of sessions) {
      expect(form).toMatchObject({
        mode: 'subscription',
        customer: customerId,
        'line_items[0][quantity]': '1',
        success_url: `${server.url}/dashboard-team?subscription=success`,
        cancel_url: `${server.url}/subscription?canceled=true`,
        client_reference_id: companyId,
        'metadata[companyId]': companyId,
        'subscription_data[metadata][companyId]': companyId,
      });
    }
  });

  it('names the plan and cycle that has no price, and refuses unknown plans and extra fields as bad input', async () => {
    const missing = await admin.call('POST', `/api/companies/${companyId}/billing/checkout`, { plan: 'team', cycle: 'yearly' });
    expect(missing).toMatchObject({ status: 409, body: { message: 'The Team plan billed yearly has no price on this server. Please ask its administrator to set STRIPE_PRICE_TEAM_YEARLY.' } });
    expect((await admin.call('POST', `/api/companies/${companyId}/billing/checkout`, { plan: 'gold', cycle: 'monthly' })).status).toBe(400);
    expect((await admin.call('POST', `/api/companies/${companyId}/billing/checkout`, { plan: 'grow', cycle: 'monthly', priceId: 'price_free' })).status).toBe(400);
  });

  it('answers an error when Stripe fails', async () => {
    stripe.failing = true;
    try {
      expect((await admin.call('POST', `/api/companies/${companyId}/billing/checkout`, { plan: 'grow', cycle: 'monthly' })).status).toBe(500);
    } finally {
      stripe.failing = false;
    }
  });

  describe('access', () => {
    it('gives invoices and checkout to Admins only; the subscription to every member', async () => {
      const other = await signedInUser(server, 'meg@billing.test', 'Meg Member');
      const teamId = (await admin.call('GET', `/api/companies/${companyId}/teams`)).body[0].teamId;
      await inviteAndAccept(server, admin, companyId, other, 'Member', [teamId]);
      expect(await other.call('GET', `/api/companies/${companyId}/billing/invoices`)).toMatchObject({ status: 403, body: { message: accessDenied } });
      expect(await other.call('POST', `/api/companies/${companyId}/billing/checkout`, { plan: 'grow', cycle: 'monthly' })).toMatchObject({ status: 403, body: { message: accessDenied } });
      expect((await other.call('GET', `/api/companies/${companyId}/billing/subscription`)).status).toBe(200);
      const stranger = await signedInUser(server, 'stranger@billing.test', 'Stan Stranger');
      expect((await stranger.call('GET', `/api/companies/${companyId}/billing/invoices`)).status).toBe(404);
    });
  });

  describe('webhooks', () => {
    const periodStart = new Date(Date.now() - 5 * DAY);
    const periodEnd = new Date(Date.now() + 25 * DAY);
    let customer: string;
    let subscriptionId: string;

    beforeAll(async () => {
      customer = await customerIdOf();
      const subscription = subscriptionObject({ customer, companyId, status: 'active', price: 'price_grow_monthly', periodStart, periodEnd });
      subscriptionId = subscription.id;
      stripe.subscriptions.set(subscription.id, subscription);
    });

    it('refuse a bad signature with 400 and write nothing', async () => {
      const before = await eventCount(server);
      const event = stripeEvent('customer.subscription.updated', stripe.subscriptions.get(subscriptionId), new Date());
      expect((await sendWebhook(server.url, event, { secret: 'whsec_someone_else' })).status).toBe(400);
      // Signed too long ago: past the 300 s tolerance.
      expect((await sendWebhook(server.url, event, { signedAt: new Date(Date.now() - 301_000) })).status).toBe(400);
      const unsigned = await fetch(`${server.url}/api/billing/stripe-webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
      expect(unsigned.status).toBe(400);
      expect(await unsigned.json()).toMatchObject({ message: billingMessages.badSignature });
      expect(await eventCount(server)).toBe(before);
    });

    it('a completed checkout activates the company with its plan, and a replay writes nothing', async () => {
      expect(await statusOf()).toBe('trial');
      const session = { id: 'cs_test_done', object: 'checkout.session', mode: 'subscription', status: 'complete', payment_status: 'paid', customer, subscription: subscriptionId, client_reference_id: companyId, metadata: { companyId } };
      const completed = stripeEvent('checkout.session.completed', session, new Date(Date.now() - 60_000));
      expect((await webhook(completed)).status).toBe(200);
      expect(await statusOf()).toBe('active');
      expect(await subscriptionOf()).toMatchObject({ status: 'active', plan: 'grow', cycle: 'monthly', currentPeriodEnd: new Date(Math.floor(periodEnd.getTime() / 1000) * 1000).toISOString(), paymentWarning: false });
      const companies = (await otherAdmin.call('GET', '/api/companies')).body;
      expect(companies.find((c: { companyId: string }) => c.companyId === companyId).subscriptionStatus).toBe('active');

      const before = await eventCount(server);
      expect((await webhook(completed)).status).toBe(200);
      expect(await eventCount(server)).toBe(before);
    });

    it('ends in the right state when an update arrives before its create', async () => {
      const incomplete = subscriptionObject({ id: 'sub_test_reordered', customer, companyId, status: 'incomplete', price: 'price_team_monthly', periodStart, periodEnd });
      const active = { ...incomplete, status: 'active' as const };
      const updated = stripeEvent('customer.subscription.updated', active, new Date(Date.now() - 30_000));
      const created = stripeEvent('customer.subscription.created', incomplete, new Date(Date.now() - 40_000));
      await webhook(updated);
      await webhook(created);
      expect(await subscriptionOf()).toMatchObject({ status: 'active', plan: 'team', cycle: 'monthly' });
      expect(await statusOf()).toBe('active');
    });

    it('lists paid invoices to Admins, newest first, in pages', async () => {
      const paid = invoiceObject({ id: 'in_test_march', number: 'TL-0001', customer, subscription: subscriptionId, companyId, status: 'paid', amount: 19900, price: 'price_team_monthly', periodStart, periodEnd });
      await webhook(stripeEvent('invoice.paid', paid, new Date(Date.now() - 20_000)));
      const answer = await admin.call('GET', `/api/companies/${companyId}/billing/invoices?page=1&limit=5`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        invoices: [
          {
            id: 'in_test_march',
            invoiceNumber: 'TL-0001',
            createdAt: new Date(Math.floor(periodStart.getTime() / 1000) * 1000).toISOString(),
            amount: 19900,
            currency: 'usd',
            planName: 'Team',
            status: 'paid',
            billingPeriod: { start: new Date(Math.floor(periodStart.getTime() / 1000) * 1000).toISOString(), end: new Date(Math.floor(periodEnd.getTime() / 1000) * 1000).toISOString() },
            hostedInvoiceUrl: 'https://invoice.stripe.com/i/acct_test/in_test_march',
          },
        ],
        pagination: { page: 1, limit: 5, total: 1, totalPages: 1 },
      });
      expect(await subscriptionOf()).toMatchObject({ lastPaymentStatus: 'succeeded', nextPaymentAttempt: null });
      expect((await admin.call('GET', `/api/companies/${companyId}/billing/invoices?page=0`)).status).toBe(400);
    });

    it('a failed payment keeps the company active with a warning and lists the failed invoice', async () => {
      const retryAt = new Date(Date.now() + 3 * DAY);
      const failed = invoiceObject({ id: 'in_test_failed', customer, subscription: 'sub_test_reordered', companyId, status: 'open', amount: 19900, price: 'price_team_monthly', periodStart: new Date(Date.now() - DAY), periodEnd, nextPaymentAttempt: retryAt });
      await webhook(stripeEvent('invoice.payment_failed', failed, new Date(Date.now() - 10_000)));
      const pastDue = subscriptionObject({ id: 'sub_test_reordered', customer, companyId, status: 'past_due', price: 'price_team_monthly', periodStart, periodEnd });
      await webhook(stripeEvent('customer.subscription.updated', pastDue, new Date(Date.now() - 9_000)));

      expect(await subscriptionOf()).toMatchObject({ status: 'active', paymentWarning: true, lastPaymentStatus: 'failed', nextPaymentAttempt: new Date(Math.floor(retryAt.getTime() / 1000) * 1000).toISOString() });
      const invoices = (await admin.call('GET', `/api/companies/${companyId}/billing/invoices`)).body;
      expect(invoices.invoices.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
        ['in_test_failed', 'failed'],
        ['in_test_march', 'paid'],
      ]);
      expect((await createTeam(admin, companyId, 'Still open')).status).toBe(201);
    });

    it('cancellation at the period end keeps the company active until Stripe ends the subscription, then suspends it', async () => {
      const cancelling = subscriptionObject({ id: 'sub_test_reordered', customer, companyId, status: 'active', price: 'price_team_monthly', periodStart, periodEnd, cancelAtPeriodEnd: true });
      await webhook(stripeEvent('customer.subscription.updated', cancelling, new Date(Date.now() - 8_000)));
      expect(await subscriptionOf()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, paymentWarning: false });
      expect(await statusOf()).toBe('active');

      // Stripe ends it at the period end: the server's clock is moved there.
      clock = new Date(periodEnd.getTime() + 60_000);
      const ended = { ...cancelling, status: 'canceled' as const };
      await webhook(stripeEvent('customer.subscription.deleted', ended, clock), { signedAt: clock });
      expect(await subscriptionOf()).toMatchObject({ status: 'suspended' });
      clock = null;
      expect(await createTeam(admin, companyId, 'Locked out')).toMatchObject({ status: 403, body: { message: companyMessages.suspended } });
      // Paying again stays open to the Admin of a suspended company.
      expect((await admin.call('POST', `/api/companies/${companyId}/billing/checkout`, { plan: 'grow', cycle: 'yearly' })).status).toBe(200);
    });
  });

  /** A company of its own whose Admin started a checkout (linking its customer) and whose subscription Stripe then created. */
  async function subscribedCompany(email: string, name: string, price = 'price_team_monthly') {
    const owner = await signedInUser(server, email, 'Pat Payer');
    const id = await createCompany(owner, name);
    expect((await owner.call('POST', `/api/companies/${id}/billing/checkout`, { plan: 'team', cycle: 'monthly' })).status).toBe(200);
    const customer = await customerIdOf(id);
    const subscription = subscriptionObject({ customer, companyId: id, status: 'active', price, periodStart: new Date(Date.now() - DAY), periodEnd: new Date(Date.now() + 29 * DAY) });
    stripe.subscriptions.set(subscription.id, subscription);
    expect((await webhook(stripeEvent('customer.subscription.created', subscription, new Date(Date.now() - 60_000)))).status).toBe(200);
    return { id, owner, customer, subscription };
  }
  const warned = (message: string, stripeEventId: string) => warnings.some((line) => line.msg === message && line.stripeEventId === stripeEventId);

  describe('webhooks about someone else’s customer', () => {
    const notTheCompanys = 'Stripe event for a customer that is not the company’s: ignored';
    let victim: Awaited<ReturnType<typeof subscribedCompany>>;
    let other: Awaited<ReturnType<typeof subscribedCompany>>;

    beforeAll(async () => {
      victim = await subscribedCompany('vic@customers.test', 'Victim Works');
      other = await subscribedCompany('oscar@customers.test', 'Other Works', 'price_grow_monthly');
    });

    /** Answered 200, logged, and nothing written: the victim's plan and status as they were. */
    async function ignored(event: { id: string }, message = notTheCompanys) {
      const before = await eventCount(server);
      expect((await webhook(event)).status).toBe(200);
      expect(await eventCount(server)).toBe(before);
      expect(warned(message, event.id)).toBe(true);
      expect(await subscriptionOf(victim.owner, victim.id)).toMatchObject({ status: 'active', plan: 'team' });
    }

    it('another customer’s subscription naming the company changes neither its plan nor its status', async () => {
      const later = new Date(Date.now() - 1000);
      const smaller = subscriptionObject({ customer: other.customer, companyId: victim.id, status: 'active', price: 'price_starter_monthly', periodStart: later, periodEnd: new Date(Date.now() + DAY) });
      await ignored(stripeEvent('customer.subscription.updated', smaller, later));
      const ended = subscriptionObject({ customer: other.customer, companyId: victim.id, status: 'canceled', price: 'price_team_monthly', periodStart: new Date(Date.now() - 30 * DAY), periodEnd: new Date(Date.now() - DAY) });
      await ignored(stripeEvent('customer.subscription.deleted', ended, later));
      expect(await statusOf(victim.owner, victim.id)).toBe('active');
    });

    it('another customer’s invoice or checkout naming the company is ignored', async () => {
      const invoice = invoiceObject({ customer: other.customer, subscription: other.subscription.id, companyId: victim.id, status: 'open', amount: 100, price: 'price_starter_monthly', periodStart: new Date(), periodEnd: new Date(Date.now() + DAY) });
      await ignored(stripeEvent('invoice.payment_failed', invoice, new Date()));
      expect((await subscriptionOf(victim.owner, victim.id)).lastPaymentStatus).toBeNull();

      const session = { id: 'cs_test_foreign', object: 'checkout.session', mode: 'subscription', status: 'complete', customer: other.customer, subscription: other.subscription.id, client_reference_id: victim.id, metadata: { companyId: victim.id } };
      await ignored(stripeEvent('checkout.session.completed', session, new Date()));
    });

    it('a customer of no company, naming a company or not, is ignored', async () => {
      const stranger = subscriptionObject({ customer: 'cus_test_stranger', companyId: victim.id, status: 'canceled', price: 'price_starter_monthly', periodStart: new Date(Date.now() - 30 * DAY), periodEnd: new Date(Date.now() - DAY) });
      await ignored(stripeEvent('customer.subscription.updated', stranger, new Date()));
      const { metadata: _, ...unnamed } = stranger;
      await ignored(stripeEvent('customer.subscription.updated', { ...unnamed, metadata: {} }, new Date()), 'Stripe event for a customer of no company: ignored');
    });

    it('a company that never started a checkout has no customer: events naming it are ignored', async () => {
      const owner = await signedInUser(server, 'never@customers.test', 'Nev Never');
      const id = await createCompany(owner, 'Never Paid');
      const named = subscriptionObject({ customer: other.customer, companyId: id, status: 'canceled', price: 'price_starter_monthly', periodStart: new Date(Date.now() - 30 * DAY), periodEnd: new Date(Date.now() - DAY) });
      const before = await eventCount(server);
      const event = stripeEvent('customer.subscription.deleted', named, new Date());
      expect((await webhook(event)).status).toBe(200);
      expect(await eventCount(server)).toBe(before);
      expect(warned(notTheCompanys, event.id)).toBe(true);
      expect(await statusOf(owner, id)).toBe('trial');
    });

    it('the company’s own customer still acts on it', async () => {
      const renewed = { ...other.subscription, status: 'past_due' as const };
      expect((await webhook(stripeEvent('customer.subscription.updated', renewed, new Date()))).status).toBe(200);
      expect(await subscriptionOf(other.owner, other.id)).toMatchObject({ plan: 'grow', paymentWarning: true });
    });
  });

  describe('webhooks of an older API version', () => {
    const unreadable = 'Stripe event of a shape billing does not read: ignored';
    let company: Awaited<ReturnType<typeof subscribedCompany>>;
    const periodStart = new Date(Date.now() - 2 * DAY);
    const periodEnd = new Date(Date.now() + 28 * DAY);
    const second = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString();

    beforeAll(async () => {
      company = await subscribedCompany('olga@versions.test', 'Older Endpoint');
    });

    it('reads a subscription with its period on the subscription, and one without items', async () => {
      const shape = { id: company.subscription.id, customer: company.customer, companyId: company.id, status: 'active' as const, periodStart, periodEnd };
      const withItems = stripeEvent('customer.subscription.updated', olderSubscriptionObject({ ...shape, price: 'price_grow_monthly' }), new Date(Date.now() - 30_000), undefined, OLDER_API_VERSION);
      expect((await webhook(withItems)).status).toBe(200);
      expect(await subscriptionOf(company.owner, company.id)).toMatchObject({ status: 'active', plan: 'grow', cycle: 'monthly', currentPeriodEnd: second(periodEnd) });

      const withoutItems = olderSubscriptionObject({ ...shape, price: 'price_starter_yearly', cancelAtPeriodEnd: true }, { items: false });
      expect('items' in withoutItems).toBe(false);
      expect((await webhook(stripeEvent('customer.subscription.updated', withoutItems, new Date(Date.now() - 20_000), undefined, '2016-07-06'))).status).toBe(200);
      expect(await subscriptionOf(company.owner, company.id)).toMatchObject({ status: 'active', plan: 'starter', cycle: 'yearly', cancelAtPeriodEnd: true, currentPeriodEnd: second(periodEnd) });
    });

    it('reads an invoice with its subscription at the top, and one without lines', async () => {
      const shape = { customer: company.customer, subscription: company.subscription.id, companyId: company.id, status: 'paid' as const, amount: 2900, price: 'price_starter_monthly', periodStart, periodEnd };
      const older = olderInvoiceObject({ ...shape, id: 'in_test_older' });
      expect((await webhook(stripeEvent('invoice.paid', older, new Date(Date.now() - 10_000), undefined, OLDER_API_VERSION))).status).toBe(200);
      const withoutLines = olderInvoiceObject({ ...shape, id: 'in_test_no_lines', status: 'open' }, { lines: false });
      expect('lines' in withoutLines).toBe(false);
      expect((await webhook(stripeEvent('invoice.payment_failed', withoutLines, new Date(Date.now() - 5_000), undefined, OLDER_API_VERSION))).status).toBe(200);

      const invoices = (await company.owner.call('GET', `/api/companies/${company.id}/billing/invoices`)).body.invoices;
      expect(invoices.map((i: { id: string; planName: string | null; status: string; billingPeriod: object }) => [i.id, i.planName, i.status, i.billingPeriod])).toEqual([
        // Created at the same moment: ordered by id.
        ['in_test_older', 'Starter', 'paid', { start: second(periodStart), end: second(periodEnd) }],
        ['in_test_no_lines', null, 'failed', { start: second(periodStart), end: second(periodEnd) }],
      ]);
    });

    it('answers 200 to a shape it cannot read, logs it, and writes nothing', async () => {
      const shapes = [
        stripeEvent('invoice.paid', { id: 'in_test_bare', object: 'invoice', customer: company.customer }, new Date()),
        stripeEvent('customer.subscription.updated', { ...company.subscription, items: 'all of them' }, new Date()),
        stripeEvent('customer.subscription.updated', { ...company.subscription, customer: 'cus with spaces' }, new Date()),
        stripeEvent('invoice.paid', invoiceObject({ ...{ customer: company.customer, subscription: company.subscription.id, status: 'paid', amount: 1.5, price: 'price_team_monthly', periodStart, periodEnd } }), new Date()),
        stripeEvent('checkout.session.completed', { id: 'cs_test_odd', object: 'checkout.session', mode: 'subscription', subscription: 42 }, new Date()),
      ];
      const before = await eventCount(server);
      for (const event of shapes) {
        expect((await webhook(event)).status).toBe(200);
        expect(warned(unreadable, event.id)).toBe(true);
      }
      expect(await eventCount(server)).toBe(before);
      expect(warnings.find((line) => line.stripeEventId === shapes[0].id)).toMatchObject({ type: 'invoice.paid', problem: expect.stringMatching(/^invoice/) });
    });
  });

  describe('seat limits', () => {
    /** A company of its own on the Starter plan (five members), its owner, and an invite of theirs. */
    async function starterCompany(email: string, name: string) {
      const owner = await signedInUser(server, email, 'Sam Starter');
      const id = await createCompany(owner, name);
      expect((await owner.call('POST', `/api/companies/${id}/billing/checkout`, { plan: 'starter', cycle: 'monthly' })).status).toBe(200);
      const customer = await customerIdOf(id);
      const starter = subscriptionObject({ customer, companyId: id, status: 'active', price: 'price_starter_monthly', periodStart: new Date(), periodEnd: new Date(Date.now() + 30 * DAY) });
      await webhook(stripeEvent('customer.subscription.created', starter, new Date()));
      const invite = (emails: string[]) => owner.call('POST', `/api/companies/${id}/invites`, { emails, role: 'Admin' });
      return { id, starter, invite };
    }
    const refusal = 'Your Starter plan allows up to 5 members. Choose a larger plan to invite more.';

    it('refuse invitations past the plan’s members, naming the plan, and remove nobody', async () => {
      const { id: small, starter, invite } = await starterCompany('sam@seats.test', 'Small Shop');
      const sent = await invite(['one@seats.test', 'two@seats.test', 'three@seats.test', 'four@seats.test']);
      expect(sent.status).toBe(200);
      const before = await eventCount(server);
      const refused = await invite(['five@seats.test']);
      expect(refused).toMatchObject({ status: 409, body: { message: refusal } });
      expect(await eventCount(server)).toBe(before);
      // Inviting someone already counted takes no seat.
      expect((await invite(['one@seats.test'])).status).toBe(200);

      // A larger plan lifts the limit; nobody was removed meanwhile.
      const grow = { ...starter, items: { ...starter.items, data: [{ ...starter.items.data[0], price: { ...starter.items.data[0].price, id: 'price_grow_monthly' } }] } };
      await webhook(stripeEvent('customer.subscription.updated', grow, new Date(Date.now() + 1000)));
      expect((await invite(['five@seats.test'])).status).toBe(200);
      const members = await server.db.selectFrom('company_members').select('user_id').where('company_id', '=', small).where('deleted', '=', false).execute();
      expect(members).toHaveLength(1);
    });

    it('let only one of two invitations sent at once take the last seats, before the read models show either', async () => {
      const { id, invite } = await starterCompany('sue@seats.test', 'Busy Shop');
      await readModelsInclude(server, (await invite(['one@busy.test', 'two@busy.test'])).body);
      // The invites read model waits (its checkpoint held) until both have answered.
      const answers = await server.db.transaction().execute(async (trx) => {
        await trx.selectFrom('projection_checkpoints').select('name').where('name', '=', 'invites').forUpdate().execute();
        return Promise.all([invite(['three@busy.test', 'four@busy.test']), invite(['five@busy.test', 'six@busy.test'])]);
      });
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(refusal);
      await readModelsInclude(server, answers.find((answer) => answer.status === 200)!.body);
      const pending = await server.db.selectFrom('invites').select('email').where('company_id', '=', id).where('status', '=', 'pending').execute();
      expect(pending).toHaveLength(4);
      // The seats the read models now show count as before.
      expect(await invite(['seven@busy.test'])).toMatchObject({ status: 409, body: { message: refusal } });
    });
  });
});

describe('billing without Stripe', () => {
  let server: TestServer;
  let admin: ApiUser;
  let companyId: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await signedInUser(server, 'ada@unconfigured.test', 'Ada Admin');
    companyId = await createCompany(admin, 'Self Hosted');
  }, 120_000);
  afterAll(() => server?.close());

  it('shows the plans, says payments are not configured on choosing one, and has no webhook', async () => {
    expect((await admin.call('GET', '/api/billing/plans')).body.checkout).toBe('unconfigured');
    expect(await admin.call('POST', `/api/companies/${companyId}/billing/checkout`, { plan: 'grow', cycle: 'monthly' })).toMatchObject({
      status: 409,
      body: { message: 'Payments are not configured on this server. Please ask its administrator to activate your company.' },
    });
    expect((await sendWebhook(server.url, stripeEvent('invoice.paid', {}, new Date()))).status).toBe(404);
    expect(await admin.call('GET', `/api/companies/${companyId}/billing/subscription`)).toMatchObject({ status: 200, body: { status: 'trial', plan: null, paymentWarning: false } });
  });
});

describe('BILLING=off', () => {
  let server: TestServer;
  let clock: Date | null = null;
  let admin: ApiUser;

  beforeAll(async () => {
    server = await startTestServer({ now: () => clock ?? new Date(), billing: { off: true, stripeSecretKey: TEST_SECRET_KEY } });
    admin = await signedInUser(server, 'ada@off.test', 'Ada Admin');
  }, 120_000);
  afterAll(() => server?.close());

  it('reads every company as active, with no gate and no checkout', async () => {
    // A company whose trial ended long ago.
    clock = new Date(Date.now() - 365 * DAY);
    const companyId = await createCompany(admin, 'Long Ago');
    clock = null;
    expect((await admin.call('GET', '/api/billing/plans')).body.checkout).toBe('off');
    expect((await admin.call('GET', '/api/companies')).body[0].subscriptionStatus).toBe('active');
    expect((await admin.call('GET', `/api/companies/${companyId}`)).body.subscription.status).toBe('active');
    expect((await admin.call('GET', '/api/me')).body.companyList[0].subscriptionStatus).toBe('active');
    expect((await admin.call('GET', `/api/companies/${companyId}/billing/subscription`)).body).toMatchObject({ status: 'active', paymentWarning: false });
    expect((await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Open', memberIds: [] })).status).toBe(201);
    expect((await admin.call('POST', `/api/companies/${companyId}/billing/checkout`, { plan: 'grow', cycle: 'monthly' })).status).toBe(409);
  });
});
