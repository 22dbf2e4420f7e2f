import { useQuery } from '@tanstack/react-query';
import { useNow } from '../../lib/useNow';
import type { CompanySummary } from '../../shared/company/CompanySummary';
import { billingQueryOptions } from '../../shared/subscription/billingQueryOptions';
import { type SubscriptionStanding, subscriptionStanding } from './subscriptionStanding';

type Company = Pick<CompanySummary, 'companyId' | 'subscriptionStatus' | 'trialExpiryDate'>;

/**
 * A company's subscription state as the billing API says it, recomputed every
 * minute (a trial's days run out while a page stays open); live changes of the
 * company refetch it. Undefined while it loads; when the API cannot be read,
 * the profile's status and trial end. `poll` asks again every `everyMs` as
 * long as `until` does not hold (a page waiting for a change live updates may
 * miss).
 */
export function useSubscriptionStanding(
  company: Company | null,
  poll?: { everyMs: number; until: (standing: SubscriptionStanding) => boolean },
): SubscriptionStanding | undefined {
  const now = useNow(60_000);
  const query = useQuery({
    ...billingQueryOptions.subscription(company?.companyId ?? ''),
    enabled: company !== null,
    refetchInterval: ({ state: { data } }) => (poll && !(data && poll.until(subscriptionStanding(data, new Date()))) ? poll.everyMs : false),
  });
  if (query.data) return subscriptionStanding(query.data, now);
  if (company && query.isError) return subscriptionStanding(fromProfile(company), now);
  return undefined;
}

const fromProfile = ({ subscriptionStatus, trialExpiryDate }: Company) => ({
  status: subscriptionStatus,
  trialExpiryDate,
  paymentWarning: false,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: null,
  nextPaymentAttempt: null,
});
