import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BillingEvent } from '../../domain/billing/events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { useTestDatabase } from '../../tests/support/test-database.ts';
import { billingProjection } from './billing.ts';
import { billingOf, companyOfCustomer, invoicesOf } from './queries.ts';

let position = 0;
const recorded = (event: BillingEvent): RecordedEvent => {
  position++;
  return {
    eventId: randomUUID(),
    streamId: `company-${event.data.companyId}`,
    version: position,
    position: { commit: 1n, prepare: BigInt(position) },
    type: event.type,
    data: event.data,
    metadata: { correlationId: 'test' },
    recordedAt: new Date().toISOString(),
  };
};

const invoice = (companyId: string, n: number, overrides: Partial<Extract<BillingEvent, { type: 'InvoiceRecorded' }>['data']> = {}): BillingEvent => ({
  type: 'InvoiceRecorded',
  data: {
    companyId,
    stripeEventId: `evt_in_${n}`,
    occurredAt: `2026-0${n}-01T10:00:00.000Z`,
    invoiceId: `in_${n}`,
    invoiceNumber: `TL-000${n}`,
    createdAt: `2026-0${n}-01T00:00:00.000Z`,
    amount: 2900,
    currency: 'usd',
    plan: 'starter',
    status: 'paid',
    periodStart: `2026-0${n}-01T00:00:00.000Z`,
    periodEnd: `2026-0${n + 1}-01T00:00:00.000Z`,
    hostedInvoiceUrl: `https://invoice.stripe.com/i/acct_1/in_${n}`,
    payment: 'succeeded',
    nextPaymentAttempt: null,
    ...overrides,
  },
});

describe('billing read model', () => {
  const database = useTestDatabase();
  const apply = (events: BillingEvent[]) => database.db.transaction().execute((trx) => billingProjection.apply(trx, events.map(recorded)));

  it('keeps the customer, the subscription as last told and the newest payment', async () => {
    const companyId = randomUUID();
    const scopes = await apply([
      { type: 'StripeCustomerLinked', data: { companyId, customerId: 'cus_1' } },
      {
        type: 'SubscriptionUpdated',
        data: { companyId, stripeEventId: 'evt_1', occurredAt: '2026-01-01T10:00:00.000Z', subscriptionId: 'sub_1', customerId: 'cus_1', stripeStatus: 'past_due', plan: 'starter', cycle: 'yearly', currentPeriodEnd: '2027-01-01T00:00:00.000Z', cancelAtPeriodEnd: false },
      },
      invoice(companyId, 2, { status: 'failed', payment: 'failed', nextPaymentAttempt: '2026-02-03T00:00:00.000Z' }),
      // An older payment told later does not hide the newer one.
      invoice(companyId, 1),
    ]);
    expect(scopes).toContainEqual({ kind: 'company', id: companyId, family: 'details' });
    expect(await companyOfCustomer(database.db, 'cus_1')).toBe(companyId);
    expect(await billingOf(database.db, companyId)).toMatchObject({
      customer_id: 'cus_1',
      subscription_id: 'sub_1',
      stripe_status: 'past_due',
      plan: 'starter',
      cycle: 'yearly',
      last_payment_status: 'failed',
      next_payment_attempt: new Date('2026-02-03T00:00:00.000Z'),
    });
  });

  it('keeps the linked customer when a subscription event names another (one recorded before events were checked)', async () => {
    const companyId = randomUUID();
    await apply([
      { type: 'StripeCustomerLinked', data: { companyId, customerId: 'cus_own' } },
      {
        type: 'SubscriptionUpdated',
        data: { companyId, stripeEventId: 'evt_forged', occurredAt: '2026-01-01T10:00:00.000Z', subscriptionId: 'sub_x', customerId: 'cus_attacker', stripeStatus: 'active', plan: 'starter', cycle: 'monthly', currentPeriodEnd: '2026-02-01T00:00:00.000Z', cancelAtPeriodEnd: false },
      },
    ]);
    expect(await companyOfCustomer(database.db, 'cus_own')).toBe(companyId);
    expect(await companyOfCustomer(database.db, 'cus_attacker')).toBeNull();
  });

  it('lists invoices newest first, one page at a time, an invoice told again replacing itself', async () => {
    const companyId = randomUUID();
    await apply([{ type: 'StripeCustomerLinked', data: { companyId, customerId: 'cus_2' } }, invoice(companyId, 1), invoice(companyId, 2, { status: 'failed', payment: 'failed' }), invoice(companyId, 3)]);
    await apply([invoice(companyId, 2, { stripeEventId: 'evt_retry', occurredAt: '2026-02-05T10:00:00.000Z' })]);
    const first = await invoicesOf(database.db, companyId, 1, 2);
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(first.invoices.map((i) => [i.invoiceNumber, i.status])).toEqual([
      ['TL-0003', 'paid'],
      ['TL-0002', 'paid'],
    ]);
    expect((await invoicesOf(database.db, companyId, 2, 2)).invoices[0]).toEqual({
      id: 'in_1',
      invoiceNumber: 'TL-0001',
      createdAt: '2026-01-01T00:00:00.000Z',
      amount: 2900,
      currency: 'usd',
      planName: 'Starter',
      status: 'paid',
      billingPeriod: { start: '2026-01-01T00:00:00.000Z', end: '2026-02-01T00:00:00.000Z' },
      hostedInvoiceUrl: 'https://invoice.stripe.com/i/acct_1/in_1',
    });
    expect(await invoicesOf(database.db, randomUUID(), 1, 5)).toEqual({ invoices: [], pagination: { page: 1, limit: 5, total: 0, totalPages: 0 } });
  });
});
