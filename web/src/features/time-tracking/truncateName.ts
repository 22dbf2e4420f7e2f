/** Keeps the first `max` characters (less a trailing space) and marks the cut with '…' (top bar: projects 25, tasks 20; core §9). */
export function truncateName(name: string, max: number): string {
  // By code points, so an emoji is never cut in half.
  const characters = Array.from(name);
  return characters.length > max ? `${characters.slice(0, max).join('').trimEnd()}…` : name;
}
