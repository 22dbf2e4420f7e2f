/**
 * The active one of a user's companies or teams: the stored choice while it is
 * still in the list; otherwise the only one; with several and no valid
 * choice, none (the user picks).
 */
export function resolveActive<Item>(items: readonly Item[], storedId: string | null, idOf: (item: Item) => string): Item | null {
  const stored = storedId === null ? undefined : items.find((item) => idOf(item) === storedId);
  if (stored) return stored;
  return items.length === 1 ? items[0] : null;
}
