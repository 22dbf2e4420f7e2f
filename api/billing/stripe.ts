import Stripe from 'stripe';
import { type Static, type TSchema, Type } from 'typebox';
import { Compile } from 'typebox/compile';
import type { StripeFact } from '../../domain/billing/billing.ts';
import { StripeId } from '../../domain/billing/events.ts';
import { BILLING_CYCLES, type BillingCycle, PLAN_IDS, type PlanId } from '../../domain/billing/plans.ts';
import { invoiceStatus } from '../../domain/billing/status.ts';
import { Nullable, Text } from '../../domain/shared/schema.ts';
import type { BillingConfig, StripePrices } from '../config.ts';

/** Stripe's client, or null when no secret key is configured (then nothing calls Stripe). */
export function stripeClient(config: BillingConfig): Stripe | null {
  if (!config.stripeSecretKey || config.off) return null;
  return new Stripe(config.stripeSecretKey, { ...config.stripeApi, timeout: 30_000, maxNetworkRetries: 2 });
}

/** The plan and cycle a configured price id sells. */
export function planOfPrice(prices: StripePrices, priceId: string | null | undefined): { plan: PlanId; cycle: BillingCycle } | null {
  if (!priceId) return null;
  for (const plan of PLAN_IDS) {
    for (const cycle of BILLING_CYCLES) if (prices[plan]?.[cycle] === priceId) return { plan, cycle };
  }
  return null;
}

/**
 * What billing reads of a Stripe event: only the fields it uses, in every
 * shape a webhook endpoint may send them. An endpoint answers in the API
 * version it was created with, not the SDK's, so older versions are read too:
 * a subscription's period on the subscription (before 2025-03-31) rather than
 * on its item, its price as `plan` (before 2018-02-05), an invoice's
 * subscription details at its top level rather than under `parent`, its
 * line's price as `price` or `plan` rather than `pricing`, and no `lines` at
 * all. Other fields may be anything.
 */
const Optional = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));
/** An id, or the object it names when expanded. */
const Ref = Type.Union([StripeId, Type.Object({ id: StripeId })]);
/** Unix seconds, up to the year 9999. */
const Seconds = Type.Integer({ minimum: 0, maximum: 253_402_300_799 });
const Metadata = Optional(Type.Record(Type.String(), Type.String()));
const PriceRef = Optional(Type.Object({ id: StripeId }));

const SubscriptionItem = Type.Object({ price: PriceRef, plan: PriceRef, current_period_end: Optional(Seconds) });
const StripeSubscription = Type.Object({
  id: StripeId,
  customer: Ref,
  status: Text(40),
  metadata: Metadata,
  cancel_at_period_end: Optional(Type.Boolean()),
  current_period_end: Optional(Seconds),
  plan: PriceRef,
  items: Optional(Type.Object({ data: Type.Array(SubscriptionItem) })),
});

const InvoiceLine = Type.Object({
  pricing: Optional(Type.Object({ price_details: Optional(Type.Object({ price: Ref })) })),
  price: PriceRef,
  plan: PriceRef,
  period: Optional(Type.Object({ start: Seconds, end: Seconds })),
});
const StripeInvoice = Type.Object({
  id: Optional(StripeId),
  customer: Ref,
  status: Optional(Text(40)),
  number: Optional(Text(100)),
  created: Seconds,
  amount_paid: Type.Integer(),
  amount_due: Type.Integer(),
  currency: Text(3),
  period_start: Seconds,
  period_end: Seconds,
  hosted_invoice_url: Optional(Text(2_000)),
  next_payment_attempt: Optional(Seconds),
  metadata: Metadata,
  parent: Optional(Type.Object({ subscription_details: Optional(Type.Object({ metadata: Metadata })) })),
  subscription_details: Optional(Type.Object({ metadata: Metadata })),
  lines: Optional(Type.Object({ data: Type.Array(InvoiceLine) })),
});

const StripeCheckoutSession = Type.Object({
  mode: Optional(Type.String()),
  subscription: Optional(Ref),
  client_reference_id: Optional(Type.String()),
  metadata: Metadata,
});

const StripeEvent = Type.Object({ id: StripeId, created: Seconds, data: Type.Object({ object: Type.Object({}) }) });

type StripeSubscription = Static<typeof StripeSubscription>;
type StripeInvoice = Static<typeof StripeInvoice>;

const readers = {
  event: Compile(StripeEvent),
  subscription: Compile(StripeSubscription),
  invoice: Compile(StripeInvoice),
  checkoutSession: Compile(StripeCheckoutSession),
};

/** A value Stripe sent, checked against what billing reads of it; or the first problem found. */
function read<T extends TSchema>(reader: ReturnType<typeof Compile<T>>, value: unknown, what: string): Static<T> | { problem: string } {
  if (reader.Check(value)) return value as Static<T>;
  const [first] = reader.Errors(value);
  return { problem: `${what}${first?.instancePath ?? ''} ${first?.message ?? 'is not understood'}` };
}
const isProblem = (value: unknown): value is { problem: string } => typeof value === 'object' && value !== null && 'problem' in value;

/** What a verified Stripe event tells billing. */
export type StripeEventReading =
  /** An event billing does not follow. */
  | { kind: 'not-followed' }
  /** An event billing follows, in a shape it cannot read. */
  | { kind: 'unreadable'; problem: string }
  /** The fact, the customer it is about, and the company its metadata names (a hint: the company's stream decides). */
  | { kind: 'fact'; companyId: string | null; customerId: string; fact: StripeFact };

const instant = (seconds: number) => new Date(seconds * 1000).toISOString();
const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

function subscriptionFact(event: { id: string; created: number }, subscription: StripeSubscription, prices: StripePrices): StripeEventReading {
  const item = subscription.items?.data[0];
  const sold = planOfPrice(prices, item?.price?.id ?? item?.plan?.id ?? subscription.plan?.id);
  const periodEnd = item?.current_period_end ?? subscription.current_period_end;
  const customerId = idOf(subscription.customer);
  return {
    kind: 'fact',
    companyId: subscription.metadata?.companyId ?? null,
    customerId,
    fact: {
      kind: 'subscription',
      stripeEventId: event.id,
      occurredAt: instant(event.created),
      subscriptionId: subscription.id,
      customerId,
      stripeStatus: subscription.status,
      plan: sold?.plan ?? null,
      cycle: sold?.cycle ?? null,
      currentPeriodEnd: periodEnd ? instant(periodEnd) : null,
      cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
    },
  };
}

function invoiceFact(event: { id: string; created: number }, invoice: StripeInvoice, payment: 'succeeded' | 'failed', prices: StripePrices): StripeEventReading {
  // A preview invoice has no id: nothing to record.
  if (!invoice.id) return { kind: 'not-followed' };
  const priceOf = (line: Static<typeof InvoiceLine>) => {
    const price = line.pricing?.price_details?.price;
    return (price ? idOf(price) : null) ?? line.price?.id ?? line.plan?.id ?? null;
  };
  const line = invoice.lines?.data.find((l) => priceOf(l) !== null);
  const sold = planOfPrice(prices, line ? priceOf(line) : null);
  const stripeStatus = invoice.status ?? (payment === 'succeeded' ? 'paid' : 'open');
  const subscriptionDetails = invoice.parent?.subscription_details ?? invoice.subscription_details;
  return {
    kind: 'fact',
    companyId: subscriptionDetails?.metadata?.companyId ?? invoice.metadata?.companyId ?? null,
    customerId: idOf(invoice.customer),
    fact: {
      kind: 'invoice',
      stripeEventId: event.id,
      occurredAt: instant(event.created),
      invoiceId: invoice.id,
      invoiceNumber: invoice.number ?? null,
      createdAt: instant(invoice.created),
      amount: payment === 'succeeded' ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      plan: sold?.plan ?? null,
      status: invoiceStatus(stripeStatus, payment),
      periodStart: instant(line?.period?.start ?? invoice.period_start),
      periodEnd: instant(line?.period?.end ?? invoice.period_end),
      hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
      payment,
      nextPaymentAttempt: invoice.next_payment_attempt ? instant(invoice.next_payment_attempt) : null,
    },
  };
}

/**
 * What a verified Stripe event tells billing. A completed checkout names the
 * subscription only, so it is read from Stripe (as it stands now, which is
 * never older than the event).
 */
export async function readStripeEvent(event: Stripe.Event, stripe: Stripe, prices: StripePrices): Promise<StripeEventReading> {
  const envelope = read(readers.event, event, 'event');
  if (isProblem(envelope)) return { kind: 'unreadable', ...envelope };
  const object: unknown = envelope.data.object;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = read(readers.checkoutSession, object, 'session');
      if (isProblem(session)) return { kind: 'unreadable', ...session };
      if (session.mode !== 'subscription' || !session.subscription) return { kind: 'not-followed' };
      const subscription = read(readers.subscription, await stripe.subscriptions.retrieve(idOf(session.subscription)), 'subscription');
      if (isProblem(subscription)) return { kind: 'unreadable', ...subscription };
      const told = subscriptionFact(envelope, subscription, prices);
      return told.kind === 'fact' ? { ...told, companyId: session.client_reference_id ?? session.metadata?.companyId ?? told.companyId } : told;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = read(readers.subscription, object, 'subscription');
      return isProblem(subscription) ? { kind: 'unreadable', ...subscription } : subscriptionFact(envelope, subscription, prices);
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = read(readers.invoice, object, 'invoice');
      return isProblem(invoice) ? { kind: 'unreadable', ...invoice } : invoiceFact(envelope, invoice, event.type === 'invoice.paid' ? 'succeeded' : 'failed', prices);
    }
    default:
      return { kind: 'not-followed' };
  }
}
