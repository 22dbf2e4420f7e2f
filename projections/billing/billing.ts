import type { Transaction } from 'kysely';
import type { BillingEvent } from '../../domain/billing/events.ts';
import type { Database } from '../database.ts';
import type { Projection, Scope } from '../projection.ts';
import { companyChanges } from '../../domain/shared/scope.ts';

/**
 * A company's Stripe customer and subscription (one row) and its invoices.
 * The decider lets through only facts newer than those it knew
 * (domain/billing/billing.ts), so each event simply overwrites.
 */
export const billingProjection: Projection = {
  name: 'billing',
  tables: ['billing_subscriptions', 'billing_invoices'],
  handles: ['StripeCustomerLinked', 'SubscriptionUpdated', 'InvoiceRecorded'],

  async apply(trx, recorded) {
    const scopes: Scope[] = [];
    for (const { type, data } of recorded) {
      const event = { type, data } as BillingEvent;
      await applyOne(trx, event);
      // The subscription's answer and the invoices sit with the company's details in the browser.
      scopes.push(...companyChanges(event.data.companyId, 'details'));
    }
    return scopes;
  },
};

async function applyOne(trx: Transaction<Database>, event: BillingEvent) {
  switch (event.type) {
    case 'StripeCustomerLinked': {
      const { companyId, customerId } = event.data;
      await trx
        .insertInto('billing_subscriptions')
        .values({ company_id: companyId, customer_id: customerId })
        .onConflict((oc) => oc.column('company_id').doUpdateSet({ customer_id: customerId }))
        .execute();
      return;
    }
    case 'SubscriptionUpdated': {
      const { companyId, customerId, subscriptionId, stripeStatus, plan, cycle, currentPeriodEnd, cancelAtPeriodEnd } = event.data;
      const subscription = {
        subscription_id: subscriptionId,
        stripe_status: stripeStatus,
        plan,
        cycle,
        current_period_end: currentPeriodEnd ? new Date(currentPeriodEnd) : null,
        cancel_at_period_end: cancelAtPeriodEnd,
      };
      await trx
        .insertInto('billing_subscriptions')
        .values({ company_id: companyId, customer_id: customerId, ...subscription })
        // The company's customer is the one linked to it: a subscription event (even one recorded before they were checked) never changes it.
        .onConflict((oc) => oc.column('company_id').doUpdateSet(subscription))
        .execute();
      return;
    }
    case 'InvoiceRecorded': {
      const { companyId, ...invoice } = event.data;
      const row = {
        company_id: companyId,
        invoice_number: invoice.invoiceNumber,
        created_at: new Date(invoice.createdAt),
        amount: invoice.amount,
        currency: invoice.currency,
        plan: invoice.plan,
        status: invoice.status,
        period_start: new Date(invoice.periodStart),
        period_end: new Date(invoice.periodEnd),
        hosted_invoice_url: invoice.hostedInvoiceUrl,
      };
      await trx
        .insertInto('billing_invoices')
        .values({ invoice_id: invoice.invoiceId, ...row })
        .onConflict((oc) => oc.column('invoice_id').doUpdateSet(row))
        .execute();
      // The company's last payment: the newest payment told, whichever invoice it was.
      await trx
        .updateTable('billing_subscriptions')
        .set({ last_payment_status: invoice.payment, next_payment_attempt: invoice.nextPaymentAttempt ? new Date(invoice.nextPaymentAttempt) : null, last_payment_at: new Date(invoice.occurredAt) })
        .where('company_id', '=', companyId)
        .where((eb) => eb.or([eb('last_payment_at', 'is', null), eb('last_payment_at', '<=', new Date(invoice.occurredAt))]))
        .execute();
      return;
    }
  }
}
