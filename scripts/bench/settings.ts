import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureDatabase } from '../../api/database/embedded-postgres.ts';
import { APP_HEADER, APP_HEADER_VALUE } from '../../api/http/csrf.ts';
import { folderStorage } from '../../api/storage/storage.ts';
import { createPostgresEventStore } from '../../eventstore/postgres.ts';
import { createDatabase, createPool } from '../../projections/database.ts';
import { createDemoCompany } from '../demo/company.ts';
import { type BenchContext, type BenchResult, result } from './context.ts';
import { latencies } from './latencies.ts';
import { percentile } from './percentile.ts';
import { startProduct } from './product.ts';

const RUNS = 100;
const SECTION = 'settings';
const TARGET = { max: 300 };
/** What /manage-settings asks for when it opens (an Admin's page), all at once. */
const PAGE_DATA = ['settings', 'app-categories', 'settings/screenshot-storage'];

/**
 * The Settings page's data for the demo company (`npm run demo`: 25 people,
 * 90 days, made through the product's services while the product runs), as
 * its Admin's browser asks for it: the three requests of the page at once,
 * over HTTP to the product in a process of its own, on a database of its own
 * (its projections need not catch up with the sections before); the page has
 * its data when the slowest answers. Then the same right after a change of the
 * threshold, asking to read that write, as the page does after saving.
 */
export async function settings(ctx: BenchContext): Promise<BenchResult[]> {
  const serverUrl = new URL(ctx.url);
  serverUrl.pathname = '/postgres';
  const url = await ensureDatabase(serverUrl.toString(), `bench_settings_${Date.now()}`);
  // The product migrates its database as it starts.
  const product = await startProduct({ ...ctx, url });
  const pool = createPool(url, 8);
  const db = createDatabase(pool);
  const store = createPostgresEventStore(pool);
  const filesDir = await mkdtemp(path.join(os.tmpdir(), 'timeledger-bench-demo-'));
  try {
    ctx.log('settings: making the demo company (25 people, 90 days)');
    const quiet = { error: (object: unknown, message: string) => ctx.log(`${message} ${JSON.stringify(object)}`) };
    const demo = await createDemoCompany({ store, db, pool, linkKey: randomBytes(32).toString('hex'), storage: folderStorage(filesDir), log: quiet });
    await pool.query('VACUUM ANALYZE');

    const headers = { [APP_HEADER]: APP_HEADER_VALUE, 'content-type': 'application/json' };
    const login = await fetch(`${product.url}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify({ email: demo.signIns[0].email, password: demo.password }) });
    if (!login.ok) throw new Error(`demo Admin could not sign in: ${login.status}`);
    const signedIn = { ...headers, cookie: login.headers.get('set-cookie')!.split(';')[0] };
    const call = async (method: string, route: string, options: { body?: unknown; readAfter?: string } = {}) => {
      const response = await fetch(`${product.url}/api/companies/${demo.companyId}/${route}`, {
        method,
        headers: { ...signedIn, ...(options.readAfter ? { 'x-read-after': options.readAfter } : {}) },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const answer = await response.json();
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const pageData = (readAfter?: string) => Promise.all(PAGE_DATA.map((route) => call('GET', route, { readAfter })));

    const opened = await latencies(RUNS, () => pageData());
    // Timed from the save's answer: what the page then waits for its data.
    const afterChange: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { position } = await call('PUT', 'settings/threshold', { body: { hours: 7 + (i % 4) / 2 } });
      const started = performance.now();
      await pageData(position);
      afterChange.push(performance.now() - started);
    }

    const size = `${demo.signIns.length} people, ${demo.days} days, ${demo.sessions} sessions`;
    return [
      result({
        section: SECTION,
        measure: 'Settings page data, the demo company, p95',
        value: percentile(opened, 95),
        unit: 'ms',
        target: TARGET,
        note: `p50 ${percentile(opened, 50).toFixed(1)} ms; ${PAGE_DATA.length} requests at once; ${size}`,
      }),
      result({
        section: SECTION,
        measure: 'Settings page data after saving the threshold, p95',
        value: percentile(afterChange, 95),
        unit: 'ms',
        target: TARGET,
        note: `p50 ${percentile(afterChange, 50).toFixed(1)} ms; from the save's answer, the requests naming its position (read your writes)`,
      }),
    ];
  } finally {
    await store.close();
    await db.destroy();
    await product.stop();
    await rm(filesDir, { recursive: true, force: true });
  }
}
