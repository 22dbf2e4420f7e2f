import path from 'node:path';
import { BILLING_CYCLES, type BillingCycle, PLAN_IDS, type PlanId } from '../domain/billing/plans.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** An external PostgreSQL; when absent an embedded one runs in dataDir. */
  databaseUrl?: string;
  kurrentDbUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  jwtSecret?: string;
  /** Where links in e-mails point. */
  publicUrl: string;
  logLevel: string;
  /** Requests per minute per address and e-mail on sign-in, sign-up and reset routes (three times as many per address). */
  authRateLimit: number;
  /** The reverse proxies whose X-Forwarded-For names the client (Fastify's trustProxy); false: the connection's address is the client's. */
  trustProxy: TrustProxy;
  /** Invitations one company may send in an hour: a bound on the mail one account can make the server send. */
  invitesPerHour: number;
  /** Invitations one person may send in an hour, from all their companies together. */
  invitesPerPersonPerHour: number;
  /** Companies one account may create in a day. */
  companiesPerDay: number;
  /** Invitation and monitoring-request mails one address may be sent in a day, from all companies together. */
  mailsPerAddressPerDay: number;
  /** Screenshots one person may send an hour (at once after being offline, then evenly). */
  screenshotsPerHour: number;
  /** The megabytes of screenshots (images and thumbnails) one company may store. */
  screenshotStoragePerCompanyMb: number;
  /** Where uploaded files are kept: 'postgres' or 's3' (every process reads them), or 'folder' (DATA_DIR/files, one process). */
  fileStorage: FileStorageKind;
  /** The bucket, with FILE_STORAGE=s3. */
  s3?: S3Settings;
  /** Serve the built web app from web/dist. */
  serveWeb: boolean;
  /** Run the projection workers in this process. */
  runProjections: boolean;
  /** WORKER_HEALTH_PORT: where a split-off worker (scripts/worker.ts) answers GET /health; unset, it listens nowhere. */
  workerHealthPort?: number;
  billing: BillingConfig;
}

/** Stripe's price id of each plan and cycle that can be bought. */
export type StripePrices = Partial<Record<PlanId, Partial<Record<BillingCycle, string>>>>;

export interface BillingConfig {
  /** BILLING=off: no subscriptions at all; every company is active. */
  off: boolean;
  /** Without it nothing calls Stripe and choosing a plan says payments are not configured. */
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  prices: StripePrices;
  /** STRIPE_API_URL: where the SDK sends its requests instead of api.stripe.com (tests, a mock). */
  stripeApi?: { host: string; port: number; protocol: 'http' | 'https' };
}

/**
 * Price ids from STRIPE_PRICES (JSON: { "starter": { "monthly": "price_…" }, … })
 * and STRIPE_PRICE_<PLAN>_<CYCLE>, the latter winning.
 */
export function stripePricesFrom(env: NodeJS.ProcessEnv): StripePrices {
  const json = env.STRIPE_PRICES?.trim();
  let listed: unknown = {};
  try {
    if (json) listed = JSON.parse(json);
  } catch {
    throw new Error('STRIPE_PRICES is not JSON: expected { "starter": { "monthly": "price_…", … }, … }');
  }
  const prices: StripePrices = {};
  for (const plan of PLAN_IDS) {
    for (const cycle of BILLING_CYCLES) {
      const fromJson = (listed as Record<string, Record<string, unknown> | undefined> | null)?.[plan]?.[cycle];
      const price = env[`STRIPE_PRICE_${plan.toUpperCase()}_${cycle.toUpperCase()}`]?.trim() || (typeof fromJson === 'string' ? fromJson : '');
      if (price) (prices[plan] ??= {})[cycle] = price;
    }
  }
  return prices;
}

function stripeApiFrom(value: string | undefined): BillingConfig['stripeApi'] {
  if (!value) return undefined;
  const url = new URL(value);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

export function billingConfigFrom(env: NodeJS.ProcessEnv): BillingConfig {
  return {
    off: env.BILLING?.trim().toLowerCase() === 'off',
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    prices: stripePricesFrom(env),
    stripeApi: stripeApiFrom(env.STRIPE_API_URL),
  };
}

export type TrustProxy = boolean | string[];

export const FILE_STORAGE_KINDS = ['folder', 'postgres', 's3'] as const;
export type FileStorageKind = (typeof FILE_STORAGE_KINDS)[number];

/**
 * FILE_STORAGE: where uploaded files are kept. Unset, PostgreSQL when
 * DATABASE_URL names a server (several processes may share it), else the
 * folder DATA_DIR/files (the embedded single-process default).
 */
export function fileStorageFrom(env: NodeJS.ProcessEnv): FileStorageKind {
  const value = env.FILE_STORAGE?.trim().toLowerCase();
  if (!value) return env.DATABASE_URL ? 'postgres' : 'folder';
  if (!(FILE_STORAGE_KINDS as readonly string[]).includes(value)) throw new Error(`FILE_STORAGE=${env.FILE_STORAGE}: expected one of ${FILE_STORAGE_KINDS.join(', ')}`);
  return value as FileStorageKind;
}

/**
 * An S3-compatible bucket (FILE_STORAGE=s3). No credentials here: the SDK's
 * default chain finds them (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a
 * profile, or the instance's role).
 */
export interface S3Settings {
  bucket: string;
  region: string;
  /** S3_ENDPOINT: another S3-compatible service (MinIO, R2, …), addressed path-style. */
  endpoint?: string;
  /** S3_PREFIX: the keys are stored below it ('' for the bucket's top), so that a bucket can be shared. */
  prefix: string;
}

/** S3_BUCKET, S3_REGION, S3_ENDPOINT and S3_PREFIX when FILE_STORAGE=s3 (S3_BUCKET required), else none. */
export function s3SettingsFrom(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (fileStorageFrom(env) !== 's3') return undefined;
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('FILE_STORAGE=s3 needs S3_BUCKET: the name of the bucket the files are kept in');
  return {
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    prefix: (env.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, ''),
  };
}

/**
 * TRUST_PROXY: unset, the client's address is the connection's, whatever
 * X-Forwarded-For says (anyone can send one). Otherwise a comma-separated
 * list of the proxies' addresses or CIDR ranges, or "true" for any (only when
 * nothing but the proxy can reach the server). A hop count is refused: Fastify
 * cannot check the nearest proxy with one, and ignores it.
 */
export function trustProxyFrom(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) throw new Error(`TRUST_PROXY=${text}: a hop count is not supported; list the proxies' addresses or CIDR ranges instead`);
  return text.split(',').map((part) => part.trim()).filter(Boolean);
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    kurrentDbUrl: env.KURRENTDB_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Timeledger <no-reply@timeledger.local>',
    jwtSecret: env.JWT_SECRET || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 20),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    invitesPerHour: Number(env.INVITES_PER_HOUR ?? 300),
    screenshotsPerHour: Number(env.SCREENSHOTS_PER_HOUR ?? 60),
    screenshotStoragePerCompanyMb: Number(env.SCREENSHOT_STORAGE_PER_COMPANY_MB ?? 5_000),
    invitesPerPersonPerHour: Number(env.INVITES_PER_PERSON_PER_HOUR ?? 100),
    companiesPerDay: Number(env.COMPANIES_PER_DAY ?? 3),
    mailsPerAddressPerDay: Number(env.MAILS_PER_ADDRESS_PER_DAY ?? 5),
    fileStorage: fileStorageFrom(env),
    s3: s3SettingsFrom(env),
    serveWeb: env.SERVE_WEB !== 'false',
    runProjections: env.RUN_PROJECTIONS !== 'false',
    workerHealthPort: env.WORKER_HEALTH_PORT ? Number(env.WORKER_HEALTH_PORT) : undefined,
    billing: billingConfigFrom(env),
  };
}
