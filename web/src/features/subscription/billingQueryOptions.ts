import { queryOptions } from '@tanstack/react-query';
import { billingApi } from './billingApi';

/**
 * The plans and the checkout mode are the server's configuration: read once.
 * A company's subscription lives under ['company', companyId, 'billing'], so
 * the live changes of the company refresh it.
 */
export const billingQueryOptions = {
  plans: queryOptions({ queryKey: ['billing', 'plans'], queryFn: billingApi.plans, staleTime: Infinity }),
  subscription: (companyId: string) =>
    queryOptions({ queryKey: ['company', companyId, 'billing', 'subscription'], queryFn: () => billingApi.subscription(companyId) }),
};
