import { type Kysely, sql } from 'kysely';

/** Billing's read models (projections/billing) and the end of an active subscription on the company (projections/organisation). */
export async function up(db: Kysely<unknown>): Promise<void> {
  // When an active subscription lapses (a failed renewal, a cancellation at the period end); null: open-ended.
  await sql`ALTER TABLE companies ADD COLUMN subscription_active_until timestamptz`.execute(db);

  // One row per company that has a Stripe customer; its subscription as the newest Stripe event showed it.
  await sql`
    CREATE TABLE billing_subscriptions (
      company_id uuid PRIMARY KEY,
      customer_id text NOT NULL,
      subscription_id text,
      stripe_status text,
      plan text,
      cycle text,
      current_period_end timestamptz,
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      last_payment_status text,
      next_payment_attempt timestamptz,
      last_payment_at timestamptz
    )`.execute(db);
  // The webhook finds a company by its customer when an event names no company.
  await sql`CREATE INDEX billing_subscriptions_customer ON billing_subscriptions (customer_id)`.execute(db);

  await sql`
    CREATE TABLE billing_invoices (
      invoice_id text PRIMARY KEY,
      company_id uuid NOT NULL,
      invoice_number text,
      created_at timestamptz NOT NULL,
      amount integer NOT NULL,
      currency text NOT NULL,
      plan text,
      status text NOT NULL,
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      hosted_invoice_url text
    )`.execute(db);
  await sql`CREATE INDEX billing_invoices_company ON billing_invoices (company_id, created_at DESC, invoice_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE billing_invoices`.execute(db);
  await sql`DROP TABLE billing_subscriptions`.execute(db);
  await sql`ALTER TABLE companies DROP COLUMN subscription_active_until`.execute(db);
}
