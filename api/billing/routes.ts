import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BILLING_CYCLES, PLAN_IDS } from '../../domain/billing/plans.ts';
import { CHECKOUT_MODES } from './service.ts';
import { accessOf, inCompany } from '../http/access.ts';
import type { ApiContext } from '../http/context.ts';
import { positionText, requestMetadata } from '../http/context.ts';
import { CompanyParams, errorResponses, Nullable, PageNumber } from '../http/schemas.ts';

const PlanId = Type.Enum(PLAN_IDS);
const Cycle = Type.Enum(BILLING_CYCLES);

const Plan = Type.Object({
  id: PlanId,
  name: Type.String(),
  description: Type.String(),
  features: Type.Array(Type.String()),
  prices: Type.Object({ monthly: Type.Number(), quarterly: Type.Number(), yearly: Type.Number() }),
  popular: Type.Boolean(),
  seatLimit: Nullable(Type.Integer()),
});

const Plans = Type.Object({ plans: Type.Array(Plan), checkout: Type.Enum(CHECKOUT_MODES) });

const Subscription = Type.Object({
  status: Type.String(),
  trialExpiryDate: Nullable(Type.String()),
  plan: Nullable(PlanId),
  cycle: Nullable(Cycle),
  currentPeriodEnd: Nullable(Type.String()),
  cancelAtPeriodEnd: Type.Boolean(),
  lastPaymentStatus: Nullable(Type.String()),
  nextPaymentAttempt: Nullable(Type.String()),
  /** A failed renewal Stripe is still retrying: the banner warns until the period ends. */
  paymentWarning: Type.Boolean(),
});

const Invoice = Type.Object({
  id: Type.String(),
  invoiceNumber: Nullable(Type.String()),
  createdAt: Type.String(),
  /** Minor units of `currency`. */
  amount: Type.Integer(),
  currency: Type.String(),
  planName: Nullable(Type.String()),
  status: Type.String(),
  billingPeriod: Type.Object({ start: Type.String(), end: Type.String() }),
  hostedInvoiceUrl: Nullable(Type.String()),
});

const Invoices = Type.Object({
  invoices: Type.Array(Invoice),
  pagination: Type.Object({ page: Type.Integer(), limit: Type.Integer(), total: Type.Integer(), totalPages: Type.Integer() }),
});

/** Management §9: 20 by default (the page asks for 5). */
const DEFAULT_INVOICE_LIMIT = 20;

export function billingRoutes(context: ApiContext): FastifyPluginAsyncTypebox {
  const tags = ['billing'];
  const { billing } = context;
  return async (app) => {
    app.get(
      '/api/billing/plans',
      { config: { access: 'signed-in' }, schema: { tags, summary: 'The plans, and whether choosing one goes to Stripe, is not configured here, or billing is off', response: { 200: Plans, ...errorResponses } } },
      async () => billing.plans(),
    );

    app.post(
      '/api/companies/:companyId/billing/checkout',
      {
        config: { access: inCompany({ command: 'StartCheckout' }) },
        schema: {
          tags,
          summary: 'A Stripe Checkout Session for a plan and cycle (Admin only); the browser goes to its URL',
          params: CompanyParams,
          body: Type.Object({ plan: PlanId, cycle: Cycle }),
          response: { 200: Type.Object({ url: Type.String(), position: Nullable(Type.String()) }), ...errorResponses },
        },
      },
      async (request) => {
        // Not `write`: a suspended company's Admin must be able to pay.
        const access = accessOf(request);
        const { plan, cycle } = request.body;
        const { url, position } = await billing.startCheckout(access, plan, cycle, requestMetadata(request, access.userId));
        return { url, position: positionText(position) };
      },
    );

    app.get(
      '/api/companies/:companyId/billing/subscription',
      { config: { access: inCompany() }, schema: { tags, summary: 'The company’s subscription: status, plan, period and last payment', params: CompanyParams, response: { 200: Subscription, ...errorResponses } } },
      async (request) => {
        const access = accessOf(request);
        return billing.subscriptionOf(access.company);
      },
    );

    app.get(
      '/api/companies/:companyId/billing/invoices',
      {
        config: { access: inCompany({ page: '/invoices' }) },
        schema: {
          tags,
          summary: 'The company’s invoices, newest first (Admin only)',
          params: CompanyParams,
          querystring: Type.Object({ page: Type.Optional(PageNumber), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }),
          response: { 200: Invoices, ...errorResponses },
        },
      },
      async (request) => {
        const access = accessOf(request);
        const { page = 1, limit = DEFAULT_INVOICE_LIMIT } = request.query;
        return billing.invoicesOf(access.company.company_id, page, limit);
      },
    );

    // Stripe signs the exact bytes it sent: this route alone takes its body raw.
    await app.register(async (webhook) => {
      webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      // Public: Stripe's signature on the body is what the handler checks.
      webhook.post('/api/billing/stripe-webhook', { config: { access: 'public' } }, async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const position = await billing.receiveWebhook(body, typeof signature === 'string' ? signature : undefined, request.id);
        return reply.send({ received: true, position: positionText(position) });
      });
    });
  };
}
