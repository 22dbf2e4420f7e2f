import { type Kysely, sql, type Transaction } from 'kysely';
import type { EventStore, LogPosition, RecordedEvent } from '../eventstore/types.ts';
import type { Database } from './database.ts';
import type { Projection, Scope } from './projection.ts';

export const READ_MODEL_CHANGED_CHANNEL = 'read_model_changed';
const MAX_NOTIFIED_SCOPES = 50;

export interface ReadModelChange {
  projection: string;
  /** The checkpoint after the batch, "commit.prepare". */
  position: string;
  scopes: Scope[];
}

interface Logger {
  error(object: unknown, message: string): void;
}

/**
 * Runs one batch of a projection: events after its checkpoint are applied
 * and the checkpoint moves in the same transaction, so a crash never applies
 * an event twice or loses one. The checkpoint row is locked first, which keeps
 * concurrent workers (other processes, a rebuild's swap) out of each other's way.
 * Returns how many events the batch read.
 */
export async function runBatch(
  db: Kysely<Database>,
  store: EventStore,
  projection: Projection,
  batchSize: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const checkpoint = await lockCheckpoint(trx, projection.name);
    const events = await store.readAll(checkpoint, batchSize);
    if (events.length === 0) return 0;

    const scopes = new Map<string, Scope>();
    for (const scope of await applyHandled(trx, projection, events)) scopes.set(`${scope.kind}:${scope.id}`, scope);
    const position = events[events.length - 1].position;
    await saveCheckpoint(trx, projection.name, position);
    await notifyChange(trx, {
      projection: projection.name,
      position: `${position.commit}.${position.prepare}`,
      scopes: [...scopes.values()].slice(0, MAX_NOTIFIED_SCOPES),
    });
    return events.length;
  });
}

/** Hands the projection the events it handles, if any. */
export async function applyHandled(trx: Transaction<Database>, projection: Projection, events: RecordedEvent[]): Promise<Scope[]> {
  const handled = events.filter((event) => projection.handles.includes(event.type));
  return handled.length > 0 ? projection.apply(trx, handled) : [];
}

export async function lockCheckpoint(trx: Transaction<Database>, name: string): Promise<LogPosition | null> {
  await trx
    .insertInto('projection_checkpoints')
    .values({ name, commit_position: '0', prepare_position: '0' })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await trx
    .selectFrom('projection_checkpoints')
    .select(['commit_position', 'prepare_position'])
    .where('name', '=', name)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.commit_position === '0' && row.prepare_position === '0'
    ? null
    : { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
}

export async function saveCheckpoint(trx: Transaction<Database>, name: string, position: LogPosition | null) {
  await trx
    .updateTable('projection_checkpoints')
    .set({
      commit_position: String(position?.commit ?? 0n),
      prepare_position: String(position?.prepare ?? 0n),
      updated_at: new Date(),
    })
    .where('name', '=', name)
    .execute();
}

/** Delivered by PostgreSQL when the transaction commits, to every API process. */
async function notifyChange(trx: Transaction<Database>, change: ReadModelChange) {
  await sql`SELECT pg_notify(${READ_MODEL_CHANGED_CHANNEL}, ${JSON.stringify(change)})`.execute(trx);
}

/**
 * Keeps every projection caught up with the log: woken by the store on each
 * append, one batch loop per projection, failed batches retried with backoff.
 */
export class ProjectionRunner {
  private readonly loops = new Map<string, Promise<void>>();
  private readonly pending = new Set<string>();
  private unsubscribe: (() => void) | null = null;
  private stopping = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: EventStore,
    private readonly projections: readonly Projection[],
    private readonly log: Logger,
    private readonly batchSize = 2000,
  ) {}

  start(): void {
    this.unsubscribe = this.store.onAppended(() => this.wakeAll());
    this.wakeAll();
  }

  /** Runs every projection until it has read the whole log. */
  async catchUp(): Promise<void> {
    for (const projection of this.projections) {
      while ((await runBatch(this.db, this.store, projection, this.batchSize)) > 0);
    }
  }

  /** Stops waking; the batches in flight finish and commit. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    await Promise.all(this.loops.values());
  }

  private wakeAll() {
    for (const projection of this.projections) this.wake(projection);
  }

  private wakeOthers(done: Projection) {
    for (const projection of this.projections) if (projection !== done) this.wake(projection);
  }

  private wake(projection: Projection) {
    if (this.stopping) return;
    if (this.loops.has(projection.name)) {
      this.pending.add(projection.name);
      return;
    }
    const loop = this.drain(projection).finally(() => {
      this.loops.delete(projection.name);
      if (this.pending.delete(projection.name)) this.wake(projection);
    });
    this.loops.set(projection.name, loop);
  }

  private async drain(projection: Projection) {
    let failures = 0;
    while (!this.stopping) {
      try {
        const read = await runBatch(this.db, this.store, projection, this.batchSize);
        failures = 0;
        // While this batch ran, its transaction hid newer events from the other
        // projections' reads (they read below the oldest open transaction): look again.
        if (read > 0) this.wakeOthers(projection);
        if (read < this.batchSize) return;
      } catch (error) {
        failures++;
        this.log.error({ err: error, projection: projection.name }, 'projection batch failed; will retry');
        await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 250 * 2 ** failures)));
      }
    }
  }
}
