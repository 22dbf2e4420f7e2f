import { randomUUID } from 'node:crypto';
import { type TaskNumberEvent, taskNumbersStream } from '../../domain/tasks/events.ts';
import { type TakeTaskNumber, taskNumbers, type TaskNumbersState } from '../../domain/tasks/task.ts';
import { eventIdFor, toDomainEvent } from '../../eventstore/command-handler.ts';
import { type EventMetadata, type EventStore, WrongExpectedVersionError } from '../../eventstore/types.ts';

const MAX_ATTEMPTS = 10;
/** Number streams whose state this process keeps; the least recently used idle one goes first. */
const MAX_STREAMS = 1_000;

/** A number stream as far as this process has read it. */
interface Numbers {
  version: number;
  state: TaskNumbersState;
  /** Command id → the number that command took, for the whole stream: a retried request gets its number again. */
  takenBy: Map<string, number>;
}

interface NumberRequest {
  command: TakeTaskNumber;
  metadata: EventMetadata;
  resolve(number: number): void;
  reject(error: unknown): void;
}

/** The requests of one stream: while one group is being taken, the next waits. */
interface Queue {
  known?: Numbers;
  /** The stored stream may hold more than `known` (another process wrote it, or an append's outcome is unknown). */
  stale: boolean;
  waiting: NumberRequest[];
  taking: boolean;
}

/**
 * Hands out task numbers per company and prefix. Requests that arrive while
 * numbers of that stream are being taken wait and are then taken together:
 * one append holding one TaskNumberTaken per request. So people creating tasks
 * in one project at the same moment never race each other for the stream's
 * next version. Only another API process writing the same stream makes an
 * append fail; then the stream is read on and the numbers decided again.
 *
 * A number taken for a task that was never written is skipped, never reused.
 * A request repeating a command id gets the number that command took before.
 */
export function createTaskNumberAllocator(store: EventStore) {
  const queues = new Map<string, Queue>();

  function queueOf(streamId: string): Queue {
    const queue = queues.get(streamId) ?? { stale: false, waiting: [], taking: false };
    queues.delete(streamId);
    queues.set(streamId, queue);
    for (const [id, idle] of queues) {
      if (queues.size <= MAX_STREAMS) break;
      if (!idle.taking && idle.waiting.length === 0) queues.delete(id);
    }
    return queue;
  }

  async function readOn(streamId: string, known: Numbers | undefined): Promise<Numbers> {
    const recorded = await store.readStream(streamId, (known?.version ?? 0) + 1);
    const numbers = known ?? { version: 0, state: taskNumbers.initialState, takenBy: new Map() };
    for (const event of recorded) {
      const taken = toDomainEvent<TaskNumberEvent>(event);
      numbers.state = taskNumbers.evolve(numbers.state, taken);
      numbers.version = event.version;
      if (event.metadata.commandId) numbers.takenBy.set(event.metadata.commandId, taken.data.number);
    }
    return numbers;
  }

  async function drain(streamId: string, queue: Queue) {
    if (queue.taking) return;
    queue.taking = true;
    try {
      while (queue.waiting.length > 0) await takeTogether(streamId, queue, queue.waiting.splice(0));
    } finally {
      queue.taking = false;
    }
  }

  /** Answers every request of the group: with its number, or with why none was taken. */
  async function takeTogether(streamId: string, queue: Queue, group: NumberRequest[]) {
    let failure: unknown = new Error(`Taking numbers on ${streamId} gave up after ${MAX_ATTEMPTS} attempts`);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      try {
        if (!queue.known || queue.stale) {
          queue.known = await readOn(streamId, queue.known);
          queue.stale = false;
        }
        if (await appendNumbers(streamId, queue.known, group)) return;
        queue.stale = true;
      } catch (error) {
        // Whatever failed, the stream may have changed: read it on before the next group.
        queue.stale = true;
        failure = error;
        if (!(error instanceof WrongExpectedVersionError)) break;
        // A short random pause keeps two processes writing this stream from colliding again in step.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
    }
    for (const request of group) request.reject(failure);
  }

  /**
   * Decides a number for each request whose command has none yet, appends
   * them in one go at the known version, then answers the whole group. False,
   * with no answer given, when the store already held them (another process
   * wrote them): read on and try again.
   */
  async function appendNumbers(streamId: string, known: Numbers, group: NumberRequest[]): Promise<boolean> {
    let state = known.state;
    // Requests of one command (a double click) share its one number.
    const taking = new Map<string, { event: TaskNumberEvent; requests: NumberRequest[] }>();
    const answers: [NumberRequest, number][] = [];
    const refusals: [NumberRequest, unknown][] = [];
    for (const request of group) {
      const commandId = request.metadata.commandId;
      const earlier = commandId === undefined ? undefined : known.takenBy.get(commandId);
      const twin = commandId === undefined ? undefined : taking.get(commandId);
      if (earlier !== undefined) answers.push([request, earlier]);
      else if (twin) twin.requests.push(request);
      else {
        try {
          const [event] = taskNumbers.decide(request.command, state, {});
          state = taskNumbers.evolve(state, event);
          taking.set(commandId ?? randomUUID(), { event, requests: [request] });
        } catch (error) {
          refusals.push([request, error]);
        }
      }
    }

    const entries = [...taking.values()];
    if (entries.length > 0) {
      const result = await store.append(
        streamId,
        entries.map(({ event, requests: [{ metadata }] }) => ({
          eventId: metadata.commandId ? eventIdFor(metadata.commandId, streamId, 0) : randomUUID(),
          type: event.type,
          data: event.data,
          metadata,
        })),
        known.version === 0 ? 'no_stream' : known.version,
      );
      if (result.repeated || result.version !== known.version + entries.length) return false;
      known.version = result.version;
      known.state = state;
    }
    for (const { event, requests } of entries) {
      const commandId = requests[0].metadata.commandId;
      if (commandId) known.takenBy.set(commandId, event.data.number);
      for (const request of requests) answers.push([request, event.data.number]);
    }
    for (const [request, number] of answers) request.resolve(number);
    for (const [request, error] of refusals) request.reject(error);
    return true;
  }

  return {
    /** The number this command takes (or took, when it is a repeat). */
    take(command: TakeTaskNumber, metadata: EventMetadata): Promise<number> {
      const streamId = taskNumbersStream(command.companyId, command.prefix);
      const queue = queueOf(streamId);
      return new Promise<number>((resolve, reject) => {
        queue.waiting.push({ command, metadata, resolve, reject });
        void drain(streamId, queue);
      });
    },
  };
}
