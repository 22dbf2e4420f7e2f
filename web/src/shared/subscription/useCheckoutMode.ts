import { useQuery } from '@tanstack/react-query';
import { billingQueryOptions } from './billingQueryOptions';
import type { CheckoutMode } from './billingApi';

/** How this server takes payments; undefined until known (or when it cannot be read: then nothing is hidden). */
export function useCheckoutMode(): CheckoutMode | undefined {
  return useQuery({ ...billingQueryOptions.plans, select: (answer) => answer.checkout }).data;
}
