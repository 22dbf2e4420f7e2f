import { isLocked, trialDaysLeft } from '../../../../domain/companies/company.ts';
import type { SubscriptionAnswer } from '../../shared/subscription/billingApi';

/** What the subscription pages and banners say, one kind per state a company can be in. */
export type SubscriptionStanding =
  /** A trial still running (also any missing or unknown status); `daysLeft` null when it has no end date. */
  | { kind: 'trial'; daysLeft: number | null; endsAt: string | null }
  | { kind: 'trial-ended' }
  | { kind: 'active' }
  /** A renewal failed and Stripe tries again; open until the paid period ends. */
  | { kind: 'past-due'; retryAt: string | null; until: string | null }
  /** Cancelled at the period end: open until then. */
  | { kind: 'cancelled'; until: string | null }
  | { kind: 'suspended' };

/** The state of a company's subscription from the billing API's answer, at `now`. */
export function subscriptionStanding(
  subscription: Pick<SubscriptionAnswer, 'status' | 'trialExpiryDate' | 'paymentWarning' | 'cancelAtPeriodEnd' | 'currentPeriodEnd' | 'nextPaymentAttempt'>,
  now: Date,
): SubscriptionStanding {
  const { status, trialExpiryDate, currentPeriodEnd } = subscription;
  if (status === 'suspended') return { kind: 'suspended' };
  if (status === 'active') {
    if (subscription.paymentWarning) return { kind: 'past-due', retryAt: subscription.nextPaymentAttempt, until: currentPeriodEnd };
    if (subscription.cancelAtPeriodEnd) return { kind: 'cancelled', until: currentPeriodEnd };
    return { kind: 'active' };
  }
  if (isLocked({ status, trialEndsAt: trialExpiryDate }, now)) return { kind: 'trial-ended' };
  return { kind: 'trial', daysLeft: trialExpiryDate ? trialDaysLeft(trialExpiryDate, now) : null, endsAt: trialExpiryDate };
}

/** Suspended, or a trial past its end: the gate opens only the subscription pages. */
export const isClosed = (standing: SubscriptionStanding) => standing.kind === 'suspended' || standing.kind === 'trial-ended';
