import { type Kysely, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { comparePositions, type EventStore, formatPosition, type LogPosition, type RecordedEvent } from '../eventstore/types.ts';
import type { Database } from './database.ts';
import type { Projection, Scope } from './projection.ts';
import { scopesToTell } from '../domain/shared/scope.ts';

export const READ_MODEL_CHANGED_CHANNEL = 'read_model_changed';
/**
 * A NOTIFY payload must stay under 8,000 bytes: the scopes of a change go in
 * slices of at most this many bytes of JSON (the rest of a change is short),
 * each in a notification of its own, so none is lost.
 */
const SCOPE_BYTES_PER_NOTIFICATION = 7_000;

export interface ReadModelChange {
  projection: string;
  /** The checkpoint after the batch, "commit.prepare". */
  position: string;
  /** False when the checkpoint only moved past events the projection does not handle. */
  applied: boolean;
  scopes: Scope[];
}

export interface ErrorLog {
  error(object: unknown, message: string): void;
}

/** An event the projection could not apply, with why. */
export interface SetAsideEvent {
  event: RecordedEvent;
  error: string;
}

/**
 * SQLSTATE classes that speak of the database or the connection, not of the
 * event: connection, transaction state, rollback (serialization, deadlock),
 * resources, object state (locks), operator intervention, system and
 * internal errors.
 */
const TRANSIENT_SQLSTATE_CLASSES = ['08', '25', '40', '53', '55', '57', '58', 'XX'];

/** An error that would go away by trying again later: never a reason to set an event aside. */
function isTransient(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return TRANSIENT_SQLSTATE_CLASSES.includes(error.code?.slice(0, 2) ?? '');
  // The socket's own errors (ECONNRESET and the like).
  return typeof (error as { syscall?: unknown } | null)?.syscall === 'string';
}

/**
 * Hands the projection the events it handles, each part in a savepoint: a
 * part that fails is rolled back and applied again in halves, down to the
 * single events that fail alone. Those are set aside, the others applied. An
 * error that is not about the event (see isTransient), or a savepoint that
 * cannot be rolled back (the database is out of reach), fails the whole
 * transaction instead, to be retried.
 */
export async function applySettingAside(
  trx: Transaction<Database>,
  projection: Projection,
  events: RecordedEvent[],
): Promise<{ scopes: Scope[]; setAside: SetAsideEvent[] }> {
  const scopes: Scope[] = [];
  const setAside: SetAsideEvent[] = [];
  const attempt = async (part: RecordedEvent[]): Promise<void> => {
    await sql`SAVEPOINT apply_part`.execute(trx);
    try {
      scopes.push(...(await projection.apply(trx, part)));
      await sql`RELEASE SAVEPOINT apply_part`.execute(trx);
      return;
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT apply_part`.execute(trx);
      await sql`RELEASE SAVEPOINT apply_part`.execute(trx);
      if (isTransient(error)) throw error;
      if (part.length === 1) {
        setAside.push({ event: part[0], error: error instanceof Error ? error.message : String(error) });
        return;
      }
    }
    const half = Math.ceil(part.length / 2);
    await attempt(part.slice(0, half));
    await attempt(part.slice(half));
  };
  const handled = events.filter((event) => projection.handles.includes(event.type));
  if (handled.length > 0) await attempt(handled);
  return { scopes, setAside };
}

/** Records events set aside; in the transaction that moves the checkpoint past them. */
export async function recordSetAside(trx: Transaction<Database>, projectionName: string, setAside: SetAsideEvent[]): Promise<void> {
  if (setAside.length === 0) return;
  await trx
    .insertInto('projection_failures')
    .values(
      setAside.map(({ event, error }) => ({
        projection: projectionName,
        event_id: event.eventId,
        stream_id: event.streamId,
        event_type: event.type,
        commit_position: String(event.position.commit),
        prepare_position: String(event.position.prepare),
        error,
        retried_at: null,
        resolved_at: null,
      })),
    )
    // Met again (a rebuild, a checkpoint set back): not applied, whatever a retry did before.
    .onConflict((oc) =>
      oc.columns(['projection', 'event_id']).doUpdateSet((eb) => ({ error: eb.ref('excluded.error'), failed_at: new Date(), retried_at: null, resolved_at: null })),
    )
    .execute();
}

/**
 * Locks the checkpoint for the transaction and returns it. `skipDiskWait`:
 * the transaction commits without waiting for the disk (see the runner).
 */
export async function lockCheckpoint(trx: Transaction<Database>, name: string, { skipDiskWait = false } = {}): Promise<LogPosition | null> {
  const select = () =>
    trx
      .selectFrom('projection_checkpoints')
      .select(['commit_position', 'prepare_position'])
      .$if(skipDiskWait, (qb) => qb.select(sql<string>`set_config('synchronous_commit', 'off', true)`.as('synchronous_commit')))
      .where('name', '=', name)
      .forUpdate()
      .executeTakeFirst();
  let row = await select();
  if (!row) {
    await trx
      .insertInto('projection_checkpoints')
      .values({ name, commit_position: '0', prepare_position: '0' })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = (await select())!;
  }
  return row.commit_position === '0' && row.prepare_position === '0'
    ? null
    : { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
}

/** The stored checkpoint, without locking (and so without taking a transaction id). */
async function readCheckpoint(db: Kysely<Database>, name: string): Promise<LogPosition | null> {
  const row = await db.selectFrom('projection_checkpoints').select(['commit_position', 'prepare_position']).where('name', '=', name).executeTakeFirst();
  return row && (row.commit_position !== '0' || row.prepare_position !== '0')
    ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) }
    : null;
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

/** A change as the notifications that carry it: its scopes sliced to fit a payload (SCOPE_BYTES_PER_NOTIFICATION). */
export function notificationsOf(change: ReadModelChange): string[] {
  const slices: Scope[][] = [[]];
  let bytes = 0;
  for (const scope of change.scopes) {
    const size = Buffer.byteLength(JSON.stringify(scope)) + 1;
    if (bytes + size > SCOPE_BYTES_PER_NOTIFICATION && slices.at(-1)!.length > 0) {
      slices.push([]);
      bytes = 0;
    }
    slices.at(-1)!.push(scope);
    bytes += size;
  }
  return slices.map((scopes) => JSON.stringify({ ...change, scopes }));
}

/** Moves the checkpoint and tells every API process (PostgreSQL delivers the notifications at commit), in one statement. */
async function moveCheckpoint(trx: Transaction<Database>, position: LogPosition, change: ReadModelChange) {
  const notifications = notificationsOf(change);
  await sql`
    WITH moved AS (
      UPDATE projection_checkpoints
      SET commit_position = ${String(position.commit)}, prepare_position = ${String(position.prepare)}, updated_at = now()
      WHERE name = ${change.projection}
    )
    SELECT pg_notify(${READ_MODEL_CHANGED_CHANNEL}, notification) FROM unnest(${notifications}::text[]) AS notification`.execute(trx);
}

const samePosition = (a: LogPosition | null, b: LogPosition | null) =>
  a === b || (a !== null && b !== null && a.commit === b.commit && a.prepare === b.prepare);

/** Another worker moved the checkpoint: reload it and read again. */
class CheckpointMoved extends Error {}

/**
 * How often a projection that skipped events tells the other processes how far
 * it has read (a NOTIFY only: skipped events changed nothing to store)...
 */
const SKIP_ANNOUNCE_MS = 200;
/** ...and how often it stores that position, so that a restart need not read those events again. */
const SKIP_PERSIST_MS = 5000;
/**
 * Under a stream of appends the projections look at the log at most this
 * often: a lone append is seen at once, while under load each batch holds
 * more events and the database sees far fewer statements per event.
 */
const WAKE_INTERVAL_MS = 20;

interface Cursor {
  /** How far this process has read. */
  read: LogPosition | null;
  /** The stored checkpoint as this process last saw or wrote it. */
  stored: LogPosition | null;
  /** How far the other processes were last told this projection has read. */
  announced: LogPosition | null;
  /** Set when skipped events moved the cursor; the drain loop stores it SKIP_PERSIST_MS later. */
  persistTimer: NodeJS.Timeout | null;
  persistDue: boolean;
}

/**
 * Keeps every projection caught up with the log. Each projection reads the
 * log after its own cursor. A batch with events it handles is applied and
 * its checkpoint moves in the same transaction, so a crash never applies an
 * event twice or loses one; the transaction first checks that no other worker
 * (another process, a rebuild's swap) moved the checkpoint meanwhile. A batch
 * of events it does not handle only moves the cursor: the other processes hear
 * of it a moment later, and it is stored every few seconds. An event the
 * projection cannot apply is set aside (recorded in projection_failures, in
 * the transaction that moves the checkpoint past it) and the others go on;
 * a batch that fails for any other reason is retried with backoff.
 */
export class ProjectionRunner {
  private readonly loops = new Map<string, Promise<void>>();
  private readonly pending = new Set<string>();
  private readonly cursors = new Map<string, Cursor>();
  /** Reads of the log in flight, shared by projections at the same cursor. */
  private readonly reads = new Map<string, Promise<RecordedEvent[]>>();
  /** Counts the store's wake-ups: a read started before the latest one may have missed events. */
  private appendsSeen = 0;
  private unsubscribe: (() => void) | null = null;
  private started = false;
  private stopping = false;
  /** Set while woken less than WAKE_INTERVAL_MS ago. */
  private wakeThrottle: NodeJS.Timeout | null = null;
  private announceSkipsTimer: NodeJS.Timeout | null = null;
  private announcing: Promise<void> = Promise.resolve();
  private wakeWaiting = false;
  private readonly batchSize: number;
  private readonly onProgress: (change: ReadModelChange) => void;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: EventStore,
    private readonly projections: readonly Projection[],
    private readonly log: ErrorLog,
    options: { batchSize?: number; onProgress?: (change: ReadModelChange) => void } = {},
  ) {
    this.batchSize = options.batchSize ?? 2000;
    this.onProgress = options.onProgress ?? (() => undefined);
  }

  start(): void {
    this.started = true;
    this.unsubscribe = this.store.onAppended(() => this.appended());
    this.wakeSoon();
  }

  /** Something was appended to the log: heard from the store, or from the thread that appended it. */
  appended(): void {
    this.appendsSeen++;
    this.wakeSoon();
  }

  /**
   * Runs every projection until it has read the whole log, and stores where
   * each stands. One whose database access fails is logged and left behind:
   * the loops that start() runs try it again.
   */
  async catchUp(): Promise<void> {
    for (const projection of this.projections) {
      await this.exclusively(projection, async () => {
        while ((await this.runOnce(projection)) > 0);
        await this.persist(projection);
      }).catch((error: unknown) => {
        this.cursors.delete(projection.name);
        this.log.error({ err: error, projection: projection.name }, 'projection could not catch up; will retry');
      });
    }
  }

  /** Stops waking; the batches in flight finish and commit, and every cursor is stored. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    if (this.wakeThrottle) clearTimeout(this.wakeThrottle);
    if (this.announceSkipsTimer) clearTimeout(this.announceSkipsTimer);
    await Promise.all([...this.loops.values(), this.announcing]);
    for (const projection of this.projections) await this.persist(projection).catch(() => undefined);
  }

  /** Reads and applies one batch; returns how many events it read. */
  async runOnce(projection: Projection): Promise<number> {
    const cursor = await this.cursorOf(projection);
    const events = await this.readLog(cursor.read);
    if (events.length === 0) return 0;
    const position = events[events.length - 1].position;
    const handled = events.filter((event) => projection.handles.includes(event.type));
    if (handled.length === 0) {
      cursor.read = position;
      this.onProgress({ projection: projection.name, position: formatPosition(position), applied: false, scopes: [] });
      this.announceSkipsSoon();
      // Stored by the drain loop, never beside a batch of the same projection.
      cursor.persistTimer ??= setTimeout(() => {
        cursor.persistTimer = null;
        cursor.persistDue = true;
        this.wake(projection);
      }, SKIP_PERSIST_MS);
      return events.length;
    }
    try {
      const change = await this.applyBatch(projection, cursor, handled, position, { isolate: false }).catch((error: unknown) => {
        if (error instanceof CheckpointMoved || isTransient(error)) throw error;
        // Maybe an event it cannot apply: apply them again, setting aside each that fails alone.
        return this.applyBatch(projection, cursor, handled, position, { isolate: true });
      });
      cursor.read = cursor.stored = cursor.announced = position;
      this.onProgress(change);
      this.lookAgain();
      return events.length;
    } catch (error) {
      if (!(error instanceof CheckpointMoved)) throw error;
      this.cursors.delete(projection.name);
      return this.runOnce(projection);
    }
  }

  /**
   * Applies the batch and moves the checkpoint in one transaction. Isolated
   * (only after the batch failed), each event that fails alone is set aside.
   */
  private async applyBatch(
    projection: Projection,
    cursor: Cursor,
    handled: RecordedEvent[],
    position: LogPosition,
    { isolate }: { isolate: boolean },
  ): Promise<ReadModelChange> {
    const { change, setAside } = await this.db.transaction().execute(async (trx) => {
      // A read model can be rebuilt from the durable log, and its checkpoint
      // commits with it: a crash can only lose whole batches, applied again
      // on restart. So these commits need not wait for the disk.
      if (!samePosition(await lockCheckpoint(trx, projection.name, { skipDiskWait: true }), cursor.stored)) throw new CheckpointMoved();
      const applied = isolate ? await applySettingAside(trx, projection, handled) : { scopes: await projection.apply(trx, handled), setAside: [] };
      await recordSetAside(trx, projection.name, applied.setAside);
      const change = { projection: projection.name, position: formatPosition(position), applied: true, scopes: scopesToTell(applied.scopes) };
      await moveCheckpoint(trx, position, change);
      return { change, setAside: applied.setAside };
    });
    for (const { event, error } of setAside) {
      this.log.error(
        { projection: projection.name, eventId: event.eventId, streamId: event.streamId, type: event.type, position: formatPosition(event.position), error },
        'event set aside: the projection cannot apply it (see npm run projections:failed)',
      );
    }
    return change;
  }

  /** One read of the log for every projection asking from the same place since the last append was heard of. */
  private readLog(after: LogPosition | null): Promise<RecordedEvent[]> {
    const key = `${after ? formatPosition(after) : 'start'}@${this.appendsSeen}`;
    let read = this.reads.get(key);
    if (!read) {
      read = this.store.readAll(after, this.batchSize).finally(() => this.reads.delete(key));
      this.reads.set(key, read);
    }
    return read;
  }

  /** Stores a cursor that moved past skipped events, and tells the other processes. */
  private async persist(projection: Projection): Promise<void> {
    const cursor = this.cursors.get(projection.name);
    if (!cursor) return;
    if (cursor.persistTimer) clearTimeout(cursor.persistTimer);
    cursor.persistTimer = null;
    cursor.persistDue = false;
    const target = cursor.read;
    // A checkpoint only ever moves forward.
    if (!target || (cursor.stored && comparePositions(target, cursor.stored) <= 0)) return;
    const moved = await this.db.transaction().execute(async (trx) => {
      if (!samePosition(await lockCheckpoint(trx, projection.name, { skipDiskWait: true }), cursor.stored)) return true;
      await moveCheckpoint(trx, target, { projection: projection.name, position: formatPosition(target), applied: false, scopes: [] });
      return false;
    });
    if (moved) this.cursors.delete(projection.name);
    else cursor.stored = cursor.announced = target;
    this.lookAgain();
  }

  /**
   * While a checkpoint transaction of ours was open it hid newer events from
   * the other projections' reads (they read below the oldest open transaction).
   */
  private lookAgain() {
    if (this.started) this.wakeSoon();
  }

  private announceSkipsSoon() {
    this.announceSkipsTimer ??= setTimeout(() => {
      this.announceSkipsTimer = null;
      // Once stopping, the final persist tells them.
      if (this.stopping) return;
      this.announcing = this.announceSkips().catch((error: unknown) => this.log.error({ err: error }, 'could not announce projection progress'));
    }, SKIP_ANNOUNCE_MS);
  }

  /** Tells the other processes, in one statement, how far each projection has read past events it skipped. */
  private async announceSkips(): Promise<void> {
    const changes: string[] = [];
    for (const [name, cursor] of this.cursors) {
      const { read, announced } = cursor;
      if (!read || (announced && comparePositions(read, announced) <= 0)) continue;
      cursor.announced = read;
      changes.push(JSON.stringify({ projection: name, position: formatPosition(read), applied: false, scopes: [] } satisfies ReadModelChange));
    }
    if (changes.length > 0) await sql`SELECT pg_notify(${READ_MODEL_CHANGED_CHANNEL}, change) FROM unnest(${changes}::text[]) AS change`.execute(this.db);
  }

  private async cursorOf(projection: Projection): Promise<Cursor> {
    let cursor = this.cursors.get(projection.name);
    if (!cursor) {
      const stored = await readCheckpoint(this.db, projection.name);
      cursor = { read: stored, stored, announced: stored, persistTimer: null, persistDue: false };
      this.cursors.set(projection.name, cursor);
    }
    return cursor;
  }

  /** Wakes every projection now, or, when it did less than WAKE_INTERVAL_MS ago, as that interval ends. */
  private wakeSoon() {
    if (this.wakeThrottle) {
      this.wakeWaiting = true;
      return;
    }
    for (const projection of this.projections) this.wake(projection);
    this.wakeThrottle = setTimeout(() => {
      this.wakeThrottle = null;
      if (!this.wakeWaiting) return;
      this.wakeWaiting = false;
      this.wakeSoon();
    }, WAKE_INTERVAL_MS);
  }

  private wake(projection: Projection) {
    if (this.stopping) return;
    if (this.loops.has(projection.name)) {
      this.pending.add(projection.name);
      return;
    }
    void this.exclusively(projection, () => this.drain(projection));
  }

  /**
   * Runs `work` as the projection's only loop in this process (two would
   * apply one batch twice); a wake meanwhile runs the drain loop after it.
   */
  private async exclusively(projection: Projection, work: () => Promise<void>): Promise<void> {
    for (let running = this.loops.get(projection.name); running; running = this.loops.get(projection.name)) {
      await running.catch(() => undefined);
    }
    const loop = work().finally(() => {
      this.loops.delete(projection.name);
      if (this.pending.delete(projection.name)) this.wake(projection);
    });
    this.loops.set(projection.name, loop);
    return loop;
  }

  private async drain(projection: Projection) {
    let failures = 0;
    while (!this.stopping) {
      try {
        const read = await this.runOnce(projection);
        failures = 0;
        if (read < this.batchSize) {
          if (this.cursors.get(projection.name)?.persistDue) await this.persist(projection);
          return;
        }
      } catch (error) {
        failures++;
        this.cursors.delete(projection.name);
        this.log.error({ err: error, projection: projection.name }, 'projection batch failed; will retry');
        await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 250 * 2 ** failures)));
      }
    }
  }
}
