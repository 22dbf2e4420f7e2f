import type pg from 'pg';
import {
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
  WrongExpectedVersionError,
} from './types.ts';

const UNIQUE_VIOLATION = '23505';
const POLL_INTERVAL_MS = 250;
const NOTIFY_CHANNEL = 'events_appended';
// Appends within this window share one NOTIFY. A NOTIFY inside each append
// would serialise all commits on PostgreSQL's notification queue lock.
const NOTIFY_COALESCE_MS = 10;

interface EventRow {
  event_id: string;
  stream_id: string;
  version: number;
  transaction_id: string;
  global_position: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  recorded_at: Date;
}

const EVENT_COLUMNS =
  'event_id, stream_id, version, transaction_id::text, global_position, type, data, metadata, recorded_at';

// One statement, so a single round trip commits it. The version check and the
// unique (stream_id, version) constraint together make the expected version hold
// under concurrency.
const APPEND_SQL = `
  WITH current AS (
    SELECT coalesce(max(version), 0) AS version FROM events WHERE stream_id = $1
  )
  INSERT INTO events (event_id, stream_id, version, type, data, metadata)
  SELECT (e->>'eventId')::uuid, $1, current.version + t.ord, e->>'type', e->'data', e->'metadata'
  FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(e, ord), current
  WHERE $3::integer IS NULL OR current.version = $3::integer
  ORDER BY t.ord
  RETURNING version, transaction_id::text, global_position`;

// Several streams' appends in one statement and one commit: what the store
// does with appends that arrive while another is on its way. Each stream
// appears once, so the per-stream version checks cannot collide within it.
const APPEND_BATCH_SQL = `
  WITH batch AS (
    SELECT b.stream_id, b.expected, b.events,
      (SELECT coalesce(max(version), 0) FROM events WHERE events.stream_id = b.stream_id) AS version
    FROM jsonb_to_recordset($1::jsonb) AS b(stream_id text, expected integer, events jsonb)
  )
  INSERT INTO events (event_id, stream_id, version, type, data, metadata)
  SELECT (e->>'eventId')::uuid, batch.stream_id, batch.version + t.ord, e->>'type', e->'data', e->'metadata'
  FROM batch, jsonb_array_elements(batch.events) WITH ORDINALITY AS t(e, ord)
  WHERE batch.expected IS NULL OR batch.version = batch.expected
  ORDER BY batch.stream_id, t.ord
  RETURNING stream_id, version, transaction_id::text, global_position`;

// Several streams at once, all or none: nothing is inserted unless every
// stream's expected version holds; a concurrent writer of any of them makes
// the statement fail on the unique (stream_id, version). The parts take their
// places in the log in the order given: a guard's events come after the
// command's, so a reader that passed them has read the command's too.
const APPEND_ALL_SQL = `
  WITH batch AS (
    SELECT b.stream_id, b.expected, b.events, b.part,
      (SELECT coalesce(max(version), 0) FROM events WHERE events.stream_id = b.stream_id) AS version
    FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (stream_id text, expected integer, events jsonb)) WITH ORDINALITY AS b(stream_id, expected, events, part)
  )
  INSERT INTO events (event_id, stream_id, version, type, data, metadata)
  SELECT (e->>'eventId')::uuid, batch.stream_id, batch.version + t.ord, e->>'type', e->'data', e->'metadata'
  FROM batch, jsonb_array_elements(batch.events) WITH ORDINALITY AS t(e, ord)
  WHERE NOT EXISTS (SELECT 1 FROM batch AS held WHERE held.expected IS NOT NULL AND held.version <> held.expected)
  ORDER BY batch.part, t.ord
  RETURNING stream_id, version, transaction_id::text, global_position`;

// Only below the oldest in-flight transaction: everything there has committed
// or aborted, so the cursor never passes an event that is still to appear.
const READ_ALL_SQL = `
  SELECT ${EVENT_COLUMNS} FROM events
  WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
    AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY events.transaction_id, events.global_position
  LIMIT $3`;

const HEAD_SQL = `
  SELECT transaction_id::text, global_position FROM events
  WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY events.transaction_id DESC, events.global_position DESC
  LIMIT 1`;

export function createPostgresEventStore(pool: pg.Pool): EventStore {
  const listeners = new Set<() => void>();
  const hereListeners = new Set<() => void>();
  let listening: Promise<() => Promise<void>> | null = null;
  let notifyScheduled = false;

  const wakeAll = () => listeners.forEach((wake) => wake());
  const wakeHere = () => {
    wakeAll();
    hereListeners.forEach((wake) => wake());
  };

  /** Wakes readers here at once, and readers in other processes through one NOTIFY. */
  function announceAppend() {
    queueMicrotask(wakeHere);
    if (notifyScheduled) return;
    notifyScheduled = true;
    setTimeout(() => {
      notifyScheduled = false;
      pool.query(`SELECT pg_notify('${NOTIFY_CHANNEL}', '')`).catch(() => undefined);
    }, NOTIFY_COALESCE_MS);
  }

  async function listen(): Promise<() => Promise<void>> {
    const client = await pool.connect();
    client.on('notification', wakeAll);
    client.on('error', () => undefined); // the poll keeps readers going until close
    await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    const poll = setInterval(wakeAll, POLL_INTERVAL_MS);
    return async () => {
      clearInterval(poll);
      client.removeListener('notification', wakeAll);
      client.release(true);
    };
  }

  async function findRepeatedAppend(streamId: string, events: NewEvent[]): Promise<AppendResult | null> {
    const { rows } = await pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE event_id = ANY($1::uuid[]) ORDER BY global_position`,
      [events.map((e) => e.eventId)],
    );
    if (rows.some((row) => row.stream_id !== streamId)) {
      throw new Error(`Event ids of this append were already used elsewhere (stream ${streamId})`);
    }
    // Some of them only: not this append again (a command decided anew on a stale state); a conflict.
    if (rows.length !== events.length) return null;
    const last = rows[rows.length - 1];
    return { version: last.version, position: toPosition(last), repeated: true };
  }

  async function currentVersion(streamId: string): Promise<number> {
    const { rows } = await pool.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM events WHERE stream_id = $1',
      [streamId],
    );
    return rows[0].version ?? 0;
  }

  /** One append in its own statement; also where a failed batch's appends go one by one. */
  async function appendOne({ streamId, events, expected }: PendingAppend): Promise<AppendResult> {
    try {
      // Named, so each connection plans the statement once.
      const { rows } = await pool.query<{ version: number; transaction_id: string; global_position: string }>({
        name: 'timeledger_append',
        text: APPEND_SQL,
        values: [streamId, payloadOf(events), expectedAsNumber(expected)],
      });
      if (rows.length > 0) {
        announceAppend();
        const last = rows[rows.length - 1];
        return { version: last.version, position: toPosition(last) };
      }
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
    }
    const repeated = await findRepeatedAppend(streamId, events);
    if (repeated) return repeated;
    throw new WrongExpectedVersionError(streamId, expected, await currentVersion(streamId));
  }

  /**
   * Group commit: appends that arrive while a batch is being written wait for
   * it and then go together, one statement and one commit for all (a lone
   * append goes at once). Under load this saves a round trip and a disk flush
   * per append.
   */
  const next = new Map<string, PendingAppend>(); // one append per stream
  const later: PendingAppend[] = []; // streams already in `next`
  let writing = false;

  function enqueue(append: PendingAppend) {
    if (next.has(append.streamId)) later.push(append);
    else next.set(append.streamId, append);
  }

  async function writeBatches() {
    if (writing || next.size === 0) return;
    writing = true;
    const batch = [...next.values()];
    next.clear();
    for (const append of later.splice(0)) enqueue(append);
    try {
      await (batch.length === 1 ? settle(batch[0], appendOne(batch[0])) : appendBatch(batch));
    } finally {
      writing = false;
      void writeBatches();
    }
  }

  async function appendBatch(batch: PendingAppend[]) {
    let rows: { stream_id: string; version: number; transaction_id: string; global_position: string }[];
    try {
      ({ rows } = await pool.query({
        name: 'timeledger_append_batch',
        text: APPEND_BATCH_SQL,
        values: [JSON.stringify(batch.map((a) => ({ stream_id: a.streamId, expected: expectedAsNumber(a.expected), events: eventsJson(a.events) })))],
      }));
    } catch {
      // One stream's conflict fails the whole statement: each append on its own.
      await Promise.all(batch.map((append) => settle(append, appendOne(append))));
      return;
    }
    if (rows.length > 0) announceAppend();
    const lastRowOf = new Map(rows.map((row) => [row.stream_id, row]));
    await Promise.all(
      batch.map((append) => {
        const last = lastRowOf.get(append.streamId);
        // No rows: the expected version did not hold (or a repeat); the single path tells which.
        return settle(append, last ? Promise.resolve({ version: last.version, position: toPosition(last) }) : appendOne(append));
      }),
    );
  }

  /**
   * Several streams in one statement: written only when every part's version
   * holds (a concurrent writer of any of them makes it fail on the unique
   * version), so all parts are written or none, in one round trip.
   */
  async function appendManyAtOnce(appends: StreamAppend[]): Promise<AppendResult[]> {
    let rows: { stream_id: string; version: number; transaction_id: string; global_position: string }[] = [];
    try {
      ({ rows } = await pool.query({
        name: 'timeledger_append_all',
        text: APPEND_ALL_SQL,
        values: [JSON.stringify(appends.map((a) => ({ stream_id: a.streamId, expected: expectedAsNumber(a.expected), events: eventsJson(a.events) })))],
      }));
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
    }
    if (rows.length > 0) {
      announceAppend();
      const lastRowOf = new Map(rows.map((row) => [row.stream_id, row]));
      return appends.map(({ streamId }) => ({ version: lastRowOf.get(streamId)!.version, position: toPosition(lastRowOf.get(streamId)!) }));
    }
    const repeated = await Promise.all(appends.map(({ streamId, events }) => findRepeatedAppend(streamId, events)));
    if (repeated.every((result) => result !== null)) return repeated as AppendResult[];
    const versions = await Promise.all(appends.map(({ streamId }) => currentVersion(streamId)));
    const refused = appends.findIndex(({ expected }, index) => expectedAsNumber(expected) !== null && expectedAsNumber(expected) !== versions[index]);
    const named = Math.max(0, refused);
    throw new WrongExpectedVersionError(appends[named].streamId, appends[named].expected, versions[named]);
  }

  return {
    appendMany(appends) {
      if (appends.length === 0 || appends.some(({ events }) => events.length === 0)) return Promise.reject(new Error('Nothing to append'));
      if (new Set(appends.map(({ streamId }) => streamId)).size !== appends.length) return Promise.reject(new Error('appendMany names a stream twice'));
      return appendManyAtOnce(appends);
    },

    append(streamId, events, expected) {
      if (events.length === 0) return Promise.reject(new Error('Nothing to append'));
      return new Promise<AppendResult>((resolve, reject) => {
        enqueue({ streamId, events, expected, resolve, reject });
        void writeBatches();
      });
    },

    async readStream(streamId, fromVersion = 1) {
      const { rows } = await pool.query<EventRow>({
        name: 'timeledger_read_stream',
        text: `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND version >= $2 ORDER BY version`,
        values: [streamId, fromVersion],
      });
      return rows.map(toRecordedEvent);
    },

    async readAll(after, limit) {
      const { rows } = await pool.query<EventRow>({
        name: 'timeledger_read_all',
        text: READ_ALL_SQL,
        values: [(after?.commit ?? 0n).toString(), (after?.prepare ?? 0n).toString(), limit],
      });
      return rows.map(toRecordedEvent);
    },

    async headPosition() {
      const { rows } = await pool.query<{ transaction_id: string; global_position: string }>(HEAD_SQL);
      return rows.length > 0 ? toPosition(rows[0]) : null;
    },

    onAppended(wake) {
      listeners.add(wake);
      listening ??= listen();
      return () => listeners.delete(wake);
    },

    onAppendedHere(wake) {
      hereListeners.add(wake);
      return () => hereListeners.delete(wake);
    },

    async close() {
      listeners.clear();
      hereListeners.clear();
      if (listening) await (await listening)();
      listening = null;
    },
  };
}

interface PendingAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedVersion;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

async function settle(append: PendingAppend, result: Promise<AppendResult>) {
  await result.then(append.resolve, append.reject);
}

const eventsJson = (events: NewEvent[]) => events.map((e) => ({ eventId: e.eventId, type: e.type, data: e.data, metadata: e.metadata }));
const payloadOf = (events: NewEvent[]) => JSON.stringify(eventsJson(events));

function expectedAsNumber(expected: ExpectedVersion): number | null {
  if (expected === 'any') return null;
  if (expected === 'no_stream') return 0;
  return expected;
}

function toPosition(row: { transaction_id: string; global_position: string }): LogPosition {
  return { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) };
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    eventId: row.event_id,
    streamId: row.stream_id,
    version: row.version,
    position: toPosition(row),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at.toISOString(),
  };
}
