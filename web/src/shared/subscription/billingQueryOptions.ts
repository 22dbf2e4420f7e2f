import { queryOptions } from '@tanstack/react-query';
import { billingApi } from './billingApi';

/**
 * The plans and the checkout mode are the server's configuration: read once.
 * A company's subscription sits with its details, under ['company',
 * companyId, 'details'], where the billing read model's live changes reach it.
 */
export const billingQueryOptions = {
  plans: queryOptions({ queryKey: ['billing', 'plans'], queryFn: billingApi.plans, staleTime: Infinity }),
  subscription: (companyId: string) =>
    queryOptions({ queryKey: ['company', companyId, 'details', 'subscription'], queryFn: () => billingApi.subscription(companyId) }),
};
