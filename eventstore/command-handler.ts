import { createHash, randomUUID } from 'node:crypto';
import type { Decider, DomainEvent } from '../domain/shared/decider.ts';
import {
  type EventMetadata,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
  WrongExpectedVersionError,
} from './types.ts';

const MAX_ATTEMPTS = 10;

export interface CommandResult<Event extends DomainEvent> {
  /** The events the command produced (or had produced, when repeated). */
  events: Event[];
  /** Where the last of them sits in the log; null when nothing was written. */
  position: LogPosition | null;
}

/**
 * Load the stream, fold, decide, append with the expected version; retry a
 * concurrent write a few times. A command carrying a `commandId` that the
 * stream has already seen returns that earlier outcome, so a retried request,
 * a double click or a second tab writes nothing twice.
 */
export async function handleCommand<Command, Event extends DomainEvent, State, Context>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State, Context>,
  command: Command,
  context: Context,
  metadata: EventMetadata,
): Promise<CommandResult<Event>> {
  for (let attempt = 1; ; attempt++) {
    const history = await store.readStream(streamId);
    const earlier = metadata.commandId ? history.filter((e) => e.metadata.commandId === metadata.commandId) : [];
    if (earlier.length > 0) {
      return { events: earlier.map(toDomainEvent<Event>), position: earlier[earlier.length - 1].position };
    }
    const state = history.map(toDomainEvent<Event>).reduce(decider.evolve, decider.initialState);
    const events = decider.decide(command, state, context);
    if (events.length === 0) return { events, position: null };

    const version = history.length === 0 ? 0 : history[history.length - 1].version;
    try {
      const result = await store.append(
        streamId,
        events.map((event, index) => ({
          eventId: metadata.commandId ? eventIdFor(metadata.commandId, streamId, index) : randomUUID(),
          type: event.type,
          data: event.data,
          metadata,
        })),
        version === 0 ? 'no_stream' : version,
      );
      return { events, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_ATTEMPTS) throw error;
      // A short random pause keeps a crowd of writers on one stream from colliding again in step.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

export function toDomainEvent<Event extends DomainEvent>(recorded: RecordedEvent): Event {
  return { type: recorded.type, data: recorded.data } as Event;
}

/** A stable UUID per (command, stream, index): the store then refuses doubles. */
export function eventIdFor(commandId: string, streamId: string, index: number): string {
  return uuidFrom(`${commandId}\u0000${streamId}\u0000${index}`);
}

/** A UUID that is always the same for the same text (e.g. an id derived from an idempotency key). */
export function uuidFrom(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  // Version 8 (custom) UUID layout.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
