import { describe, expect, it } from 'vitest';
import { sharedReads } from './shared-reads.ts';

describe('shared reads', () => {
  it('gives each caller a read begun after it asked, shared by those asking together', async () => {
    let value = 0;
    let reads = 0;
    const releases: (() => void)[] = [];
    const read = () =>
      new Promise<number>((resolve) => {
        reads += 1;
        const seen = value;
        releases.push(() => resolve(seen));
      });
    const shared = sharedReads<number>();

    const first = shared('a', read);
    value = 1; // written after the first read began: those asking now must see it
    const crowd = Array.from({ length: 50 }, () => shared('a', read));
    expect(reads).toBe(1);
    releases.shift()!();
    expect(await first).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toBe(2);
    releases.shift()!();
    expect(await Promise.all(crowd)).toEqual(Array(50).fill(1));
    // Another key reads on its own; a failed read is not shared with later callers.
    const other = shared('b', () => Promise.reject(new Error('down')));
    await expect(other).rejects.toThrow('down');
    expect(await shared('b', async () => 7)).toBe(7);
  });
});
