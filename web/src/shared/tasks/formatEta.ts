/** An ETA (local date YYYY-MM-DD) as day, month and year in the reader's language; '' for none. */
export function formatEta(eta: string | null, locale?: string): string {
  const match = eta ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(eta) : null;
  if (!match) return eta ?? '';
  // Built from its parts, the date stays the same day in every time zone.
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}
