import type { Kysely } from 'kysely';
import { planById } from '../../domain/billing/plans.ts';
import type { Database } from '../database.ts';

/** The company's Stripe customer and subscription, or undefined before its first checkout. */
export const billingOf = (db: Kysely<Database>, companyId: string) =>
  db.selectFrom('billing_subscriptions').selectAll().where('company_id', '=', companyId).executeTakeFirst();

/** The company whose Stripe customer this is. */
export async function companyOfCustomer(db: Kysely<Database>, customerId: string): Promise<string | null> {
  const row = await db.selectFrom('billing_subscriptions').select('company_id').where('customer_id', '=', customerId).executeTakeFirst();
  return row?.company_id ?? null;
}

/** One page of the company's invoices, newest first (management §3's invoice). */
export async function invoicesOf(db: Kysely<Database>, companyId: string, page: number, limit: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('billing_invoices')
      .selectAll()
      .where('company_id', '=', companyId)
      .orderBy('created_at', 'desc')
      .orderBy('invoice_id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db.selectFrom('billing_invoices').select((eb) => eb.fn.countAll<string>().as('total')).where('company_id', '=', companyId).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.total);
  return {
    invoices: rows.map((row) => ({
      id: row.invoice_id,
      invoiceNumber: row.invoice_number,
      createdAt: row.created_at.toISOString(),
      amount: row.amount,
      currency: row.currency,
      planName: (row.plan && planById(row.plan)?.name) ?? null,
      status: row.status,
      billingPeriod: { start: row.period_start.toISOString(), end: row.period_end.toISOString() },
      hostedInvoiceUrl: row.hosted_invoice_url,
    })),
    pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
  };
}
