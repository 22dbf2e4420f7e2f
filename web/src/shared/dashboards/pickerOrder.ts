interface Person {
  userId: string;
  name: string;
}

/** The member picker's order (core §6): the others by name, oneself last. */
export function pickerOrder<P extends Person>(people: readonly P[], selfId: string): P[] {
  const others = people.filter((person) => person.userId !== selfId).sort((a, b) => a.name.localeCompare(b.name));
  return [...others, ...people.filter((person) => person.userId === selfId)];
}
