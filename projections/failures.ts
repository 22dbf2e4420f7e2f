import { type Kysely, sql, type Transaction } from 'kysely';
import { formatPosition, type EventStore } from '../eventstore/types.ts';
import type { Database } from './database.ts';
import { projections as allProjections } from './index.ts';
import type { Projection } from './projection.ts';
import { scopesToTell } from '../domain/shared/scope.ts';
import { lockCheckpoint, notificationsOf, READ_MODEL_CHANGED_CHANNEL, type ReadModelChange } from './runner.ts';

/**
 * Events set aside: a projection could not apply them and went on with the
 * rest (see applySettingAside in runner.ts). Here operators and the health
 * check see them, and a retry applies them again.
 */
export interface SetAsideRecord {
  projection: string;
  eventId: string;
  streamId: string;
  eventType: string;
  /** Where the event is in the log, "commit.prepare". */
  position: string;
  error: string;
  failedAt: Date;
  retriedAt: Date | null;
}

export interface RetryOutcome {
  projection: string;
  eventId: string;
  resolved: boolean;
  /** Why it still cannot be applied. */
  error?: string;
}

/** Events not applied yet, per projection: every projection is named, with 0 when it has none. */
export async function setAsideCounts(db: Kysely<Database>, projections: readonly Projection[] = allProjections): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('projection_failures')
    .select(['projection', (eb) => eb.fn.countAll<string>().as('count')])
    .where('resolved_at', 'is', null)
    .groupBy('projection')
    .execute();
  const counts: Record<string, number> = Object.fromEntries(projections.map((p) => [p.name, 0]));
  for (const row of rows) counts[row.projection] = Number(row.count);
  return counts;
}

/** Events not applied yet, in log order; only those of `eventId` when given. */
export async function listSetAside(db: Kysely<Database>, eventId?: string): Promise<SetAsideRecord[]> {
  const rows = await db
    .selectFrom('projection_failures')
    .selectAll()
    .where('resolved_at', 'is', null)
    .$if(eventId !== undefined, (qb) => qb.where('event_id', '=', eventId!))
    .orderBy('commit_position')
    .orderBy('prepare_position')
    .orderBy('projection')
    .execute();
  return rows.map((row) => ({
    projection: row.projection,
    eventId: row.event_id,
    streamId: row.stream_id,
    eventType: row.event_type,
    position: `${row.commit_position}.${row.prepare_position}`,
    error: row.error,
    failedAt: row.failed_at,
    retriedAt: row.retried_at,
  }));
}

/**
 * Applies set-aside events again, in log order (all of them, or those of one
 * event id), each in a transaction holding its projection's checkpoint lock
 * so that no batch or rebuild swap runs beside it. One that applies is
 * resolved, and the API processes hear of what changed; one that fails keeps
 * its place with the new error. It is applied after the events that followed
 * it in the log, which the projection already has.
 */
export async function retrySetAside(
  db: Kysely<Database>,
  store: EventStore,
  eventId?: string,
  projections: readonly Projection[] = allProjections,
): Promise<RetryOutcome[]> {
  const outcomes: RetryOutcome[] = [];
  for (const record of await listSetAside(db, eventId)) {
    const key = { projection: record.projection, eventId: record.eventId };
    try {
      const projection = projections.find((p) => p.name === record.projection);
      if (!projection) throw new Error(`No projection is named ${record.projection}`);
      const event = (await store.readStream(record.streamId)).find((e) => e.eventId === record.eventId);
      if (!event) throw new Error(`The event is not in stream ${record.streamId}`);
      await db.transaction().execute(async (trx) => {
        const checkpoint = await lockCheckpoint(trx, projection.name);
        const scopes = await projection.apply(trx, [event]);
        await markRetried(trx, key, { resolved: true });
        const change: ReadModelChange = { projection: projection.name, position: checkpoint ? formatPosition(checkpoint) : '0.0', applied: true, scopes: scopesToTell(scopes) };
        await sql`SELECT pg_notify(${READ_MODEL_CHANGED_CHANNEL}, notification) FROM unnest(${notificationsOf(change)}::text[]) AS notification`.execute(trx);
      });
      outcomes.push({ ...key, resolved: true });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await markRetried(db, key, { resolved: false, error: message });
      outcomes.push({ ...key, resolved: false, error: message });
    }
  }
  return outcomes;
}

/**
 * A rebuild replaced the projection's tables: the events the old tables
 * lacked are no longer missing (the rebuild records those the new ones lack).
 */
export async function resolveAllSetAside(trx: Transaction<Database>, projectionName: string): Promise<void> {
  await trx.updateTable('projection_failures').set({ resolved_at: new Date() }).where('projection', '=', projectionName).where('resolved_at', 'is', null).execute();
}

async function markRetried(
  db: Kysely<Database> | Transaction<Database>,
  { projection, eventId }: { projection: string; eventId: string },
  outcome: { resolved: true } | { resolved: false; error: string },
) {
  const now = new Date();
  await db
    .updateTable('projection_failures')
    .set(outcome.resolved ? { retried_at: now, resolved_at: now } : { retried_at: now, error: outcome.error })
    .where('projection', '=', projection)
    .where('event_id', '=', eventId)
    .execute();
}
