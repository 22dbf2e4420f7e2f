import type { EventMetadata, RecordedEvent } from './types.ts';

/**
 * When the event happened: the clock its command was decided by. Events
 * written before commands were stamped (or with a value that is no instant)
 * fall back to when the store recorded them.
 */
export function decidedAt(recorded: Pick<RecordedEvent, 'metadata' | 'recordedAt'>): string {
  const stamped: unknown = recorded.metadata.decidedAt;
  return typeof stamped === 'string' && !Number.isNaN(Date.parse(stamped)) ? stamped : recorded.recordedAt;
}

/** The metadata stamped with the decider's clock, unless it already says when the command was decided. */
export function withDecidedAt(metadata: EventMetadata, now: Date): EventMetadata {
  return metadata.decidedAt ? metadata : { ...metadata, decidedAt: now.toISOString() };
}
