import { isLocked, trialDaysLeft } from '../../../../domain/companies/company.ts';
import type { CompanySummary } from '../../shared/company/CompanySummary';

export type SubscriptionState =
  | { kind: 'active' }
  /** Suspended, or a trial past its end: the company's pages are closed. */
  | { kind: 'locked' }
  /** A trial (also any missing or unknown status); `daysLeft` null when it has no end date. */
  | { kind: 'trial'; daysLeft: number | null };

/** The subscription gate of spec core §4, with the domain's rules. */
export function subscriptionState(
  company: Pick<CompanySummary, 'subscriptionStatus' | 'trialExpiryDate'>,
  now: Date,
): SubscriptionState {
  const { subscriptionStatus: status, trialExpiryDate } = company;
  if (isLocked({ status, trialEndsAt: trialExpiryDate }, now)) return { kind: 'locked' };
  if (status === 'active') return { kind: 'active' };
  return { kind: 'trial', daysLeft: trialExpiryDate ? trialDaysLeft(trialExpiryDate, now) : null };
}
