import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadModelCache } from './read-model-cache.ts';
import type { ReadModelWatcher } from './read-model-watcher.ts';

/** Stands in for the watcher: the cache only subscribes to table changes. */
function fakeWatcher() {
  const listeners: ((tables: readonly string[]) => void)[] = [];
  const watcher = {
    onTablesChanged(listener: (tables: readonly string[]) => void) {
      listeners.push(listener);
      return () => undefined;
    },
  };
  return {
    watcher: watcher as unknown as ReadModelWatcher,
    /** A projection applied a batch that wrote these tables. */
    tablesChanged: (...tables: string[]) => listeners.forEach((listener) => listener(tables)),
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const options = { ttlMs: 5000, maxEntries: 100 };

describe('read model cache', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a hit without calling the loader again', async () => {
    const { watcher } = fakeWatcher();
    const cache = new ReadModelCache<string>(watcher, ['company_members'], options);
    const load = vi.fn(async () => 'member');

    expect(await cache.get('k', load)).toBe('member');
    expect(await cache.get('k', load)).toBe('member');
    expect(load).toHaveBeenCalledTimes(1);
    expect(await cache.get('other', async () => 'someone else')).toBe('someone else');
  });

  it('keeps no undefined result: the next get loads again', async () => {
    const { watcher } = fakeWatcher();
    const cache = new ReadModelCache<string>(watcher, ['company_members'], options);
    const load = vi.fn<() => Promise<string | undefined>>().mockResolvedValueOnce(undefined).mockResolvedValueOnce('joined');

    expect(await cache.get('k', load)).toBeUndefined();
    expect(await cache.get('k', load)).toBe('joined');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is cleared by a change to one of its tables, not by a change to another table', async () => {
    const { watcher, tablesChanged } = fakeWatcher();
    const cache = new ReadModelCache<string>(watcher, ['company_members', 'teams'], options);
    let version = 0;
    const load = async () => `v${++version}`;
    await cache.get('k', load);

    tablesChanged('tasks', 'projects');
    expect(await cache.get('k', load)).toBe('v1');

    tablesChanged('running_timers', 'teams');
    expect(await cache.get('k', load)).toBe('v2');
    expect(await cache.get('k', load)).toBe('v2');
  });

  it('does not keep a load that started before a clear', async () => {
    const { watcher, tablesChanged } = fakeWatcher();
    const cache = new ReadModelCache<string>(watcher, ['company_members'], options);
    const slow = deferred<string>();

    const before = cache.get('k', () => slow.promise);
    tablesChanged('company_members'); // the row changed while it was being read
    slow.resolve('read before the change');
    expect(await before).toBe('read before the change');

    const load = vi.fn(async () => 'read after the change');
    expect(await cache.get('k', load)).toBe('read after the change');
    expect(await cache.get('k', load)).toBe('read after the change');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a load that started before a change to another table', async () => {
    const { watcher, tablesChanged } = fakeWatcher();
    const cache = new ReadModelCache<string>(watcher, ['company_members'], options);
    const slow = deferred<string>();

    const before = cache.get('k', () => slow.promise);
    tablesChanged('tasks');
    slow.resolve('member');
    await before;

    const load = vi.fn(async () => 'reloaded');
    expect(await cache.get('k', load)).toBe('member');
    expect(load).not.toHaveBeenCalled();
  });

  it('lets an entry expire after ttlMs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
    const { watcher } = fakeWatcher();
    const cache = new ReadModelCache<string>(watcher, ['company_members'], { ttlMs: 1000, maxEntries: 100 });
    let version = 0;
    const load = async () => `v${++version}`;
    await cache.get('k', load);

    vi.setSystemTime(new Date('2026-03-01T09:00:00.999Z'));
    expect(await cache.get('k', load)).toBe('v1');
    vi.setSystemTime(new Date('2026-03-01T09:00:01Z'));
    expect(await cache.get('k', load)).toBe('v2');
    // The reload starts a fresh ttl.
    vi.setSystemTime(new Date('2026-03-01T09:00:01.999Z'));
    expect(await cache.get('k', load)).toBe('v2');
  });

  it('evicts the oldest entry beyond maxEntries', async () => {
    const { watcher } = fakeWatcher();
    const cache = new ReadModelCache<string>(watcher, ['company_members'], { ttlMs: 5000, maxEntries: 2 });
    const loads: string[] = [];
    const load = (key: string) => async () => {
      loads.push(key);
      return `row ${key}`;
    };
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('c', load('c'));

    expect(await cache.get('b', load('b'))).toBe('row b');
    expect(await cache.get('c', load('c'))).toBe('row c');
    expect(loads).toEqual(['a', 'b', 'c']);
    expect(await cache.get('a', load('a'))).toBe('row a');
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
  });
});
