let cached: string[] | null = null;

/** The IANA time zones this browser knows, its own zone always among them. */
export function timeZoneOptions(): string[] {
  if (!cached) {
    const zones = Intl.supportedValuesOf('timeZone');
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    cached = zones.includes(own) ? zones : [own, ...zones].sort();
  }
  return cached;
}
