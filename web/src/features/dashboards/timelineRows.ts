import { Temporal } from 'temporal-polyfill';

const DAY_MINUTES = 24 * 60;

/** One work bar of the timeline, within one day of the viewed person's zone. */
export interface TimelineBar {
  /** Minutes after that day's midnight on the wall clock, 0 to 1440. */
  startMinute: number;
  endMinute: number;
  /** The instants the bar spans. */
  start: string;
  end: string;
  durationMs: number;
  projectName: string;
  taskName: string;
}

export interface TimelineRow {
  day: string;
  bars: TimelineBar[];
}

interface WorkSpan {
  start: string;
  end: string;
  projectName: string;
  taskName: string;
}

const wallMinutes = (time: Temporal.ZonedDateTime) => time.hour * 60 + time.minute + time.second / 60;

/**
 * The weekly timeline (core §2): a row for each day shown, holding the work
 * of that day on a 24-hour scale in `timeZone`. A span crossing midnight in
 * that zone (tracked in another zone, say) is cut at midnight; work outside
 * the days shown is left out.
 */
export function timelineRows(days: readonly string[], spans: readonly WorkSpan[], timeZone: string): TimelineRow[] {
  const rows = new Map(days.map((day) => [day, [] as TimelineBar[]]));
  for (const span of spans) {
    const end = Temporal.Instant.from(span.end).toZonedDateTimeISO(timeZone);
    let from = Temporal.Instant.from(span.start).toZonedDateTimeISO(timeZone);
    while (Temporal.ZonedDateTime.compare(from, end) < 0) {
      const midnight = from.toPlainDate().add({ days: 1 }).toZonedDateTime({ timeZone });
      const to = Temporal.ZonedDateTime.compare(end, midnight) < 0 ? end : midnight;
      const startMinute = wallMinutes(from);
      rows.get(from.toPlainDate().toString())?.push({
        startMinute,
        // A wall clock set back for the night can read earlier at the end than at the start.
        endMinute: to === midnight ? DAY_MINUTES : Math.max(startMinute, wallMinutes(to)),
        start: from.toInstant().toString(),
        end: to.toInstant().toString(),
        durationMs: to.epochMilliseconds - from.epochMilliseconds,
        projectName: span.projectName,
        taskName: span.taskName,
      });
      from = to;
    }
  }
  return days.map((day) => ({ day, bars: rows.get(day)!.sort((a, b) => a.startMinute - b.startMinute) }));
}
