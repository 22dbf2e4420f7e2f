/** The browser's IANA time zone, sent with start and punch so days split at the user's midnight. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
