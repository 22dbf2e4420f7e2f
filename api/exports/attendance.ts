import type { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { AttendanceDay } from '../../domain/attendance/views.ts';
import { DAY_STATUS_LABELS } from '../../domain/attendance/day-status.ts';
import { attendanceColumns, dayCell, timeValue, wallTime } from '../../domain/exports/cells.ts';
import type { MonthRange } from '../../domain/exports/months.ts';
import { sheetNames } from '../../domain/exports/naming.ts';
import { attendanceDays, workRulesOf } from '../../projections/attendance/queries.ts';
import type { Database } from '../../projections/database.ts';
import type { TimesheetStatus } from '../../domain/timesheets/timesheet.ts';
import { type ExportPerson, timesheetStatuses } from './queries.ts';
import { type CellValue, type Column, streamingWorkbook } from './workbook.ts';

/** Core §9's attendance sheet for days whose busiest has `pairs` punch pairs. */
export function attendanceSheet(pairs: number): Column[] {
  const formats = ['dd-mm-yyyy', undefined, '[h]:mm', '[h]:mm', undefined];
  return attendanceColumns(pairs).map((header, i) => ({ header, width: i === 1 ? 14 : 12, numFmt: i < formats.length ? formats[i] : 'hh:mm' }));
}

/**
 * One day as a row: the day as a date, its status, the time punched and
 * tracked as time values (the calendar's figures), the status of the
 * timesheet holding the day, then each punch in and
 * out as the wall time of the day's zone (`timeZone`: the person's, for a day
 * without punches). A future day's status and times, and a missing punch out, stay empty.
 */
export function attendanceRow(day: AttendanceDay, timeZone: string, timesheet: TimesheetStatus): CellValue[] {
  const zone = day.timeZone ?? timeZone;
  const future = day.status === 'future';
  return [
    dayCell(day.day),
    DAY_STATUS_LABELS[day.status],
    future ? null : timeValue(day.punchedMinutes),
    future ? null : timeValue(day.trackedMinutes),
    future ? null : timesheet,
    ...day.pairs.flatMap((pair) => [wallTime(pair.in, zone), pair.out ? wallTime(pair.out, zone) : null]),
  ];
}

/** The attendance workbook: one sheet per person, in the order given, a row for every day of the months (with `approvedOnly`, of approved timesheets). */
export async function writeAttendanceWorkbook(
  db: Kysely<Database>,
  sink: Writable,
  company: { companyId: string; timeZone: string },
  people: readonly ExportPerson[],
  months: MonthRange,
  now: Date,
  { approvedOnly }: { approvedOnly: boolean },
) {
  const book = streamingWorkbook(sink);
  const names = sheetNames(people.map((person) => person.name));
  const rules = await workRulesOf(db, company.companyId);
  for (const [i, person] of people.entries()) {
    const [{ timeZone, days: all }, statusOf] = await Promise.all([
      attendanceDays(db, company, person.userId, { from: months.firstDay, to: months.lastDay }, rules, now),
      timesheetStatuses(db, company.companyId, person.userId, months),
    ]);
    const days = approvedOnly ? all.filter((day) => statusOf(day.day) === 'Approved') : all;
    const sheet = book.sheet(names[i], attendanceSheet(Math.max(0, ...days.map((day) => day.pairs.length))));
    for (const day of days) sheet.add(attendanceRow(day, timeZone, statusOf(day.day)));
    sheet.done();
    await book.pace();
  }
  await book.commit();
}
