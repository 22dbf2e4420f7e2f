import { isLocked } from '../companies/company.ts';
import type { SubscriptionStatus } from '../companies/events.ts';

/** The company's subscription as the gate reads it (core §4). */
export interface Gate {
  status: SubscriptionStatus;
  trialEndsAt: string | null;
  activeUntil: string | null;
}

/** What the gate needs of a Stripe subscription. */
export interface SubscriptionTerms {
  stripeStatus: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

/** Stripe statuses that end a subscription: nothing said later about it revives it. */
const ENDED = ['canceled', 'incomplete_expired'];
export const hasEnded = (stripeStatus: string) => ENDED.includes(stripeStatus);

/** Is the period last paid for still running? */
const isPaidPeriod = ({ currentPeriodEnd }: SubscriptionTerms, now: Date) => currentPeriodEnd !== null && Date.parse(currentPeriodEnd) > now.getTime();

/**
 * Stripe's status → the gate. active and trialing: active (until the period
 * end when it is cancelled at the period end); past_due: active, with a
 * warning, until the period end; canceled, unpaid, paused: active until the
 * paid period ends, then suspended. incomplete (a checkout still paying):
 * null, the gate stays as it is.
 */
export function gateFor(terms: SubscriptionTerms, now: Date): Gate | null {
  const until = terms.currentPeriodEnd;
  switch (terms.stripeStatus) {
    case 'active':
    case 'trialing':
      return { status: 'active', trialEndsAt: null, activeUntil: terms.cancelAtPeriodEnd ? until : null };
    case 'past_due':
    case 'canceled':
    case 'unpaid':
    case 'paused':
    case 'incomplete_expired':
      return isPaidPeriod(terms, now) ? { status: 'active', trialEndsAt: null, activeUntil: until } : suspended;
    default:
      return null;
  }
}

const suspended: Gate = { status: 'suspended', trialEndsAt: null, activeUntil: null };

/** The banner's payment warning: a failed renewal Stripe is still retrying, until the period ends. */
export const paymentWarning = (terms: SubscriptionTerms, now: Date): boolean => terms.stripeStatus === 'past_due' && isPaidPeriod(terms, now);

/**
 * An invoice's status for the invoices table (management §4): Stripe's, except
 * that an open invoice whose payment failed reads 'failed'.
 */
export const invoiceStatus = (stripeStatus: string, payment: 'succeeded' | 'failed'): string =>
  payment === 'failed' && stripeStatus === 'open' ? 'failed' : stripeStatus;

/**
 * The status a company's answers show (the web app's gate reads it):
 * 'active' for every company with BILLING=off; an active subscription past
 * its end reads 'suspended'.
 */
export function shownSubscriptionStatus(company: { status: string; activeUntil: Date | string | null }, now: Date, billingOff: boolean): string {
  if (billingOff) return 'active';
  if (company.status === 'active' && isLocked({ ...company, trialEndsAt: null }, now)) return 'suspended';
  return company.status;
}
