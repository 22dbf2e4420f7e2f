import { expect } from 'vitest';
import type { Decider, DomainEvent } from './decider.ts';
import { DomainError } from './errors.ts';

/** Given events, when a command, then events or a refusal. For decider tests. */
export function given<Command, Event extends DomainEvent, State, Context>(
  decider: Decider<Command, Event, State, Context>,
  history: Event[],
) {
  const state = history.reduce(decider.evolve, decider.initialState);
  return {
    when(command: Command, context: Context) {
      const run = () => decider.decide(command, state, context);
      return {
        then(expected: Event[]) {
          expect(run()).toEqual(expected);
        },
        thenRefuses(message: string) {
          let refusal: unknown;
          try {
            run();
          } catch (error) {
            refusal = error;
          }
          expect(refusal).toBeInstanceOf(DomainError);
          expect((refusal as DomainError).message).toBe(message);
        },
        /** The produced events, for checks the exact list cannot express. */
        events: run,
      };
    },
  };
}
