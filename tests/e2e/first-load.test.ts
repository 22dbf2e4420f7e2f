import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { browserSuite, visible } from './support/browser.ts';

const t = browserSuite();

/** The budget of the first page's JavaScript, compressed as a server sends it (it was 346 KB). */
const FIRST_PAGE_BUDGET_BYTES = 250_000;

describe('first load', () => {
  it('the sign-in page loads at most 250 KB of JavaScript (gzip)', async () => {
    const scripts: Promise<number>[] = [];
    t.page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response.body().then((body) => gzipSync(body).length));
    });
    await t.page.goto('/auth/login');
    await visible(t.page.getByRole('button', { name: 'Sign in' }));
    await t.page.waitForLoadState('networkidle');

    const sizes = await Promise.all(scripts);
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.reduce((total, size) => total + size, 0)).toBeLessThanOrEqual(FIRST_PAGE_BUDGET_BYTES);
  });
});
