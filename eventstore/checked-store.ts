import { type Static, Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { eventSchemas } from '../domain/events.ts';
import { Closed, Id, Instant, type Same, Text } from '../domain/shared/schema.ts';
import type { EventMetadata, EventStore, NewEvent } from './types.ts';

/**
 * An append refused before it reached the database because an event does not
 * match its type's schema. Requests are checked before any command runs, so
 * this is a bug in the code that built the event; nothing was written.
 */
export class InvalidEventError extends Error {
  constructor(
    readonly eventType: string,
    /** Where in the event the first problem is, e.g. "/data/field". */
    readonly path: string,
    problem: string,
  ) {
    super(`Refused to store a ${eventType} event: ${path} ${problem}`);
    this.name = 'InvalidEventError';
  }
}

const Label = Text(1_000);

const Metadata = Closed({
  userId: Type.Optional(Label),
  companyId: Type.Optional(Label),
  commandId: Type.Optional(Label),
  correlationId: Label,
  causationId: Type.Optional(Label),
  decidedAt: Type.Optional(Instant),
});
// Does not compile unless the schema names exactly the fields of EventMetadata.
true satisfies Same<Static<typeof Metadata>, EventMetadata>;

const checkStreamId = Compile(Label);

/** One validator per event type, compiled once: the check of a small event is a few comparisons. */
const checkers = new Map(
  Object.entries(eventSchemas).map(([type, data]) => [type, Compile(Type.Object({ eventId: Id, type: Type.Literal(type), data, metadata: Metadata }))]),
);

const problemOf = (error: { keyword: string; message: string }) => (error.keyword === 'boolean' ? 'is not a known property' : error.message);

/** Throws an InvalidEventError for the first event of an append that its schema refuses. */
function checkAppend(streamId: string, events: readonly NewEvent[]): void {
  if (!checkStreamId.Check(streamId)) throw new InvalidEventError(events[0]?.type ?? 'unknown', 'streamId', problemOf(checkStreamId.Errors(streamId)[0]));
  for (const event of events) {
    const checker = checkers.get(event.type);
    if (!checker) throw new InvalidEventError(String(event.type), '/type', 'is not a known event type');
    if (!checker.Check(event as unknown)) {
      const [first] = checker.Errors(event);
      throw new InvalidEventError(event.type, first.instancePath || '/', problemOf(first));
    }
  }
}

/** The store, refusing any event that does not match its type's schema before the database sees it. */
export function checkedEventStore(store: EventStore): EventStore {
  return {
    async append(streamId, events, expected) {
      checkAppend(streamId, events);
      return store.append(streamId, events, expected);
    },
    async appendMany(appends) {
      for (const { streamId, events } of appends) checkAppend(streamId, events);
      return store.appendMany(appends);
    },
    readStream: (streamId, fromVersion) => store.readStream(streamId, fromVersion),
    readAll: (after, limit) => store.readAll(after, limit),
    headPosition: () => store.headPosition(),
    onAppended: (wake) => store.onAppended(wake),
    onAppendedHere: (wake) => store.onAppendedHere(wake),
    close: () => store.close(),
  };
}
