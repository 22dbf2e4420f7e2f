import type { Kysely } from 'kysely';
import type pg from 'pg';
import { comparePositions, type LogPosition, parsePosition } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import type { Projection, Scope } from '../../projections/projection.ts';
import { READ_MODEL_CHANGED_CHANNEL, type ReadModelChange } from '../../projections/runner.ts';

const POLL_MS = 1000;

/**
 * Follows the projections' checkpoints through PostgreSQL notifications (so
 * it works whichever process runs the workers): tells listeners which scopes
 * changed, and lets a command's response wait until its events are readable.
 */
export class ReadModelWatcher {
  private readonly positions = new Map<string, LogPosition>();
  private readonly waiters = new Set<{ target: LogPosition; resolve: () => void }>();
  private readonly listeners = new Set<(scopes: Scope[]) => void>();
  private readonly tableListeners = new Set<(tables: readonly string[]) => void>();
  private client: pg.PoolClient | null = null;
  private poll: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly db: Kysely<Database>,
    private readonly projections: readonly Pick<Projection, 'name' | 'tables'>[],
  ) {}

  async start(): Promise<void> {
    this.client = await this.pool.connect();
    this.client.on('notification', (message) => {
      if (message.channel === READ_MODEL_CHANGED_CHANNEL && message.payload) this.onChange(JSON.parse(message.payload));
    });
    this.client.on('error', () => undefined); // polling carries on
    await this.client.query(`LISTEN ${READ_MODEL_CHANGED_CHANNEL}`);
    await this.refresh();
    this.poll = setInterval(() => void this.refresh().catch(() => undefined), POLL_MS);
  }

  async stop(): Promise<void> {
    if (this.poll) clearInterval(this.poll);
    for (const waiter of this.waiters) waiter.resolve();
    this.client?.release(true);
    this.client = null;
  }

  onScopesChanged(listener: (scopes: Scope[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once every projection has read past `target`, or after the timeout. */
  waitFor(target: LogPosition | null, timeoutMs = 5000): Promise<void> {
    if (!target || this.hasReached(target)) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = {
        target,
        resolve: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.resolve, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /** Tells of every batch applied to read models, here or in another process, by the tables it wrote. */
  onTablesChanged(listener: (tables: readonly string[]) => void): () => void {
    this.tableListeners.add(listener);
    return () => this.tableListeners.delete(listener);
  }

  /** A batch of this process's runner: at once (its scopes come by NOTIFY). */
  observeProgress(change: ReadModelChange) {
    if (change.applied) {
      const tables = this.projections.find((p) => p.name === change.projection)?.tables ?? [];
      for (const listener of this.tableListeners) listener(tables);
    }
    const position = parsePosition(change.position);
    if (position) this.advance(change.projection, position);
  }

  private onChange(change: ReadModelChange) {
    this.observeProgress(change);
    if (change.scopes.length > 0) for (const listener of this.listeners) listener(change.scopes);
  }

  private async refresh() {
    const rows = await this.db.selectFrom('projection_checkpoints').select(['name', 'commit_position', 'prepare_position']).execute();
    for (const row of rows) {
      this.advance(row.name, { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) });
    }
  }

  private advance(name: string, position: LogPosition) {
    const known = this.positions.get(name);
    if (known && comparePositions(known, position) >= 0) return;
    this.positions.set(name, position);
    for (const waiter of this.waiters) if (this.hasReached(waiter.target)) waiter.resolve();
  }

  /** The place in the log the named projections have all read past, as far as this process has heard; null while one is unheard of. */
  reachedBy(names: readonly string[]): LogPosition | null {
    let lowest: LogPosition | null = null;
    for (const name of names) {
      const position = this.positions.get(name);
      if (!position) return null;
      if (!lowest || comparePositions(position, lowest) < 0) lowest = position;
    }
    return lowest;
  }

  /** Whether every projection has read past `target`. */
  hasReached(target: LogPosition): boolean {
    return this.projections.every(({ name }) => {
      const position = this.positions.get(name);
      return position !== undefined && comparePositions(position, target) >= 0;
    });
  }
}
