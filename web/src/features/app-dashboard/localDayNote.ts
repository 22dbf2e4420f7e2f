import { currentTimeZoneName } from '../../shared/company/timeZoneOptions';

/**
 * What the subtitle adds when the day shown is not the viewer's own calendar
 * day: the zone of the people shown, when it is not the viewer's; with people
 * in several zones, that each row is its person's own day. Null when all are
 * in the viewer's zone.
 */
export function localDayNote(zones: readonly string[], viewerZone: string): string | null {
  const others = [...new Set(zones.map(currentTimeZoneName))];
  const viewer = currentTimeZoneName(viewerZone);
  if (others.every((zone) => zone === viewer)) return null;
  return others.length === 1 ? `local day in ${others[0]}` : 'each person’s local day';
}
