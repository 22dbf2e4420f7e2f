import { api, type ApiAnswer, type ApiBody } from '../../lib/api';

/** What the server does when a plan is chosen: Stripe Checkout, a message that payments are not configured, or nothing (BILLING=off). */
export type CheckoutMode = ApiAnswer<'get', '/api/billing/plans'>['checkout'];

export type CheckoutChoice = ApiBody<'post', '/api/companies/{companyId}/billing/checkout'>;

/** Calls about a company's subscription and its payment (billing API). */
export const billingApi = {
  plans: () => api.get('/api/billing/plans'),
  subscription: (companyId: string) => api.get('/api/companies/{companyId}/billing/subscription', { path: { companyId } }),
  checkout: (companyId: string, body: CheckoutChoice) => api.post('/api/companies/{companyId}/billing/checkout', { path: { companyId }, body }),
};

/** A company's subscription as the billing API reads it: the pages and banners take its state from here. */
export type SubscriptionAnswer = ApiAnswer<'get', '/api/companies/{companyId}/billing/subscription'>;
