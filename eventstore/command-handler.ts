import { createHash, randomUUID } from 'node:crypto';
import type { Decider, DomainEvent } from '../domain/shared/decider.ts';
import { withDecidedAt } from './decided-at.ts';
import { type EventMetadata, type EventStore, type ExpectedVersion, type LogPosition, type RecordedEvent, type StreamAppend, WrongExpectedVersionError } from './types.ts';

const MAX_ATTEMPTS = 10;
/** After the n-th conflict in a row, a pause of up to 5 ms · 2^(n-1), never over 250 ms; the random share is the point (see retryPause). */
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 250;
/** Per cached stream, the outcomes of this many recent commands are kept to answer their repeats. */
const RECENT_COMMANDS = 64;

export interface CommandResult<Event extends DomainEvent> {
  /** The events the command produced (or had produced, when repeated). */
  events: Event[];
  /** Where the last of them sits in the log; null when nothing was written. */
  position: LogPosition | null;
}

/** A stream as far as this process has read it. */
export interface StreamState<State, Event extends DomainEvent> {
  /** Version of the last event folded in (0: none). */
  version: number;
  state: State;
  /** Command id → what that command wrote. */
  outcomes: ReadonlyMap<string, CommandResult<Event>>;
}

/**
 * The folded state of recently used streams, kept between commands so that a
 * command on a long stream (a tracker after years of days) costs one append
 * instead of a read of the whole stream first. An entry goes stale when
 * another process writes the stream: the append's expected version then
 * fails, and the stream is read on from the cached version.
 */
export class StreamStateCache<State, Event extends DomainEvent> {
  private readonly entries = new Map<string, StreamState<State, Event>>();

  constructor(private readonly maxStreams = 10_000) {}

  get(streamId: string): StreamState<State, Event> | undefined {
    const entry = this.entries.get(streamId);
    if (entry) this.touch(streamId, entry);
    return entry;
  }

  /** Keeps the newer of the stored and the given entry (commands on one stream may finish out of order). */
  set(streamId: string, entry: StreamState<State, Event>) {
    const stored = this.entries.get(streamId);
    this.touch(streamId, stored && stored.version > entry.version ? stored : entry);
    if (this.entries.size > this.maxStreams) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(streamId: string) {
    this.entries.delete(streamId);
  }

  private touch(streamId: string, entry: StreamState<State, Event>) {
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
  }
}

/** Reads the stream on from what `known` holds and folds the new events in. */
export async function loadStream<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<unknown, Event, State, unknown>, 'initialState' | 'evolve'>,
  cache?: StreamStateCache<State, Event>,
  known: StreamState<State, Event> | undefined = cache?.get(streamId),
): Promise<StreamState<State, Event>> {
  const recorded = await store.readStream(streamId, (known?.version ?? 0) + 1);
  if (known && recorded.length === 0) return known;
  let { version, state } = known ?? { version: 0, state: decider.initialState };
  const outcomes = new Map(known?.outcomes);
  for (const event of recorded) {
    const domainEvent = toDomainEvent<Event>(event);
    state = decider.evolve(state, domainEvent);
    version = event.version;
    const commandId = event.metadata.commandId;
    if (!commandId) continue;
    const earlier = outcomes.get(commandId);
    outcomes.delete(commandId);
    outcomes.set(commandId, { events: [...(earlier?.events ?? []), domainEvent], position: event.position });
  }
  const loaded = { version, state, outcomes: cache ? trimmed(outcomes) : outcomes };
  cache?.set(streamId, loaded);
  return loaded;
}

/**
 * Folds the stream (or takes its cached state), decides, and appends at the
 * expected version. A command carrying a `commandId` that the stream has
 * already seen returns that earlier outcome, so a retried request, a double
 * click or a second tab writes nothing twice. A cached state is trusted only
 * as far as the append: a refusal decided on it is checked against the stored
 * stream first.
 *
 * Commands on one stream in this process take turns, so they never collide
 * here: each decides on what the one before wrote. A write by another process
 * in between means reading on and deciding again (a command names only what
 * it changes, so deciding again keeps the other write), after a random pause
 * that grows with each conflict in a row.
 */
export async function handleCommand<Command, Event extends DomainEvent, State, Context>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State, Context>,
  command: Command,
  context: Context,
  metadata: EventMetadata,
  cache?: StreamStateCache<State, Event>,
  guard?: Guard<Event>,
): Promise<CommandResult<Event>> {
  const decided = () => decideAndAppend(store, streamId, decider, [{ command, metadata }], context, cache, guard);
  // Within its stream's turn (which keeps the order commands came in), a guarded command takes its guard's: commands on one
  // person's time, whatever their own streams, then never collide on their notes in one process. The guard's turn is always
  // taken last, so no two commands wait for each other.
  const turn = guard?.turn;
  const [outcome] = await inTurn(store, streamId, turn ? () => inTurn(store, turn, decided) : decided);
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
}

/** Events a guard writes on a stream of its own, at the version it decided them on. */
export interface GuardPart {
  streamId: string;
  events: DomainEvent[];
  expected: ExpectedVersion;
}

/**
 * What a command's events must be written with on other streams, decided on
 * those streams as they stand once the command's own events are: a period's
 * lock notes each change of time on its days and refuses it once approved
 * (by throwing). The parts go in one appendMany with the command's events,
 * each at its expected version, so a lock and a change at the same moment
 * cannot both succeed: the one that comes second decides again. A guard may
 * decide on states it keeps, as the command does, until one of its streams
 * refused a write (`fresh`): then it reads them as stored.
 */
export interface Guard<Event extends DomainEvent> {
  (events: readonly Event[], read: { fresh: boolean }): Promise<GuardPart[]>;
  /** Commands whose guards name the same turn take turns in this process (taken within their own streams' turns). */
  turn?: string;
}

/** A command with the metadata its events carry. */
export interface Submission<Command> {
  command: Command;
  metadata: EventMetadata;
}

/**
 * handleCommand for several commands on one stream at once, for a stream many
 * people write at the same moment: each is decided, in order, on the state the
 * ones before it left, and all their events go in one append. Each command is
 * answered on its own: with its outcome (the earlier one for a repeated command
 * id, also within the group), or refused with its error while the others go
 * on. Only a failed append refuses them all.
 */
export function handleCommands<Command, Event extends DomainEvent, State, Context>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State, Context>,
  submissions: readonly Submission<Command>[],
  context: Context,
  cache?: StreamStateCache<State, Event>,
): Promise<PromiseSettledResult<CommandResult<Event>>[]> {
  return inTurn(store, streamId, () => decideAndAppend(store, streamId, decider, submissions, context, cache));
}

/** Per store (one per process), the last command queued on each stream that has one running. */
const streamTurns = new WeakMap<EventStore, Map<string, Promise<unknown>>>();

/** Runs `work` once every command queued before it on the stream has finished, however that ended. */
function inTurn<T>(store: EventStore, streamId: string, work: () => Promise<T>): Promise<T> {
  let turns = streamTurns.get(store);
  if (!turns) streamTurns.set(store, (turns = new Map()));
  const before = turns.get(streamId);
  const mine = before ? before.then(work) : work();
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  turns.set(streamId, settled);
  void settled.then(() => {
    if (turns.get(streamId) === settled) turns.delete(streamId);
  });
  return mine;
}

/**
 * Full jitter: a pause drawn from zero to a ceiling that doubles with each
 * conflict in a row, so writers in several processes that collided spread
 * out instead of colliding again in step.
 */
const retryPause = (conflicts: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (conflicts - 1))));

/** What became of one command of a group, decided on the stream's state. */
type Decision<Event extends DomainEvent> =
  | { kind: 'earlier'; outcome: CommandResult<Event> }
  /** The same command id as an earlier command of the group: its outcome. */
  | { kind: 'twin'; of: number }
  | { kind: 'decided'; events: Event[] }
  | { kind: 'refused'; error: unknown };

/** Decides the commands in order, each on the state the ones before it left. */
function decideInOrder<Command, Event extends DomainEvent, State, Context>(
  decider: Decider<Command, Event, State, Context>,
  submissions: readonly Submission<Command>[],
  current: StreamState<State, Event>,
  context: Context,
): { decisions: Decision<Event>[]; state: State } {
  let state = current.state;
  const firstOfCommand = new Map<string, number>();
  const decisions = submissions.map(({ command, metadata: { commandId } }, index): Decision<Event> => {
    const earlier = commandId ? current.outcomes.get(commandId) : undefined;
    if (earlier) return { kind: 'earlier', outcome: earlier };
    const first = commandId ? firstOfCommand.get(commandId) : undefined;
    if (first !== undefined) return { kind: 'twin', of: first };
    if (commandId) firstOfCommand.set(commandId, index);
    try {
      const events = decider.decide(command, state, context);
      state = events.reduce(decider.evolve, state);
      return { kind: 'decided', events };
    } catch (error) {
      return { kind: 'refused', error };
    }
  });
  return { decisions, state };
}

/** Each command's answer, given what its decided events became once written (`written`, by command index). */
function answers<Event extends DomainEvent>(
  decisions: Decision<Event>[],
  written: (index: number) => CommandResult<Event>,
): PromiseSettledResult<CommandResult<Event>>[] {
  return decisions.map((_, index) => {
    const own = decisions[index];
    const decision = own.kind === 'twin' ? decisions[own.of] : own;
    const at = own.kind === 'twin' ? own.of : index;
    if (decision.kind === 'refused') return { status: 'rejected', reason: decision.error };
    return { status: 'fulfilled', value: decision.kind === 'earlier' ? decision.outcome : written(at) };
  });
}

async function decideAndAppend<Command, Event extends DomainEvent, State, Context>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State, Context>,
  submissions: readonly Submission<Command>[],
  context: Context,
  cache?: StreamStateCache<State, Event>,
  guard?: Guard<Event>,
): Promise<PromiseSettledResult<CommandResult<Event>>[]> {
  // Pages show when a thing happened, which is the decider's clock, not the append's (a back-dated command, a replayed demo).
  const now = clockOf(context);
  const stamped = (metadata: EventMetadata) => (now ? withDecidedAt(metadata, now) : metadata);
  let known = cache?.get(streamId);
  let fresh = false;
  let conflicts = 0;
  /** Set once a guarded stream refused a write: the guard reads its streams as stored. */
  let guardMissed = false;
  const readOn = async () => {
    known = await loadStream(store, streamId, decider, cache, known);
    fresh = true;
    return known;
  };
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const current = known ?? (await readOn());
    const { decisions, state } = decideInOrder(decider, submissions, current, context);
    const unsure = decisions.some((decision) => decision.kind === 'refused' || (decision.kind === 'decided' && decision.events.length === 0));
    if (unsure && !fresh) {
      await readOn();
      continue;
    }
    const writing = decisions.flatMap((decision, index) =>
      decision.kind === 'decided' ? decision.events.map((event, eventIndex) => ({ event, eventIndex, metadata: submissions[index].metadata })) : [],
    );
    if (writing.length === 0) return answers(decisions, () => ({ events: [], position: null }));

    try {
      const own = writing.map(({ event, eventIndex, metadata }) => ({
        eventId: metadata.commandId ? eventIdFor(metadata.commandId, streamId, eventIndex) : randomUUID(),
        type: event.type,
        data: event.data,
        metadata: stamped(metadata),
      }));
      const expected = current.version === 0 ? 'no_stream' : current.version;
      const parts = guard ? await guard(writing.map(({ event }) => event), { fresh: guardMissed }) : [];
      const result =
        parts.length === 0
          ? await store.append(streamId, own, expected)
          : (await store.appendMany([{ streamId, events: own, expected }, ...parts.map((part) => guardAppend(part, stamped(writing[0].metadata)))]))[0];
      if (result.repeated || result.version !== current.version + writing.length) {
        // Written before (a concurrent repeat): answer with what is stored, or,
        // for a repeat older than the outcomes kept, with its position alone.
        const stored = submissions.some(({ metadata }) => metadata.commandId) ? (await readOn()).outcomes : undefined;
        return answers(decisions, (index) => {
          const { commandId } = submissions[index].metadata;
          return (commandId ? stored?.get(commandId) : undefined) ?? { events: [], position: result.position };
        });
      }
      const outcomes = new Map(current.outcomes);
      const written = (index: number) => {
        const { events } = decisions[index] as { events: Event[] };
        return { events, position: events.length > 0 ? result.position : null };
      };
      submissions.forEach(({ metadata: { commandId } }, index) => {
        if (commandId && decisions[index].kind === 'decided') outcomes.set(commandId, written(index));
      });
      cache?.set(streamId, { version: result.version, state, outcomes: trimmed(outcomes) });
      return answers(decisions, written);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt === MAX_ATTEMPTS) throw error;
      // A guarded stream moved meanwhile: the guard decides again on what it holds now.
      if (error.streamId !== streamId) {
        if (guardMissed) await retryPause(++conflicts);
        guardMissed = true;
        continue;
      }
      // A stale cache is no collision: read on at once. After that, another process is writing the stream too.
      if (fresh) await retryPause(++conflicts);
      const before = current.version;
      await readOn();
      // Nothing new, yet the append was refused: some of its event ids are stored already, commands older
      // than the outcomes kept (repeated beside others). Their outcomes come from the whole stream.
      if (known!.version === before) known = { ...known!, outcomes: (await loadStream(store, streamId, decider)).outcomes };
    }
  }
  throw new Error(`Command on ${streamId} gave up after ${MAX_ATTEMPTS} attempts`);
}

/** A guard's part as the store takes it: its event ids follow from the command's, as the command's own do. */
function guardAppend({ streamId, events, expected }: GuardPart, metadata: EventMetadata): StreamAppend {
  return {
    streamId,
    expected,
    events: events.map((event, index) => ({
      eventId: metadata.commandId ? eventIdFor(metadata.commandId, streamId, index) : randomUUID(),
      type: event.type,
      data: event.data,
      metadata,
    })),
  };
}

/** The decider's clock, when its context carries one: every context with a clock names it `now`. */
function clockOf(context: unknown): Date | undefined {
  const now = typeof context === 'object' && context !== null && 'now' in context ? context.now : undefined;
  return now instanceof Date && !Number.isNaN(now.getTime()) ? now : undefined;
}

function trimmed<V>(outcomes: Map<string, V>): Map<string, V> {
  for (const key of outcomes.keys()) {
    if (outcomes.size <= RECENT_COMMANDS) break;
    outcomes.delete(key);
  }
  return outcomes;
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
