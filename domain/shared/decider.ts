/** An event as the domain sees it: a type tag and its data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * One aggregate: fold its events into state, decide a command against that
 * state. Pure: time, ids and looked-up facts arrive in `context`.
 */
export interface Decider<Command, Event extends DomainEvent, State, Context> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State, context: Context): Event[];
}

export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State, unknown>, 'initialState' | 'evolve'>,
  events: Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState);
}
