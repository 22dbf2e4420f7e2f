/**
 * The event store contract. Two implementations keep it: PostgreSQL (the
 * default) and KurrentDB. Both pass `contract.test.ts`.
 */

/** Who and what caused an event; the store adds the server time. */
export interface EventMetadata {
  userId?: string;
  companyId?: string;
  /** The client-generated id of the command that produced the event. */
  commandId?: string;
  correlationId: string;
  causationId?: string;
  /** When the command was decided, by the server's clock handed to the decider (ISO instant). */
  decidedAt?: string;
}

export interface NewEvent {
  eventId: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

/**
 * A place in the global log, in commit order. Compared as (commit, prepare).
 * PostgreSQL: commit = transaction id, prepare = row position.
 * KurrentDB: its own commit and prepare positions.
 */
export interface LogPosition {
  commit: bigint;
  prepare: bigint;
}

export interface RecordedEvent {
  eventId: string;
  streamId: string;
  /** 1 for the first event of a stream. */
  version: number;
  position: LogPosition;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  /** Server time at append, ISO-8601 UTC. Pages show `decidedAt(event)` instead: when it happened. */
  recordedAt: string;
}

/**
 * 'no_stream': the stream must not exist. 'any': no check.
 * A number: the version of the stream's last event (0 means empty).
 */
export type ExpectedVersion = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** Version of the last event written (or found, for a repeated append). */
  version: number;
  position: LogPosition;
  /** Set when the events were already stored (a repeated append) and nothing was written. */
  repeated?: true;
}

/** One stream's part of an appendMany. */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedVersion;
}

export interface EventStore {
  /**
   * Appends atomically. Repeating an append whose event ids are already
   * stored in that stream returns the original result and writes nothing.
   */
  append(streamId: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult>;
  /**
   * Appends to several distinct streams at once: every part at its expected
   * version, or nothing (a WrongExpectedVersionError names the first stream
   * that did not hold). For a rule kept across streams, such as a period's
   * lock and the time it locks. The parts take their places in the log in
   * the order given. Repeating one whose event ids are all stored returns
   * the original results. Results in the order of the parts.
   */
  appendMany(appends: StreamAppend[]): Promise<AppendResult[]>;
  /** The stream's events in order, from `fromVersion` (default 1: all of them). */
  readStream(streamId: string, fromVersion?: number): Promise<RecordedEvent[]>;
  /** Events after `after` (exclusive; null for the start), in commit order. */
  readAll(after: LogPosition | null, limit: number): Promise<RecordedEvent[]>;
  /** The position of the newest committed event, or null for an empty log. */
  headPosition(): Promise<LogPosition | null>;
  /** Calls `wake` when new events may be readable, appended here or by another process. Returns an unsubscribe. */
  onAppended(wake: () => void): () => void;
  /** Calls `wake` after each append made through this store object only (it listens for no other process). Returns an unsubscribe. */
  onAppendedHere(wake: () => void): () => void;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

export function comparePositions(a: LogPosition, b: LogPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** Positions travel over HTTP as "commit.prepare". */
export function formatPosition(p: LogPosition): string {
  return `${p.commit}.${p.prepare}`;
}

export function parsePosition(text: string): LogPosition | null {
  const match = /^(\d+)\.(\d+)$/.exec(text);
  return match ? { commit: BigInt(match[1]), prepare: BigInt(match[2]) } : null;
}
