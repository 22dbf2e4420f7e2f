import { useMutation } from '@tanstack/react-query';
import type { BillingCycle, PlanId } from '../../../../domain/billing/plans.ts';
import { ApiError } from '../../lib/ApiError';
import { billingApi } from '../../shared/subscription/billingApi';

const failedMessage = 'Failed to start subscription process. Please try again.';

/**
 * Starts Stripe Checkout for a plan and cycle and sends the browser there.
 * A refusal the server explains (payments not configured, a price missing)
 * keeps its message; anything else is the spec's failure message.
 */
export function useStartCheckout(companyId: string) {
  return useMutation({
    mutationFn: (choice: { plan: PlanId; cycle: BillingCycle }) => billingApi.checkout(companyId, choice),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** What to tell the user when checkout could not start. */
export const checkoutErrorMessage = (error: unknown): string =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : failedMessage;
