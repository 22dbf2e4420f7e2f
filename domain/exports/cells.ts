import { Temporal } from 'temporal-polyfill';
import { earningsCents, hoursAndMinutes } from '../dashboards/time-summary.ts';

/** Core §9's time log columns, in order. */
export const TIMELOG_COLUMNS = ['Date', 'Project Name', 'Task Name', 'Task Details', 'Task Hours', 'Task Minutes', 'Idle Minutes', 'Rates($)', 'Total Earnings($)', 'Screen Shot'] as const;

/** Core §9's attendance columns: Date, Status, then as many Punch In / Punch Out pairs as the busiest day has (one at least). */
export function attendanceColumns(pairs: number): string[] {
  return ['Date', 'Status', ...Array.from({ length: Math.max(1, pairs) }, () => ['Punch In', 'Punch Out']).flat()];
}

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

export interface TimelogFigures {
  hours: number;
  /** 0–59: minutes over 59 roll into hours (core §9). */
  minutes: number;
  /** Dollars per hour; null without a rate. */
  rate: number | null;
  /** (hours + minutes/60) × rate, to the cent; null without a rate. */
  earnings: number | null;
}

/**
 * A time-log entry's figures: its time rounded once to whole minutes, split
 * into hours and minutes, and priced at the rate in force at its start by
 * core §9's formula, which lives in one place (earningsCents).
 */
export function timelogFigures(seconds: number, rateCents: number | null): TimelogFigures {
  const ms = Math.round(seconds / 60) * 60_000;
  const { hours, minutes } = hoursAndMinutes(ms);
  if (!rateCents) return { hours, minutes, rate: null, earnings: null };
  return { hours, minutes, rate: rateCents / 100, earnings: earningsCents(ms, rateCents) / 100 };
}

/** The rate in force at `at`: the latest whose effective time is not after it (rates sorted oldest first; 0 means none). */
export function rateAt(rates: readonly { effectiveAt: number; rateCents: number }[], at: number): number | null {
  let found: number | null = null;
  for (const rate of rates) {
    if (rate.effectiveAt > at) break;
    found = rate.rateCents;
  }
  return found || null;
}
