import type { ErrorLog } from '../../projections/runner.ts';

const WAITING_KEPT = 1_000;

/**
 * Work a request starts but does not wait for, run one task at a time in the
 * order given: the answer then takes the same time whatever the work finds or
 * does. A task that fails is logged with the logger it came with (the
 * request's, so the line carries its id); when too many wait, a new one is
 * dropped and logged.
 */
export function afterAnswerQueue(waitingKept = WAITING_KEPT) {
  let tail: Promise<void> = Promise.resolve();
  let waiting = 0;
  return {
    push(task: () => Promise<void>, log: ErrorLog): void {
      if (waiting >= waitingKept) {
        log.error({ waiting }, 'too much work waiting after answers: a task was dropped');
        return;
      }
      waiting++;
      tail = tail
        .then(task)
        .catch((error: unknown) => log.error({ err: error }, 'work after the answer failed'))
        .finally(() => {
          waiting--;
        });
    },
    /** Resolves once every task pushed so far has run. */
    idle: (): Promise<void> => tail,
  };
}
