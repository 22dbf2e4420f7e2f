let cached: string[] | null = null;

/**
 * Older names some browsers still list for zones that were renamed: people
 * look for the current name (Asia/Kolkata, the product's fallback zone, is
 * listed by Chromium only as Asia/Calcutta).
 */
const CURRENT_NAMES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Godthab': 'America/Nuuk',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Enderbury': 'Pacific/Kanton',
};

export const currentTimeZoneName = (zone: string) => CURRENT_NAMES[zone] ?? zone;

/** The browser's own zone, by its current name: sent with timer starts and punches so days split at the user's midnight. */
export const browserTimeZone = () => currentTimeZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone);

/** The IANA time zones this browser knows, by their current names, its own zone always among them. */
export function timeZoneOptions(): string[] {
  if (!cached) {
    const zones = new Set([...Intl.supportedValuesOf('timeZone').map(currentTimeZoneName), browserTimeZone()]);
    cached = [...zones].sort();
  }
  return cached;
}
