import { describe, expect, it } from 'vitest';
import type { CompanyEvent } from '../companies/events.ts';
import { companyMessages } from '../companies/company.ts';
import { testActor } from '../members/test-actor.ts';
import { accessDenied } from '../members/roles.ts';
import { given } from '../shared/spec.ts';
import { billing, type BillingCommand, type InvoiceFact, type StripeFact, stripeEventMessages, type SubscriptionFact } from './billing.ts';
import type { BillingEvent } from './events.ts';
import { seatLimitMessage, planById, PLANS, savingsPercent } from './plans.ts';
import { gateFor, invoiceStatus, paymentWarning, shownSubscriptionStatus } from './status.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const now = new Date('2026-03-10T10:00:00Z');
const context = { now };
const periodEnd = '2026-04-01T00:00:00.000Z';
const pastPeriodEnd = '2026-03-01T00:00:00.000Z';
const provider = { kind: 'payment-provider' } as const;

const created: CompanyEvent = {
  type: 'CompanyCreated',
  data: {
    companyId,
    name: 'Analytical Engines',
    location: { country: 'United Kingdom', code: 'GB' },
    timeZone: 'Europe/London',
    workingHours: { start: '09:00', end: '17:30' },
    createdBy: { userId: '00000000-0000-4000-8000-000000000001', name: 'Ada', email: 'ada@example.com' },
    trialEndsAt: '2026-03-31T10:00:00.000Z',
  },
};

const subscription = (overrides: Partial<SubscriptionFact> = {}): SubscriptionFact => ({
  stripeEventId: 'evt_1',
  occurredAt: '2026-03-10T09:00:00.000Z',
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  stripeStatus: 'active',
  plan: 'grow',
  cycle: 'monthly',
  currentPeriodEnd: periodEnd,
  cancelAtPeriodEnd: false,
  ...overrides,
});

const invoice = (overrides: Partial<InvoiceFact> = {}): InvoiceFact => ({
  stripeEventId: 'evt_in_1',
  occurredAt: '2026-03-10T09:00:00.000Z',
  invoiceId: 'in_1',
  invoiceNumber: 'TL-0001',
  createdAt: '2026-03-01T00:00:00.000Z',
  amount: 7900,
  currency: 'usd',
  plan: 'grow',
  status: 'paid',
  periodStart: '2026-03-01T00:00:00.000Z',
  periodEnd,
  hostedInvoiceUrl: 'https://invoice.stripe.com/i/acct_1/in_1',
  payment: 'succeeded',
  nextPaymentAttempt: null,
  ...overrides,
});

/** The company's customer, linked by its first checkout. */
const linked: BillingEvent = { type: 'StripeCustomerLinked', data: { companyId, customerId: 'cus_1' } };
const record = (fact: StripeFact, customerId = 'cus_1'): BillingCommand => ({ type: 'RecordStripeFact', customerId, fact, authority: provider });
const told = (fact: SubscriptionFact): BillingEvent => ({ type: 'SubscriptionUpdated', data: { companyId, ...fact } });
const recorded = (fact: InvoiceFact): BillingEvent => ({ type: 'InvoiceRecorded', data: { companyId, ...fact } });
const gate = (status: 'active' | 'suspended', activeUntil: string | null = null): CompanyEvent => ({
  type: 'SubscriptionStatusSet',
  data: { companyId, status, trialEndsAt: null, activeUntil },
});

describe('billing: the Stripe customer', () => {
  const admin = testActor(companyId, '1', 'Admin');

  it('is linked by an Admin, once', () => {
    given(billing, [created])
      .when({ type: 'LinkStripeCustomer', customerId: 'cus_1', actor: admin }, context)
      .then([{ type: 'StripeCustomerLinked', data: { companyId, customerId: 'cus_1' } }]);
    given(billing, [created, { type: 'StripeCustomerLinked', data: { companyId, customerId: 'cus_1' } }])
      .when({ type: 'LinkStripeCustomer', customerId: 'cus_1', actor: admin }, context)
      .then([]);
  });

  it('is refused to a Manager and to an Admin of another company', () => {
    given(billing, [created]).when({ type: 'LinkStripeCustomer', customerId: 'cus_1', actor: testActor(companyId, '2', 'Manager') }, context).thenRefuses(accessDenied);
    given(billing, [created])
      .when({ type: 'LinkStripeCustomer', customerId: 'cus_1', actor: testActor('00000000-0000-4000-8000-0000000000c2', '1', 'Admin') }, context)
      .thenRefuses(accessDenied);
  });
});

describe('billing: Stripe events', () => {
  it('activate the company when its subscription is active', () => {
    given(billing, [created, linked]).when(record({ kind: 'subscription', ...subscription() }), context).then([told(subscription()), gate('active')]);
  });

  it('are taken only from Stripe (a signed webhook)', () => {
    given(billing, [created, linked])
      .when({ type: 'RecordStripeFact', customerId: 'cus_1', fact: { kind: 'subscription', ...subscription() }, authority: testActor(companyId, '1', 'Admin') }, context)
      .thenRefuses(accessDenied);
  });

  it('act only on the company whose customer they are about', () => {
    // Another customer naming this company (in its metadata, which anyone paying Stripe sets).
    given(billing, [created, linked]).when(record({ kind: 'subscription', ...subscription({ customerId: 'cus_2', plan: 'starter' }) }, 'cus_2'), context).thenRefuses(stripeEventMessages.notTheCompanysCustomer);
    given(billing, [created, linked, told(subscription())]).when(record({ kind: 'invoice', ...invoice() }, 'cus_2'), context).thenRefuses(stripeEventMessages.notTheCompanysCustomer);
    // A company that never started a checkout has no customer.
    given(billing, [created]).when(record({ kind: 'subscription', ...subscription() }), context).thenRefuses(stripeEventMessages.notTheCompanysCustomer);
  });

  it('never rebind the customer, even one recorded before the customer was checked', () => {
    const forged = subscription({ stripeEventId: 'evt_forged', customerId: 'cus_2', stripeStatus: 'canceled' });
    const renewed = subscription({ stripeEventId: 'evt_2', occurredAt: '2026-03-10T09:30:00.000Z' });
    given(billing, [created, linked, told(forged)]).when(record({ kind: 'subscription', ...renewed }, 'cus_2'), context).thenRefuses(stripeEventMessages.notTheCompanysCustomer);
    given(billing, [created, told(forged)]).when(record({ kind: 'subscription', ...renewed }, 'cus_2'), context).thenRefuses(stripeEventMessages.notTheCompanysCustomer);
  });

  it('about a company that does not exist are refused', () => {
    given(billing, []).when(record({ kind: 'subscription', ...subscription() }), context).thenRefuses(companyMessages.notFound);
  });

  it('decide nothing when replayed', () => {
    given(billing, [created, linked, told(subscription()), gate('active')]).when(record({ kind: 'subscription', ...subscription() }), context).then([]);
    given(billing, [created, linked, recorded(invoice())]).when(record({ kind: 'invoice', ...invoice() }), context).then([]);
  });

  it('change the gate only when its status changes', () => {
    const renewed = subscription({ stripeEventId: 'evt_2', occurredAt: '2026-03-10T09:30:00.000Z', currentPeriodEnd: '2026-05-01T00:00:00.000Z' });
    given(billing, [created, linked, told(subscription()), gate('active')]).when(record({ kind: 'subscription', ...renewed }), context).then([told(renewed)]);
  });
});

describe('billing: events out of order', () => {
  const incomplete = subscription({ stripeEventId: 'evt_created', stripeStatus: 'incomplete', occurredAt: '2026-03-10T08:59:59.000Z' });
  const active = subscription({ stripeEventId: 'evt_updated' });

  it('an update before its create ends active: the older create is ignored', () => {
    given(billing, [created, linked, told(active), gate('active')]).when(record({ kind: 'subscription', ...incomplete }), context).then([]);
  });

  it('within one second, a later stage of the subscription wins', () => {
    const sameSecond = { ...incomplete, occurredAt: active.occurredAt };
    given(billing, [created, linked, told(active), gate('active')]).when(record({ kind: 'subscription', ...sameSecond }), context).then([]);
    given(billing, [created, linked, told(sameSecond)]).when(record({ kind: 'subscription', ...active }), context).then([told(active), gate('active')]);
  });

  it('nothing revives a subscription after its end', () => {
    const ended = subscription({ stripeEventId: 'evt_deleted', stripeStatus: 'canceled', currentPeriodEnd: pastPeriodEnd, occurredAt: '2026-03-10T09:10:00.000Z' });
    const lateUpdate = subscription({ stripeEventId: 'evt_late', occurredAt: '2026-03-10T09:20:00.000Z' });
    given(billing, [created, linked, told(ended), gate('suspended')]).when(record({ kind: 'subscription', ...lateUpdate }), context).then([]);
  });

  it('a new subscription replaces an ended one, and the end of an old one changes nothing', () => {
    const ended = subscription({ stripeEventId: 'evt_deleted', stripeStatus: 'canceled', currentPeriodEnd: pastPeriodEnd });
    const next = subscription({ stripeEventId: 'evt_new', subscriptionId: 'sub_2', occurredAt: '2026-03-10T08:00:00.000Z' });
    given(billing, [created, linked, told(ended), gate('suspended')]).when(record({ kind: 'subscription', ...next }), context).then([told(next), gate('active')]);
    given(billing, [created, linked, told(next), gate('active')]).when(record({ kind: 'subscription', ...ended }), context).then([]);
  });

  it('a paid invoice stays paid when an older failure arrives after it', () => {
    const failed = invoice({ stripeEventId: 'evt_failed', occurredAt: '2026-03-10T08:00:00.000Z', status: 'failed', payment: 'failed', nextPaymentAttempt: '2026-03-11T08:00:00.000Z' });
    given(billing, [created, linked, recorded(invoice())]).when(record({ kind: 'invoice', ...failed }), context).then([]);
    given(billing, [created, linked, recorded(failed)]).when(record({ kind: 'invoice', ...invoice() }), context).then([recorded(invoice())]);
  });
});

describe('billing: the status mapping', () => {
  const terms = (stripeStatus: string, currentPeriodEnd: string | null = periodEnd, cancelAtPeriodEnd = false) => ({ stripeStatus, currentPeriodEnd, cancelAtPeriodEnd });

  it.each([
    ['active', terms('active'), { status: 'active', trialEndsAt: null, activeUntil: null }],
    ['trialing', terms('trialing'), { status: 'active', trialEndsAt: null, activeUntil: null }],
    ['active, cancelled at the period end', terms('active', periodEnd, true), { status: 'active', trialEndsAt: null, activeUntil: periodEnd }],
    ['past_due within the period', terms('past_due'), { status: 'active', trialEndsAt: null, activeUntil: periodEnd }],
    ['past_due after the period', terms('past_due', pastPeriodEnd), { status: 'suspended', trialEndsAt: null, activeUntil: null }],
    ['canceled with time paid left', terms('canceled'), { status: 'active', trialEndsAt: null, activeUntil: periodEnd }],
    ['canceled at the period end', terms('canceled', pastPeriodEnd), { status: 'suspended', trialEndsAt: null, activeUntil: null }],
    ['unpaid after the period', terms('unpaid', pastPeriodEnd), { status: 'suspended', trialEndsAt: null, activeUntil: null }],
    ['incomplete (a checkout still paying)', terms('incomplete'), null],
  ])('%s', (_case, given, expected) => {
    expect(gateFor(given, now)).toEqual(expected);
  });

  it('warns of a failed payment until the period ends', () => {
    expect(paymentWarning(terms('past_due'), now)).toBe(true);
    expect(paymentWarning(terms('past_due'), new Date(periodEnd))).toBe(false);
    expect(paymentWarning(terms('active'), now)).toBe(false);
  });

  it('a failed payment keeps the company active with a warning, then it reads suspended after the period', () => {
    const failing = subscription({ stripeEventId: 'evt_past_due', stripeStatus: 'past_due', occurredAt: '2026-03-10T09:30:00.000Z' });
    given(billing, [created, linked, told(subscription()), gate('active')]).when(record({ kind: 'subscription', ...failing }), context).then([told(failing), gate('active', periodEnd)]);
    expect(shownSubscriptionStatus({ status: 'active', activeUntil: periodEnd }, now, false)).toBe('active');
    expect(shownSubscriptionStatus({ status: 'active', activeUntil: periodEnd }, new Date(periodEnd), false)).toBe('suspended');
  });

  it('shows every company active with BILLING=off', () => {
    expect(shownSubscriptionStatus({ status: 'suspended', activeUntil: null }, now, true)).toBe('active');
    expect(shownSubscriptionStatus({ status: 'trial', activeUntil: null }, now, true)).toBe('active');
  });

  it('reads an open invoice whose payment failed as failed', () => {
    expect(invoiceStatus('open', 'failed')).toBe('failed');
    expect(invoiceStatus('paid', 'succeeded')).toBe('paid');
    expect(invoiceStatus('uncollectible', 'failed')).toBe('uncollectible');
  });
});

describe('plans', () => {
  it('are the four of management §9 with their prices and seat limits', () => {
    expect(PLANS.map((p) => [p.name, p.prices.monthly, p.prices.quarterly, p.prices.yearly, p.seatLimit, p.popular])).toEqual([
      ['Starter', 29, 25, 20, 5, false],
      ['Grow', 79, 69, 59, 20, true],
      ['Team', 199, 179, 159, 100, false],
      ['Enterprise', 499, 449, 399, null, false],
    ]);
  });

  it('save a rounded percent against monthly', () => {
    expect(savingsPercent(planById('starter')!, 'yearly')).toBe(31);
    expect(savingsPercent(planById('grow')!, 'quarterly')).toBe(13);
    expect(savingsPercent(planById('team')!, 'monthly')).toBe(0);
  });

  it('name the plan and its limit when full', () => {
    expect(seatLimitMessage(planById('starter')!)).toBe('Your Starter plan allows up to 5 members. Choose a larger plan to invite more.');
  });
});
