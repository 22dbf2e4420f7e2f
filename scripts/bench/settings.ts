import { type BenchContext, type BenchResult, result } from './context.ts';
import { latencies } from './latencies.ts';
import { percentile } from './percentile.ts';
import { demoProduct } from './product.ts';

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
  const { product, demo, signIn, close } = await demoProduct(ctx, 'settings');
  try {
    const signedIn = await signIn(demo.signIns[0].email);
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
    await close();
  }
}
