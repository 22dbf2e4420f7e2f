import type { CompanyEvent } from '../companies/events.ts';
import { companyMessages } from '../companies/company.ts';
import { type Actor, type Authority, authorize } from '../members/authorization.ts';
import { accessDenied } from '../members/roles.ts';
import type { Decider } from '../shared/decider.ts';
import { forbidden, notFound } from '../shared/errors.ts';
import type { BillingEvent } from './events.ts';
import type { BillingCycle, PlanId } from './plans.ts';
import { type Gate, gateFor, hasEnded } from './status.ts';

/**
 * A company's billing, on the company's stream: its Stripe customer, its
 * subscription and payments as Stripe's signed events tell them, and the
 * gate status they decide. Stripe may send events twice and in any order:
 * an event id already recorded decides nothing, and a fact older than what
 * is known is ignored. Only events about the company's own customer count:
 * the one linked when its Admin first started a checkout (every Checkout
 * Session the company creates is for that customer). A company id in an
 * event's metadata is never enough.
 */

export const stripeEventMessages = {
  notTheCompanysCustomer: 'This Stripe customer is not the company’s.',
} as const;

/** What one Stripe event says, without Stripe's types (api/billing/stripe.ts reads them). */
export type StripeFact =
  | ({ kind: 'subscription' } & SubscriptionFact)
  | ({ kind: 'invoice' } & InvoiceFact);

interface FromStripe {
  stripeEventId: string;
  /** When Stripe created the event (its order, not the order of arrival). */
  occurredAt: string;
}

export interface SubscriptionFact extends FromStripe {
  subscriptionId: string;
  customerId: string;
  stripeStatus: string;
  plan: PlanId | null;
  cycle: BillingCycle | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

export interface InvoiceFact extends FromStripe {
  invoiceId: string;
  invoiceNumber: string | null;
  createdAt: string;
  amount: number;
  currency: string;
  plan: PlanId | null;
  status: string;
  periodStart: string;
  periodEnd: string;
  hostedInvoiceUrl: string | null;
  payment: 'succeeded' | 'failed';
  nextPaymentAttempt: string | null;
}

export type BillingCommand =
  | { type: 'LinkStripeCustomer'; customerId: string; actor: Actor }
  /** `customerId`: the Stripe customer the event is about. */
  | { type: 'RecordStripeFact'; customerId: string; fact: StripeFact; authority: Authority };

export interface BillingState {
  companyId: string | null;
  customerId: string | null;
  subscription: SubscriptionFact | null;
  /** The newest fact known of each invoice. */
  invoices: ReadonlyMap<string, InvoiceFact>;
  gate: Gate;
  stripeEventIds: ReadonlySet<string>;
}

export type BillingStreamEvent = CompanyEvent | BillingEvent;

const initialState: BillingState = {
  companyId: null,
  customerId: null,
  subscription: null,
  invoices: new Map(),
  gate: { status: 'trial', trialEndsAt: null, activeUntil: null },
  stripeEventIds: new Set(),
};

/** Within one second (Stripe's clock), later stages of a subscription's life win. */
const STAGE: Record<string, number> = { incomplete: 0, trialing: 1, active: 1, past_due: 2, unpaid: 3, paused: 3, canceled: 4, incomplete_expired: 4 };
const stage = (stripeStatus: string) => STAGE[stripeStatus] ?? 1;

/** Does this fact tell more than the subscription known? */
export function isNewerSubscription(known: SubscriptionFact | null, fact: SubscriptionFact): boolean {
  if (!known) return true;
  if (fact.subscriptionId !== known.subscriptionId) {
    // An earlier subscription ending says nothing of the current one; a new one replaces an ended one.
    if (hasEnded(fact.stripeStatus)) return false;
    return hasEnded(known.stripeStatus) || fact.occurredAt >= known.occurredAt;
  }
  if (hasEnded(known.stripeStatus)) return false;
  return fact.occurredAt > known.occurredAt || (fact.occurredAt === known.occurredAt && stage(fact.stripeStatus) >= stage(known.stripeStatus));
}

/** A paid invoice stays paid, whatever older failure arrives after it. */
const INVOICE_STAGE: Record<string, number> = { draft: 0, open: 1, failed: 1, paid: 2, void: 2, uncollectible: 2 };
const isNewerInvoice = (known: InvoiceFact | undefined, fact: InvoiceFact) =>
  !known || fact.occurredAt > known.occurredAt || (fact.occurredAt === known.occurredAt && (INVOICE_STAGE[fact.status] ?? 1) >= (INVOICE_STAGE[known.status] ?? 1));

const sameGate = (a: Gate, b: Gate) => a.status === b.status && a.trialEndsAt === b.trialEndsAt && a.activeUntil === b.activeUntil;

export const billing: Decider<BillingCommand, BillingStreamEvent, BillingState, { now: Date }> = {
  initialState,

  evolve(state, event) {
    switch (event.type) {
      case 'CompanyCreated':
        return { ...state, companyId: event.data.companyId, gate: { status: 'trial', trialEndsAt: event.data.trialEndsAt, activeUntil: null } };
      case 'SubscriptionStatusSet':
        return { ...state, gate: { status: event.data.status, trialEndsAt: event.data.trialEndsAt, activeUntil: event.data.activeUntil ?? null } };
      case 'StripeCustomerLinked':
        return { ...state, customerId: event.data.customerId };
      case 'SubscriptionUpdated': {
        // The customer stays the one linked: an event never rebinds it.
        const { companyId: _, ...fact } = event.data;
        return { ...state, subscription: fact, stripeEventIds: new Set(state.stripeEventIds).add(fact.stripeEventId) };
      }
      case 'InvoiceRecorded': {
        const { companyId: _, ...fact } = event.data;
        return { ...state, invoices: new Map(state.invoices).set(fact.invoiceId, fact), stripeEventIds: new Set(state.stripeEventIds).add(fact.stripeEventId) };
      }
    }
  },

  decide(command, state, { now }) {
    if (!state.companyId) throw notFound(companyMessages.notFound);
    const companyId = state.companyId;
    switch (command.type) {
      case 'LinkStripeCustomer':
        authorize(command.actor, 'StartCheckout', { companyId });
        return state.customerId === command.customerId ? [] : [{ type: 'StripeCustomerLinked', data: { companyId, customerId: command.customerId } }];

      case 'RecordStripeFact': {
        if (command.authority.kind !== 'payment-provider') throw forbidden(accessDenied);
        if (!state.customerId || command.customerId !== state.customerId) throw forbidden(stripeEventMessages.notTheCompanysCustomer);
        const { fact } = command;
        if (state.stripeEventIds.has(fact.stripeEventId)) return [];
        if (fact.kind === 'invoice') {
          const { kind: _, ...data } = fact;
          return isNewerInvoice(state.invoices.get(fact.invoiceId), fact) ? [{ type: 'InvoiceRecorded', data: { companyId, ...data } }] : [];
        }
        const { kind: _, ...data } = fact;
        if (!isNewerSubscription(state.subscription, fact)) return [];
        const events: BillingStreamEvent[] = [{ type: 'SubscriptionUpdated', data: { companyId, ...data } }];
        const gate = gateFor(fact, now);
        if (gate && !sameGate(gate, state.gate)) events.push({ type: 'SubscriptionStatusSet', data: { companyId, ...gate } });
        return events;
      }
    }
  },
};
