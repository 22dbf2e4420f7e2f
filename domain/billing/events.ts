import { type Static, Type } from 'typebox';
import type { DomainEvent } from '../shared/decider.ts';
import { Closed, Id, Instant, Nullable, Text } from '../shared/schema.ts';
import { BILLING_CYCLES, PLAN_IDS } from './plans.ts';

/** An id Stripe gave (cus_…, sub_…, in_…, evt_…). */
export const StripeId = Type.String({ pattern: '^[A-Za-z0-9_]+$', maxLength: 255 });
const PlanId = Nullable(Type.Enum(PLAN_IDS));
const Cycle = Nullable(Type.Enum(BILLING_CYCLES));
/** What Stripe said, and when it said it: facts are ordered by when Stripe created the event, not by when it arrived. */
const fromStripe = { companyId: Id, stripeEventId: StripeId, occurredAt: Instant };

/** The company's Stripe customer, made for its first checkout and reused by the next. */
export const StripeCustomerLinked = Closed({ companyId: Id, customerId: StripeId });

/** The company's subscription as a Stripe event showed it (created, updated, deleted, or a completed checkout). */
export const SubscriptionUpdated = Closed({
  ...fromStripe,
  subscriptionId: StripeId,
  customerId: StripeId,
  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, … */
  stripeStatus: Text(40),
  plan: PlanId,
  cycle: Cycle,
  currentPeriodEnd: Nullable(Instant),
  cancelAtPeriodEnd: Type.Boolean(),
});

/** An invoice as a paid or failed payment showed it; also the company's last payment. */
export const InvoiceRecorded = Closed({
  ...fromStripe,
  invoiceId: StripeId,
  invoiceNumber: Nullable(Text(100)),
  createdAt: Instant,
  /** Minor units of the currency (cents). */
  amount: Type.Integer(),
  currency: Text(3),
  plan: PlanId,
  /** paid, open, void, uncollectible, draft, … as Stripe names it. */
  status: Text(40),
  periodStart: Instant,
  periodEnd: Instant,
  hostedInvoiceUrl: Nullable(Text(2_000)),
  payment: Type.Enum(['succeeded', 'failed']),
  nextPaymentAttempt: Nullable(Instant),
});

export type BillingEvent =
  | DomainEvent<'StripeCustomerLinked', Static<typeof StripeCustomerLinked>>
  | DomainEvent<'SubscriptionUpdated', Static<typeof SubscriptionUpdated>>
  | DomainEvent<'InvoiceRecorded', Static<typeof InvoiceRecorded>>;

export const billingEventSchemas = { StripeCustomerLinked, SubscriptionUpdated, InvoiceRecorded };
