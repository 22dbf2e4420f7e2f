import {
  ANY,
  BACKWARDS,
  END,
  KurrentDBClient,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamSubscription,
  type AppendStreamState,
  type JSONType,
  type Position,
  type RecordedEvent as KurrentEvent,
} from '@kurrent/kurrentdb-client';
import {
  WrongExpectedVersionError,
  comparePositions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
} from './types.ts';

export async function createKurrentDbEventStore(connectionString: string): Promise<EventStore> {
  const client = KurrentDBClient.connectionString(connectionString);
  const listeners = new Set<() => void>();
  const hereListeners = new Set<() => void>();
  let subscription: AllStreamSubscription | null = null;
  let closed = false;

  /**
   * The event at `revision`; used when the server's append reply carries no
   * position, as it does for an idempotent repeat. Reported as a repeat: at
   * worst a command handler then reads the stream once more.
   */
  async function eventAt(streamId: string, revision: bigint): Promise<AppendResult> {
    for await (const { event } of client.readStream(streamId, { fromRevision: revision, maxCount: 1 })) {
      if (event) return { version: Number(event.revision) + 1, position: toPosition(event.position), repeated: true };
    }
    throw new Error(`No event at revision ${revision} of stream ${streamId}`);
  }

  /** The original result if all `events` are already in the stream, else null. */
  async function findRepeat(streamId: string, events: NewEvent[]): Promise<AppendResult | null> {
    const missing = new Set(events.map((e) => e.eventId.toLowerCase()));
    const lastId = events[events.length - 1].eventId.toLowerCase();
    let last: AppendResult | null = null;
    try {
      for await (const { event } of client.readStream(streamId, { direction: BACKWARDS, fromRevision: END })) {
        if (!event) continue;
        const id = event.id.toLowerCase();
        if (id === lastId) last = { version: Number(event.revision) + 1, position: toPosition(event.position), repeated: true };
        missing.delete(id);
        if (missing.size === 0) return last;
      }
    } catch (err) {
      if (!(err instanceof StreamNotFoundError)) throw err;
    }
    return null;
  }

  function subscribe(): AllStreamSubscription {
    const sub = client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    sub.on('data', () => {
      for (const wake of [...listeners]) wake();
    });
    sub.on('error', () => {
      if (subscription !== sub) return; // ended by us
      // Dropped (e.g. server restart): wake listeners so they catch up, and resubscribe.
      subscription = null;
      for (const wake of [...listeners]) wake();
      setTimeout(() => {
        if (!closed && !subscription && listeners.size > 0) subscription = subscribe();
      }, 1000).unref();
    });
    return sub;
  }

  function unsubscribe(): void {
    const sub = subscription;
    subscription = null;
    sub?.unsubscribe().catch(() => {});
  }

  /** The stream's version now (0: none). */
  async function versionOf(streamId: string): Promise<number> {
    try {
      for await (const { event } of client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (event) return Number(event.revision) + 1;
      }
    } catch (err) {
      if (!(err instanceof StreamNotFoundError)) throw err;
    }
    return 0;
  }

  /** The part whose expected version does not hold now, if any. */
  async function refusedPart(appends: StreamAppend[]): Promise<{ part: StreamAppend; actual: number } | null> {
    for (const part of appends) {
      const actual = await versionOf(part.streamId);
      const holds = part.expected === 'any' || (part.expected === 'no_stream' ? actual === 0 : actual === part.expected);
      if (!holds) return { part, actual };
    }
    return null;
  }

  return {
    /** KurrentDB's multi-stream append (server 25.1 or later): one transaction for all parts. */
    async appendMany(appends) {
      if (appends.length === 0 || appends.some(({ events }) => events.length === 0)) throw new Error('Nothing to append');
      if (new Set(appends.map(({ streamId }) => streamId)).size !== appends.length) throw new Error('appendMany names a stream twice');
      try {
        const result = await client.multiStreamAppend(
          appends.map(({ streamId, events, expected }) => ({ streamName: streamId, events: events.map(toEventData), expectedState: toStreamState(expected) })),
        );
        for (const wake of [...hereListeners]) wake();
        const revisions = new Map(result.responses.map(({ streamName, revision }) => [streamName, revision]));
        return await Promise.all(appends.map(({ streamId }) => eventAt(streamId, revisions.get(streamId)!).then(({ version, position }) => ({ version, position }))));
      } catch (err) {
        const repeats = await Promise.all(appends.map(({ streamId, events }) => findRepeat(streamId, events)));
        if (repeats.every((repeat) => repeat !== null)) return repeats as AppendResult[];
        const refused = await refusedPart(appends);
        if (refused) throw new WrongExpectedVersionError(refused.part.streamId, refused.part.expected, refused.actual);
        throw err;
      }
    },

    async append(streamId, events, expected) {
      if (events.length === 0) throw new Error('append needs at least one event');
      try {
        const result = await client.appendToStream(streamId, events.map(toEventData), {
          streamState: toStreamState(expected),
        });
        if (!result.position) return eventAt(streamId, result.nextExpectedRevision);
        for (const wake of [...hereListeners]) wake();
        return { version: Number(result.nextExpectedRevision) + 1, position: toPosition(result.position) };
      } catch (err) {
        if (!(err instanceof KurrentWrongExpectedVersionError)) throw err;
        const repeat = await findRepeat(streamId, events);
        if (repeat) return repeat;
        const actual = err.actualState === NO_STREAM ? 0 : Number(err.actualState) + 1;
        throw new WrongExpectedVersionError(streamId, expected, actual);
      }
    },

    async readStream(streamId, fromVersion = 1) {
      const out: RecordedEvent[] = [];
      try {
        for await (const { event } of client.readStream(streamId, { fromRevision: BigInt(fromVersion - 1) })) {
          if (event) out.push(toRecorded(event));
        }
      } catch (err) {
        if (err instanceof StreamNotFoundError) return [];
        throw err;
      }
      return out;
    },

    async readAll(after, limit) {
      const out: RecordedEvent[] = [];
      if (limit <= 0) return out;
      // Reading from `after` includes the event at `after` itself, hence limit + 1.
      const events = client.readAll({
        fromPosition: after ?? START,
        maxCount: limit + 1,
        filter: excludeSystemEvents(),
      });
      for await (const { event } of events) {
        if (!event || isSystem(event)) continue;
        const recorded = toRecorded(event);
        if (after && comparePositions(recorded.position, after) <= 0) continue;
        out.push(recorded);
        if (out.length === limit) break;
      }
      return out;
    },

    async headPosition() {
      const events = client.readAll({
        direction: BACKWARDS,
        fromPosition: END,
        maxCount: 20,
        filter: excludeSystemEvents(),
      });
      for await (const { event } of events) {
        if (event && !isSystem(event)) return toPosition(event.position);
      }
      return null;
    },

    onAppended(wake) {
      listeners.add(wake);
      if (!subscription && !closed) subscription = subscribe();
      return () => {
        listeners.delete(wake);
        if (listeners.size === 0) unsubscribe();
      };
    },

    onAppendedHere(wake) {
      hereListeners.add(wake);
      return () => hereListeners.delete(wake);
    },

    async close() {
      closed = true;
      listeners.clear();
      hereListeners.clear();
      unsubscribe();
      await client.dispose();
    },
  };
}

function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'no_stream' || expected === 0) return NO_STREAM;
  if (expected === 'any') return ANY;
  return BigInt(expected - 1);
}

function toEventData(e: NewEvent) {
  return jsonEvent({
    id: e.eventId,
    type: e.type,
    data: e.data as JSONType,
    metadata: { ...e.metadata },
  });
}

function toPosition(p: Position | undefined): LogPosition {
  // Servers before 22.6 leave out stream event positions; the contract needs them.
  if (!p) throw new Error('KurrentDB returned an event without a position');
  return { commit: BigInt(p.commit), prepare: BigInt(p.prepare) };
}

function isSystem(e: KurrentEvent): boolean {
  return e.type.startsWith('$') || e.streamId.startsWith('$');
}

function toRecorded(e: KurrentEvent): RecordedEvent {
  return {
    eventId: e.id,
    streamId: e.streamId,
    version: Number(e.revision) + 1,
    position: toPosition(e.position),
    type: e.type,
    data: e.data,
    metadata: e.metadata as unknown as EventMetadata, // written by toEventData as JSON
    recordedAt: e.created.toISOString(),
  };
}
