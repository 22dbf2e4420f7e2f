import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { configFromEnv } from '../../api/config.ts';
import { ensureDatabase } from '../../api/database/embedded-postgres.ts';
import { freePort } from '../../api/database/free-port.ts';
import { APP_HEADER, APP_HEADER_VALUE } from '../../api/http/csrf.ts';
import { startServer } from '../../api/server.ts';
import { folderStorage } from '../../api/storage/storage.ts';
import { createPostgresEventStore } from '../../eventstore/postgres.ts';
import { createDatabase, createPool } from '../../projections/database.ts';
import { startMailbox } from '../../tests/support/mailbox.ts';
import { createDemoCompany, type DemoOptions } from '../demo/company.ts';
import type { BenchContext } from './context.ts';
import { startServerProcess } from './server-process.ts';

const PASSWORD = 'Bench#2026';

/** The bench measures what the server can take, not the limits on one person or company. */
export const UNLIMITED = {
  AUTH_RATE_LIMIT: '100000',
  COMPANIES_PER_DAY: '100000',
  INVITES_PER_HOUR: '100000',
  INVITES_PER_PERSON_PER_HOUR: '100000',
  MAILS_PER_ADDRESS_PER_DAY: '100000',
  SCREENSHOTS_PER_HOUR: '1000000',
};

export type Product = Awaited<ReturnType<typeof startProduct>>;

/** The product in a process of its own, as `npm start` runs it (logging off), on the bench's database, mailing to a local mailbox. */
export async function startProduct(ctx: BenchContext) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'timeledger-bench-app-'));
  const mailbox = await startMailbox();
  const server = await startServerProcess('scripts/start.ts', '/api/health', {
    DATA_DIR: dataDir,
    DATABASE_URL: ctx.url,
    SMTP_URL: mailbox.url,
    ...UNLIMITED,
    SERVE_WEB: 'false',
    LOG_LEVEL: 'silent',
  });
  return {
    url: server.url,
    mailbox,
    async stop() {
      await server.stop();
      await mailbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs a new user up over HTTP, follows the mailed link and signs in. Calls
 * go as the browser sends them: each carries the newest position answered,
 * so it reads what the calls before it wrote.
 */
export async function signedInUser(product: Product, who: { email: string; fullName: string }) {
  let readAfter: string | null = null;
  let cookie: string | null = null;
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${product.url}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...(readAfter ? { 'x-read-after': readAfter } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json().catch(() => null);
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(answer)}`);
    if (typeof answer?.position === 'string') readAfter = answer.position;
    return { body: answer, headers: response.headers };
  };
  await call('POST', '/api/auth/sign-up', { fullName: who.fullName, email: who.email, password: PASSWORD });
  const link = new URL(await product.mailbox.linkTo(who.email, '/auth/verify-email'));
  await call('POST', '/api/auth/verify-email', { userId: link.searchParams.get('u'), token: link.searchParams.get('t') });
  const login = await call('POST', '/api/auth/login', { email: who.email, password: PASSWORD });
  cookie = login.headers.get('set-cookie')!.split(';')[0];
  return {
    cookie,
    userId: login.body.user.id as string,
    call,
    /** The newest position answered, for calls made otherwise. */
    get readAfter() {
      return readAfter;
    },
  };
}

/** A new signed-in user with a company of theirs. */
export async function adminWithCompany(product: Product, who: { email: string; fullName: string; companyName: string }) {
  const user = await signedInUser(product, who);
  const location = { country: 'India', code: 'IN' };
  const { companyId } = (await user.call('POST', '/api/companies', { name: who.companyName, location, timeZone: 'Asia/Kolkata', workingHours: { start: '09:00', end: '18:00' } })).body;
  return { cookie: user.cookie, userId: user.userId, companyId: companyId as string, call: user.call, readAfter: user.readAfter };
}

/**
 * The product in this process (so its memory is the one sampled), on a
 * database of its own (its projections start with nothing to catch up), with
 * an Admin signed up over HTTP and their company.
 */
export async function inProcessProduct(ctx: BenchContext, who: { email: string; fullName: string; companyName: string }) {
  const serverUrl = new URL(ctx.url);
  serverUrl.pathname = '/postgres';
  const databaseUrl = await ensureDatabase(serverUrl.toString(), `bench_app_${Date.now()}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'timeledger-bench-app-'));
  const mailbox = await startMailbox();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startServer(
    { ...configFromEnv(UNLIMITED), port, host: '127.0.0.1', dataDir, databaseUrl, smtpUrl: mailbox.url, publicUrl: url, serveWeb: false },
    pino({ level: 'silent' }),
  );
  const stop = async () => {
    await server.close();
    await mailbox.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const admin = await adminWithCompany({ url, mailbox, stop }, who);
    return { url, server, admin, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The product in a process of its own on a database of its own (its
 * projections need not catch up with the sections before), with the demo
 * company made in it through the product's services (`npm run demo`), the
 * database settled after; `signIn` answers a demo person's request headers.
 */
export async function demoProduct(ctx: BenchContext, section: string, options: DemoOptions = {}) {
  const serverUrl = new URL(ctx.url);
  serverUrl.pathname = '/postgres';
  const url = await ensureDatabase(serverUrl.toString(), `bench_${section}_${Date.now()}`);
  // The product migrates its database as it starts.
  const product = await startProduct({ ...ctx, url });
  const pool = createPool(url, 8);
  const db = createDatabase(pool);
  const store = createPostgresEventStore(pool);
  const filesDir = await mkdtemp(path.join(os.tmpdir(), `timeledger-bench-${section}-`));
  const close = async () => {
    await store.close();
    await db.destroy();
    await product.stop();
    await rm(filesDir, { recursive: true, force: true });
  };
  try {
    ctx.log(`${section}: making the demo company`);
    const log = { error: (object: unknown, message: string) => ctx.log(`${message} ${JSON.stringify(object)}`) };
    const demo = await createDemoCompany({ store, db, pool, linkKey: randomBytes(32).toString('hex'), storage: folderStorage(filesDir), log }, options);
    await pool.query('VACUUM ANALYZE');
    const signIn = async (email: string): Promise<Record<string, string>> => {
      const headers = { [APP_HEADER]: APP_HEADER_VALUE, 'content-type': 'application/json' };
      const login = await fetch(`${product.url}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify({ email, password: demo.password }) });
      if (!login.ok) throw new Error(`${email} could not sign in: ${login.status}`);
      return { ...headers, cookie: login.headers.get('set-cookie')!.split(';')[0] };
    };
    return { product, pool, db, store, demo, signIn, close };
  } catch (error) {
    await close();
    throw error;
  }
}
