import type { ReadModelWatcher } from './read-model-watcher.ts';

/**
 * Rows read from read models, kept until a projection writing one of their
 * tables applies a batch (in this process at once, in another through its
 * notification) and at most `ttlMs`. Hot paths use it (every timer command
 * checks the caller's membership); a change is seen by the next request.
 * Only found rows are kept.
 */
export class ReadModelCache<Value> {
  private readonly entries = new Map<string, { value: Value; until: number }>();
  /** Moves on every clear: a read that started before one is not kept. */
  private generation = 0;

  constructor(
    watcher: ReadModelWatcher,
    private readonly tables: readonly string[],
    private readonly options: { ttlMs: number; maxEntries: number } = { ttlMs: 5000, maxEntries: 10_000 },
  ) {
    watcher.onTablesChanged((changed) => {
      if (changed.some((table) => this.tables.includes(table))) this.clear();
    });
  }

  async get(key: string, load: () => Promise<Value | undefined>): Promise<Value | undefined> {
    const hit = this.entries.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && generation === this.generation) {
      this.entries.delete(key);
      this.entries.set(key, { value, until: Date.now() + this.options.ttlMs });
      if (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }
}
