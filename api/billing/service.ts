import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { billing, type BillingState, type BillingStreamEvent, stripeEventMessages } from '../../domain/billing/billing.ts';
import { type BillingCycle, type LimitedPlan, type PlanId, PLANS, planById } from '../../domain/billing/plans.ts';
import { hasEnded, paymentWarning, shownSubscriptionStatus } from '../../domain/billing/status.ts';
import { companyStream } from '../../domain/companies/events.ts';
import { authorize } from '../../domain/members/authorization.ts';
import { conflict, DomainError, invalid, notFound } from '../../domain/shared/errors.ts';
import { handleCommand, loadStream, StreamStateCache } from '../../eventstore/command-handler.ts';
import type { EventMetadata, EventStore, LogPosition } from '../../eventstore/types.ts';
import { billingOf, companyOfCustomer, invoicesOf } from '../../projections/billing/queries.ts';
import type { CompaniesTable, Database } from '../../projections/database.ts';
import type { BillingConfig } from '../config.ts';
import { type CompanyAccess, isUuid } from '../access/membership.ts';
import { readStripeEvent, type StripeEventReading, stripeClient } from './stripe.ts';

export const billingMessages = {
  unconfigured: 'Payments are not configured on this server. Please ask its administrator to activate your company.',
  off: 'Subscriptions are turned off on this server.',
  badSignature: 'Invalid Stripe signature',
  noWebhook: 'Stripe webhooks are not configured on this server.',
} as const;

export const missingPriceMessage = (plan: PlanId, cycle: BillingCycle) =>
  `The ${planById(plan)!.name} plan billed ${cycle} has no price on this server. Please ask its administrator to set STRIPE_PRICE_${plan.toUpperCase()}_${cycle.toUpperCase()}.`;

/** Stripe's tolerance for a signature's age, in seconds. */
const SIGNATURE_TOLERANCE = 300;

/** How the plans page may start a checkout: through Stripe, not at all until Stripe is configured, or never (BILLING=off). */
export const CHECKOUT_MODES = ['stripe', 'unconfigured', 'off'] as const;
export type CheckoutMode = (typeof CHECKOUT_MODES)[number];

export interface BillingDeps {
  store: EventStore;
  db: Kysely<Database>;
  config: BillingConfig;
  publicUrl: string;
  now: () => Date;
  logger: FastifyBaseLogger;
}

export type BillingService = ReturnType<typeof createBillingService>;

export function createBillingService({ store, db, config, publicUrl, now, logger }: BillingDeps) {
  const stripe = stripeClient(config);
  const mode: CheckoutMode = config.off ? 'off' : stripe ? 'stripe' : 'unconfigured';

  /** The company's Stripe customer: the one its stream names, else a new one, named on the stream (with where that sits in the log). */
  async function customerOf(access: CompanyAccess, stripe: Stripe, metadata: EventMetadata): Promise<{ customerId: string; position: LogPosition | null }> {
    const companyId = access.company.company_id;
    const seen = new StreamStateCache<BillingState, BillingStreamEvent>();
    const { state } = await loadStream(store, companyStream(companyId), billing, seen);
    if (state.customerId) return { customerId: state.customerId, position: null };
    const customer = await stripe.customers.create(
      { name: access.company.name, email: access.email, metadata: { companyId } },
      // Two checkouts started at once make one customer.
      { idempotencyKey: `timeledger-customer-${companyId}` },
    );
    const linked = await handleCommand(store, companyStream(companyId), billing, { type: 'LinkStripeCustomer', customerId: customer.id, actor: access.actor }, { now: now() }, { ...metadata, companyId }, seen);
    return { customerId: customer.id, position: linked.position };
  }

  return {
    plans: () => ({ plans: [...PLANS], checkout: mode }),

    /** A Checkout Session for the plan and cycle; the browser goes to its URL. */
    async startCheckout(access: CompanyAccess, plan: PlanId, cycle: BillingCycle, metadata: EventMetadata): Promise<{ url: string; position: LogPosition | null }> {
      const companyId = access.company.company_id;
      authorize(access.actor, 'StartCheckout', { companyId });
      if (!stripe) throw conflict(config.off ? billingMessages.off : billingMessages.unconfigured);
      const price = config.prices[plan]?.[cycle];
      if (!price) throw conflict(missingPriceMessage(plan, cycle));
      // Stripe out of reach answers 500; the page says 'Failed to start subscription process. Please try again.'
      const { customerId: customer, position } = await customerOf(access, stripe, metadata);
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        line_items: [{ price, quantity: 1 }],
        success_url: `${publicUrl}/dashboard-team?subscription=success`,
        cancel_url: `${publicUrl}/subscription?canceled=true`,
        client_reference_id: companyId,
        metadata: { companyId },
        subscription_data: { metadata: { companyId } },
      });
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
      return { url: session.url, position };
    },

    /**
     * A Stripe webhook: the signature over the raw body, then the event's fact
     * on the company's stream. The Stripe event id is the command id, so a
     * replay writes nothing twice. An event acts only on the company whose
     * customer it is about (the company's stream decides); one it cannot read
     * or that is about no company of ours is answered (Stripe would retry an
     * error for days), logged, and writes nothing.
     */
    async receiveWebhook(rawBody: Buffer, signature: string | undefined, correlationId: string): Promise<LogPosition | null> {
      if (!stripe || !config.stripeWebhookSecret) throw notFound(billingMessages.noWebhook);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.stripeWebhookSecret, SIGNATURE_TOLERANCE);
      } catch {
        throw invalid(billingMessages.badSignature);
      }
      const about = { stripeEventId: event.id, type: event.type, apiVersion: event.api_version };
      const ignored = (details: object, message: string) => {
        logger.warn({ ...about, ...details }, message);
        return null;
      };

      let reading: StripeEventReading;
      try {
        reading = await readStripeEvent(event, stripe, config.prices);
      } catch (error) {
        // A checkout whose subscription Stripe does not know will not be known on a retry either.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return ignored({ problem: error.message }, 'Stripe event whose subscription Stripe does not give: ignored');
        throw error;
      }
      if (reading.kind === 'not-followed') return null;
      if (reading.kind === 'unreadable') return ignored({ problem: reading.problem }, 'Stripe event of a shape billing does not read: ignored');

      const { customerId, fact } = reading;
      const named = reading.companyId && isUuid(reading.companyId) ? reading.companyId : null;
      const companyId = named ?? (await companyOfCustomer(db, customerId));
      if (!companyId) return ignored({ customerId }, 'Stripe event for a customer of no company: ignored');
      try {
        const { position } = await handleCommand(
          store,
          companyStream(companyId),
          billing,
          { type: 'RecordStripeFact', customerId, fact, authority: { kind: 'payment-provider' } },
          { now: now() },
          { companyId, commandId: `stripe:${event.id}`, correlationId },
        );
        return position;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        // A company that does not exist here (another installation's, a deleted one).
        if (error.code === 'not_found') return ignored({ companyId }, 'Stripe event for an unknown company: ignored');
        if (error.message === stripeEventMessages.notTheCompanysCustomer) return ignored({ companyId, customerId }, 'Stripe event for a customer that is not the company’s: ignored');
        throw error;
      }
    },

    /** The subscription the banner and the plans page show. */
    async subscriptionOf(company: CompaniesTable) {
      const row = await billingOf(db, company.company_id);
      const at = now();
      const currentPeriodEnd = row?.current_period_end?.toISOString() ?? null;
      const terms = row?.stripe_status ? { stripeStatus: row.stripe_status, currentPeriodEnd, cancelAtPeriodEnd: row.cancel_at_period_end } : null;
      return {
        status: shownSubscriptionStatus({ status: company.subscription_status, activeUntil: company.subscription_active_until }, at, config.off),
        trialExpiryDate: company.trial_ends_at?.toISOString() ?? null,
        plan: (row?.plan as PlanId | null) ?? null,
        cycle: (row?.cycle as BillingCycle | null) ?? null,
        currentPeriodEnd,
        cancelAtPeriodEnd: row?.cancel_at_period_end ?? false,
        lastPaymentStatus: row?.last_payment_status ?? null,
        nextPaymentAttempt: row?.next_payment_attempt?.toISOString() ?? null,
        paymentWarning: !config.off && terms !== null && paymentWarning(terms, at),
      };
    },

    invoicesOf: (companyId: string, page: number, limit: number) => invoicesOf(db, companyId, page, limit),

    /**
     * The plan whose member limit applies to the company's invitations
     * (organisation service, domain/invites/seats.ts); null when none does: a
     * trial, BILLING=off, an operator’s activation, a subscription that has
     * ended, an unlimited plan. Existing members are never removed.
     */
    async seatPlan(companyId: string): Promise<LimitedPlan | null> {
      if (config.off) return null;
      const row = await billingOf(db, companyId);
      const plan = row?.plan ? planById(row.plan) : undefined;
      if (!plan || plan.seatLimit === null || !row?.stripe_status || hasEnded(row.stripe_status)) return null;
      return { ...plan, seatLimit: plan.seatLimit };
    },
  };
}
