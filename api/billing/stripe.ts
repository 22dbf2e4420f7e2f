import Stripe from 'stripe';
import type { StripeFact } from '../../domain/billing/billing.ts';
import { BILLING_CYCLES, type BillingCycle, PLAN_IDS, type PlanId } from '../../domain/billing/plans.ts';
import { invoiceStatus } from '../../domain/billing/status.ts';
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

/** What a Stripe event is about: the company it names (metadata), else its customer. */
export interface StripeEventFact {
  companyId: string | null;
  customerId: string | null;
  fact: StripeFact;
}

const instant = (seconds: number) => new Date(seconds * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

function subscriptionFact(event: Stripe.Event, subscription: Stripe.Subscription, prices: StripePrices): StripeEventFact {
  const item = subscription.items.data[0];
  const sold = planOfPrice(prices, item?.price.id);
  const customerId = idOf(subscription.customer)!;
  return {
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
      currentPeriodEnd: item ? instant(item.current_period_end) : null,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    },
  };
}

function invoiceFact(event: Stripe.Event, invoice: Stripe.Invoice, payment: 'succeeded' | 'failed', prices: StripePrices): StripeEventFact | null {
  if (!invoice.id) return null;
  const line = invoice.lines.data.find((l) => l.pricing?.price_details);
  const sold = planOfPrice(prices, idOf(line?.pricing?.price_details?.price));
  const stripeStatus = invoice.status ?? (payment === 'succeeded' ? 'paid' : 'open');
  return {
    companyId: invoice.parent?.subscription_details?.metadata?.companyId ?? invoice.metadata?.companyId ?? null,
    customerId: idOf(invoice.customer),
    fact: {
      kind: 'invoice',
      stripeEventId: event.id,
      occurredAt: instant(event.created),
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      createdAt: instant(invoice.created),
      amount: payment === 'succeeded' ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      plan: sold?.plan ?? null,
      status: invoiceStatus(stripeStatus, payment),
      periodStart: instant(line?.period.start ?? invoice.period_start),
      periodEnd: instant(line?.period.end ?? invoice.period_end),
      hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
      payment,
      nextPaymentAttempt: invoice.next_payment_attempt ? instant(invoice.next_payment_attempt) : null,
    },
  };
}

/**
 * The fact a verified Stripe event tells, or null for events billing does not
 * follow. A completed checkout names the subscription only, so it is read
 * from Stripe (as it stands now, which is never older than the event).
 */
export async function factOf(event: Stripe.Event, stripe: Stripe, prices: StripePrices): Promise<StripeEventFact | null> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      if (session.mode !== 'subscription' || !subscriptionId) return null;
      const told = subscriptionFact(event, await stripe.subscriptions.retrieve(subscriptionId), prices);
      return { ...told, companyId: session.client_reference_id ?? session.metadata?.companyId ?? told.companyId };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionFact(event, event.data.object, prices);
    case 'invoice.paid':
      return invoiceFact(event, event.data.object, 'succeeded', prices);
    case 'invoice.payment_failed':
      return invoiceFact(event, event.data.object, 'failed', prices);
    default:
      return null;
  }
}
