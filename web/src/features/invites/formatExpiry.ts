const expiryFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An invite's expiry as the user reads dates. */
export function formatExpiry(expiresAt: string): string {
  return expiryFormat.format(new Date(expiresAt));
}
