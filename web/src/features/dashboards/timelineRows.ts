import { Temporal } from 'temporal-polyfill';

const DAY_MINUTES = 24 * 60;

/** A time-log entry of the timeline, with the minutes the API gave it. */
export interface TimelineEntry {
  start: string;
  end: string;
  trackedMinutes: number;
  projectName: string;
  taskName: string;
}

/** One work bar of the timeline, within one day of the viewed person's zone: its entry, or the part of it on that day. */
export interface TimelineBar {
  /** Minutes after that day's midnight on the wall clock, 0 to 1440. */
  startMinute: number;
  endMinute: number;
  /** What the bar's tooltip tells: the whole entry. */
  entry: TimelineEntry;
}

export interface TimelineRow {
  day: string;
  bars: TimelineBar[];
}

const wallMinutes = (time: Temporal.ZonedDateTime) => time.hour * 60 + time.minute + time.second / 60;

/**
 * The weekly timeline (core §2): a row for each day shown, holding the work
 * of that day on a 24-hour scale in `timeZone`. An entry crossing midnight in
 * that zone (tracked in another zone, say) is drawn as a bar on each day;
 * work outside the days shown is left out.
 */
export function timelineRows(days: readonly string[], entries: readonly TimelineEntry[], timeZone: string): TimelineRow[] {
  const rows = new Map(days.map((day) => [day, [] as TimelineBar[]]));
  for (const entry of entries) {
    const end = Temporal.Instant.from(entry.end).toZonedDateTimeISO(timeZone);
    let from = Temporal.Instant.from(entry.start).toZonedDateTimeISO(timeZone);
    while (Temporal.ZonedDateTime.compare(from, end) < 0) {
      const midnight = from.toPlainDate().add({ days: 1 }).toZonedDateTime({ timeZone });
      const to = Temporal.ZonedDateTime.compare(end, midnight) < 0 ? end : midnight;
      const startMinute = wallMinutes(from);
      rows.get(from.toPlainDate().toString())?.push({
        startMinute,
        // A wall clock set back for the night can read earlier at the end than at the start.
        endMinute: to === midnight ? DAY_MINUTES : Math.max(startMinute, wallMinutes(to)),
        entry,
      });
      from = to;
    }
  }
  return days.map((day) => ({ day, bars: rows.get(day)!.sort((a, b) => a.startMinute - b.startMinute) }));
}
