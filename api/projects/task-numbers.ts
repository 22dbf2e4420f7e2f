import { type TaskNumberEvent, taskNumbersStream } from '../../domain/tasks/events.ts';
import { type TakeTaskNumber, taskNumbers, type TaskNumbersState } from '../../domain/tasks/task.ts';
import { handleCommands, StreamStateCache, type Submission } from '../../eventstore/command-handler.ts';
import type { EventMetadata, EventStore } from '../../eventstore/types.ts';

/** Number streams whose state this process keeps; the least recently used goes first. */
const MAX_STREAMS = 1_000;

interface NumberRequest extends Submission<TakeTaskNumber> {
  resolve(number: number): void;
  reject(error: unknown): void;
}

/**
 * Hands out task numbers per company and prefix, through the number stream's
 * decider. Requests that arrive while numbers of that stream are being taken
 * wait and are then taken together (handleCommands): one append holding one
 * TaskNumberTaken per request. So people creating tasks in one project at the
 * same moment never race each other for the stream's next version, and wait
 * for one append, not for one each. Only another API process writing the same
 * stream makes an append fail; then the stream is read on and the numbers
 * decided again.
 *
 * A number taken for a task that was never written is skipped, never reused.
 * A request repeating a command id gets the number that command took before.
 */
export function createTaskNumberAllocator(store: EventStore) {
  const cache = new StreamStateCache<TaskNumbersState, TaskNumberEvent>(MAX_STREAMS);
  /** Per stream being taken from, the requests waiting for the next group. */
  const waiting = new Map<string, NumberRequest[]>();

  async function takeTogether(streamId: string) {
    for (let group = waiting.get(streamId); group?.length; group = waiting.get(streamId)) {
      waiting.set(streamId, []);
      try {
        const outcomes = await handleCommands(store, streamId, taskNumbers, group, {}, cache);
        await Promise.all(
          group.map(async (request, index) => {
            const outcome = outcomes[index];
            if (outcome.status === 'rejected') request.reject(outcome.reason);
            else request.resolve(outcome.value.events[0]?.data.number ?? (await numberTakenBefore(streamId, request.metadata)));
          }),
        );
      } catch (error) {
        for (const request of group) request.reject(error);
      }
    }
    waiting.delete(streamId);
  }

  /** The number a repeated command took, when it is older than the outcomes the cache keeps. */
  async function numberTakenBefore(streamId: string, { commandId }: EventMetadata): Promise<number> {
    const taken = (await store.readStream(streamId)).find((event) => event.metadata.commandId === commandId);
    if (!taken) throw new Error(`No number of ${streamId} was taken by command ${commandId}`);
    return (taken.data as TaskNumberEvent['data']).number;
  }

  return {
    /** The number this command takes (or took, when it is a repeat). */
    take(command: TakeTaskNumber, metadata: EventMetadata): Promise<number> {
      const streamId = taskNumbersStream(command.companyId, command.prefix);
      return new Promise<number>((resolve, reject) => {
        const group = waiting.get(streamId);
        if (group) group.push({ command, metadata, resolve, reject });
        else {
          waiting.set(streamId, [{ command, metadata, resolve, reject }]);
          void takeTogether(streamId);
        }
      });
    },
  };
}
