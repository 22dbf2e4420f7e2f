import { Temporal } from 'temporal-polyfill';
import { hoursAndMinutes } from '../accounting/time.ts';

/**
 * Core §9's time log columns, in order, then the time tracked and idle as
 * time values, which a spreadsheet sums (a SUM of Tracked is the dashboards' time),
 * and the status of the timesheet holding the row's day.
 */
export const TIMELOG_COLUMNS = ['Date', 'Project Name', 'Task Name', 'Task Details', 'Task Hours', 'Task Minutes', 'Idle Minutes', 'Rates($)', 'Total Earnings($)', 'Screen Shot', 'Tracked', 'Idle', 'Timesheet'] as const;

/** Core §9's attendance columns: Date, Status, the time punched and tracked (time values), the timesheet's status, then as many Punch In / Punch Out pairs as the busiest day has (one at least). */
export function attendanceColumns(pairs: number): string[] {
  return ['Date', 'Status', 'Punched', 'Tracked', 'Timesheet', ...Array.from({ length: Math.max(1, pairs) }, () => ['Punch In', 'Punch Out']).flat()];
}

/** Whole minutes as a spreadsheet's time value (a fraction of a day), shown with [h]:mm. */
export const timeValue = (minutes: number) => minutes / 1440;

/** What a spreadsheet program could read as a formula (or a DDE call) when a cell starts with it. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text a person typed, made safe for a spreadsheet: text starting like a
 * formula gets an apostrophe in front, so it stays text when the file is
 * edited or saved as CSV (OWASP's CSV injection advice).
 */
export const neutralised = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * Spreadsheets have no time zones: a cell holds wall time. The Date whose UTC
 * fields are the local date and time of the instant in the zone (exceljs
 * writes a Date's UTC fields).
 */
export function wallTime(instant: string, timeZone: string): Date {
  const local = Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone);
  return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second));
}

/** A local calendar day (YYYY-MM-DD, as the read models keep it) as a date cell; read without Temporal, as a sheet has one per row. */
export function dayCell(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date));
}

/** A time-log row's figures as the time log holds them: its share of its day's minutes and cents. */
export interface TimelogRowFigures {
  trackedMinutes: number;
  idleMinutes: number;
  /** Cents per hour; 0 is none. */
  rateCents: number;
  earningsCents: number;
}

/**
 * What a time-log row shows: its minutes split into Task Hours and Task
 * Minutes (0–59, core §9), idle minutes, the rate and earnings in dollars
 * (blank without a rate), and its time as time values.
 */
export function timelogCells({ trackedMinutes, idleMinutes, rateCents, earningsCents }: TimelogRowFigures) {
  const { hours, minutes } = hoursAndMinutes(trackedMinutes);
  return {
    hours,
    minutes,
    idleMinutes,
    rate: rateCents > 0 ? rateCents / 100 : null,
    earnings: rateCents > 0 ? earningsCents / 100 : null,
    tracked: timeValue(trackedMinutes),
    idle: timeValue(idleMinutes),
  };
}
