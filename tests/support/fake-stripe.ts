import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { BillingConfig } from '../../api/config.ts';

/**
 * A local stand-in for api.stripe.com: answers the few endpoints billing
 * calls (customers, Checkout Sessions, subscriptions) with the shapes Stripe
 * records in its API reference, serves the checkout page a session's URL
 * points to, and records every request. Webhooks are built here too, and
 * signed as Stripe signs them.
 */
export interface FakeStripe {
  /** For STRIPE_API_URL. */
  url: string;
  /** Requests received: method, path and the form fields the SDK sent. */
  requests: { method: string; path: string; form: Record<string, string> }[];
  /** What GET /v1/subscriptions/:id answers. */
  subscriptions: Map<string, Stripe.Subscription>;
  /** Answer every API call with Stripe's 500 (Stripe out of order). */
  failing: boolean;
  /** A server's billing that calls this fake: the test key, webhook secret and prices. */
  billing: BillingConfig;
  close(): Promise<void>;
}

export const TEST_WEBHOOK_SECRET = 'whsec_test_timeledger';
export const TEST_SECRET_KEY = 'sk_test_timeledger';
export const TEST_PRICES = {
  starter: { monthly: 'price_starter_monthly', quarterly: 'price_starter_quarterly', yearly: 'price_starter_yearly' },
  grow: { monthly: 'price_grow_monthly', quarterly: 'price_grow_quarterly', yearly: 'price_grow_yearly' },
  team: { monthly: 'price_team_monthly', quarterly: 'price_team_quarterly' },
  enterprise: { monthly: 'price_enterprise_monthly' },
};

const stripeId = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;
const seconds = (date: Date | string) => Math.floor(new Date(date).getTime() / 1000);

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const subscriptions = new Map<string, Stripe.Subscription>();
  const state = { failing: false };

  const server = createServer(async (request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const form = Object.fromEntries(new URLSearchParams(await bodyOf(request)));
    requests.push({ method: request.method ?? 'GET', path, form });
    if (path.startsWith('/checkout/')) return page(response, `<!doctype html><html lang="en"><head><title>Test checkout</title></head><body><main><h1>Test checkout</h1><p>${path.slice('/checkout/'.length)}</p></main></body></html>`);
    if (state.failing) return json(response, 500, { error: { type: 'api_error', message: 'Stripe is out of order (test)' } });
    if (request.method === 'POST' && path === '/v1/customers') return json(response, 200, customer(form));
    if (request.method === 'POST' && path === '/v1/checkout/sessions') return json(response, 200, checkoutSession(form, `http://${request.headers.host}`));
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && subscription) {
      const found = subscriptions.get(subscription[1]);
      return found ? json(response, 200, found) : json(response, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${subscription[1]}'` } });
    }
    return json(response, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path}).` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    billing: { off: false, stripeSecretKey: TEST_SECRET_KEY, stripeWebhookSecret: TEST_WEBHOOK_SECRET, prices: TEST_PRICES, stripeApi: { host: '127.0.0.1', port, protocol: 'http' } },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': stripeId('req') });
  response.end(JSON.stringify(body));
}

function page(response: ServerResponse, html: string) {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(html);
}

/** The metadata[…] fields of a form, as an object. */
function metadataOf(form: Record<string, string>, prefix = 'metadata') {
  return Object.fromEntries(Object.entries(form).flatMap(([key, value]) => (key.startsWith(`${prefix}[`) ? [[key.slice(prefix.length + 1, -1), value]] : [])));
}

function customer(form: Record<string, string>) {
  return {
    id: stripeId('cus'),
    object: 'customer',
    created: seconds(new Date()),
    email: form.email ?? null,
    name: form.name ?? null,
    metadata: metadataOf(form),
    livemode: false,
    currency: null,
    delinquent: false,
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
  };
}

function checkoutSession(form: Record<string, string>, base: string) {
  const id = stripeId('cs');
  return {
    id,
    object: 'checkout.session',
    mode: form.mode,
    status: 'open',
    payment_status: 'unpaid',
    customer: form.customer ?? null,
    client_reference_id: form.client_reference_id ?? null,
    metadata: metadataOf(form),
    success_url: form.success_url,
    cancel_url: form.cancel_url,
    subscription: null,
    url: `${base}/checkout/${id}`,
    livemode: false,
    created: seconds(new Date()),
    expires_at: seconds(new Date()) + 86_400,
  };
}

export interface SubscriptionShape {
  id?: string;
  customer: string;
  companyId?: string;
  status: Stripe.Subscription.Status;
  price: string;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd?: boolean;
}

/** A subscription as Stripe's API answers it (API version of the SDK: the period sits on its item). */
export function subscriptionObject(shape: SubscriptionShape): Stripe.Subscription {
  const id = shape.id ?? stripeId('sub');
  return {
    id,
    object: 'subscription',
    customer: shape.customer,
    status: shape.status,
    cancel_at_period_end: shape.cancelAtPeriodEnd ?? false,
    cancel_at: shape.cancelAtPeriodEnd ? seconds(shape.periodEnd) : null,
    canceled_at: null,
    created: seconds(shape.periodStart),
    start_date: seconds(shape.periodStart),
    currency: 'usd',
    livemode: false,
    metadata: shape.companyId ? { companyId: shape.companyId } : {},
    items: {
      object: 'list',
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          subscription: id,
          quantity: 1,
          current_period_start: seconds(shape.periodStart),
          current_period_end: seconds(shape.periodEnd),
          price: { id: shape.price, object: 'price', currency: 'usd', recurring: { interval: 'month', interval_count: 1 } },
        },
      ],
    },
  } as unknown as Stripe.Subscription;
}

export interface InvoiceShape {
  id?: string;
  number?: string;
  customer: string;
  subscription: string;
  companyId?: string;
  status: 'paid' | 'open' | 'void' | 'uncollectible' | 'draft';
  amount: number;
  price: string;
  periodStart: Date;
  periodEnd: Date;
  hostedInvoiceUrl?: string | null;
  nextPaymentAttempt?: Date | null;
}

/** An invoice as Stripe's API answers it (its subscription under `parent`, the price on its line's `pricing`). */
export function invoiceObject(shape: InvoiceShape): Stripe.Invoice {
  const id = shape.id ?? stripeId('in');
  const paid = shape.status === 'paid';
  return {
    id,
    object: 'invoice',
    number: shape.number ?? `TL-${id.slice(-6).toUpperCase()}`,
    customer: shape.customer,
    status: shape.status,
    currency: 'usd',
    created: seconds(shape.periodStart),
    amount_due: shape.amount,
    amount_paid: paid ? shape.amount : 0,
    amount_remaining: paid ? 0 : shape.amount,
    attempt_count: 1,
    attempted: true,
    billing_reason: 'subscription_cycle',
    hosted_invoice_url: shape.hostedInvoiceUrl === undefined ? `https://invoice.stripe.com/i/acct_test/${id}` : shape.hostedInvoiceUrl,
    invoice_pdf: null,
    livemode: false,
    metadata: {},
    next_payment_attempt: shape.nextPaymentAttempt ? seconds(shape.nextPaymentAttempt) : null,
    period_start: seconds(shape.periodStart),
    period_end: seconds(shape.periodStart),
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: shape.subscription, metadata: shape.companyId ? { companyId: shape.companyId } : null },
    },
    lines: {
      object: 'list',
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
      data: [
        {
          id: stripeId('il'),
          object: 'line_item',
          amount: shape.amount,
          currency: 'usd',
          invoice: id,
          period: { start: seconds(shape.periodStart), end: seconds(shape.periodEnd) },
          pricing: { type: 'price_details', price_details: { price: shape.price, product: 'prod_test_timeledger' }, unit_amount_decimal: String(shape.amount) },
          quantity: 1,
        },
      ],
    },
  } as unknown as Stripe.Invoice;
}

/**
 * An endpoint created before 2025-03-31 (basil) sends its events in its own,
 * older API version: a subscription's period on the subscription and its
 * price also as `plan`; an invoice's subscription at its top level and its
 * lines' price as `price` and `plan`.
 */
export const OLDER_API_VERSION = '2024-06-20';

/**
 * A subscription as an older API version sends it (OLDER_API_VERSION); with
 * `items: false`, as versions before subscription items (2017) sent it: the
 * price as its `plan`, no items.
 */
export function olderSubscriptionObject(shape: SubscriptionShape, { items = true } = {}) {
  const { items: current, ...subscription } = subscriptionObject(shape) as unknown as Record<string, unknown> & { items: { data: Record<string, unknown>[] } };
  const plan = { id: shape.price, object: 'plan', interval: 'month', interval_count: 1 };
  return {
    ...subscription,
    current_period_start: seconds(shape.periodStart),
    current_period_end: seconds(shape.periodEnd),
    plan,
    quantity: 1,
    ...(items
      ? { items: { ...current, data: current.data.map(({ current_period_start: _start, current_period_end: _end, ...item }) => ({ ...item, plan })) } }
      : {}),
  };
}

/** An invoice as an older API version sends it (OLDER_API_VERSION); with `lines: false`, without its lines. */
export function olderInvoiceObject(shape: InvoiceShape, { lines = true } = {}) {
  const { parent: _, lines: current, ...invoice } = invoiceObject(shape) as unknown as Record<string, unknown> & { lines: { data: Record<string, unknown>[] } };
  return {
    ...invoice,
    period_end: seconds(shape.periodEnd),
    subscription: shape.subscription,
    subscription_details: { metadata: shape.companyId ? { companyId: shape.companyId } : null },
    ...(lines
      ? {
          lines: {
            ...current,
            data: current.data.map(({ pricing: _pricing, ...line }) => ({
              ...line,
              type: 'subscription',
              price: { id: shape.price, object: 'price' },
              plan: { id: shape.price, object: 'plan' },
            })),
          },
        }
      : {}),
  };
}

/** An event as Stripe delivers it to a webhook endpoint (of the SDK's API version unless told). */
export function stripeEvent(type: string, object: unknown, created: Date, id = stripeId('evt'), apiVersion: string = Stripe.API_VERSION) {
  return { id, object: 'event', api_version: apiVersion, created: seconds(created), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } };
}

/** Posts an event to the webhook as Stripe does: the JSON body, signed over its exact bytes. */
export async function sendWebhook(serverUrl: string, event: { id: string }, { secret = TEST_WEBHOOK_SECRET, signedAt = new Date() } = {}) {
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: seconds(signedAt) });
  const response = await fetch(`${serverUrl}/api/billing/stripe-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
    body: payload,
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}
