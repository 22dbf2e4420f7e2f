import type { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import { dayCell, neutralised, TIMELOG_COLUMNS, timelogCells } from '../../domain/exports/cells.ts';
import type { MonthRange } from '../../domain/exports/months.ts';
import { sheetNames } from '../../domain/exports/naming.ts';
import type { Database } from '../../projections/database.ts';
import type { TimesheetStatus } from '../../domain/timesheets/timesheet.ts';
import { type ExportPerson, screenshotCounter, type TimelogRow, timelogBatches, timesheetStatuses } from './queries.ts';
import { type CellValue, type Column, streamingWorkbook } from './workbook.ts';

const WIDTHS = [12, 24, 30, 40, 11, 13, 13, 10, 17, 16, 10, 10, 12];
const FORMATS: (string | undefined)[] = ['dd-mm-yyyy', undefined, undefined, undefined, '0', '0', '0', '0.00', '0.00', undefined, '[h]:mm', '[h]:mm', undefined];

/** Core §9's time log sheet: the columns, their widths and formats. */
export const TIMELOG_SHEET: Column[] = TIMELOG_COLUMNS.map((header, i) => ({ header, width: WIDTHS[i], numFmt: FORMATS[i] }));

/** Where a person's screenshots of a day are seen: their dashboard on that day, with the gallery open. */
export const screenshotsLink = (publicUrl: string, userId: string, day: string) =>
  `${publicUrl}/dashboard-individual?${new URLSearchParams({ user: userId, from: day, to: day, screenshots: day })}`;

/**
 * One time-log row as cells: the person's local day as a date, the names and
 * details as safe text, the figures the time log holds as numbers (so they
 * add up to the dashboards' in any spreadsheet), and the screenshots taken
 * in it as a link to them, and the status of the timesheet holding its day.
 */
export function timelogRow(row: TimelogRow, screenshots: number, link: (day: string) => string, timesheet: TimesheetStatus): CellValue[] {
  const cells = timelogCells({ trackedMinutes: row.tracked_minutes, idleMinutes: row.idle_minutes, rateCents: row.rate_cents, earningsCents: Number(row.earnings_cents) });
  const shots = screenshots > 0 ? { text: `${screenshots} screenshot${screenshots === 1 ? '' : 's'}`, hyperlink: link(row.day) } : null;
  return [
    dayCell(row.day),
    neutralised(row.project_name),
    neutralised(row.task_name),
    neutralised(row.task_details),
    cells.hours,
    cells.minutes,
    cells.idleMinutes,
    cells.rate,
    cells.earnings,
    shots,
    cells.tracked,
    cells.idle,
    timesheet,
  ];
}

/** The time log workbook: one sheet per person, in the order given; with `approvedOnly`, only the rows of approved timesheets. */
export async function writeTimelogWorkbook(
  db: Kysely<Database>,
  sink: Writable,
  companyId: string,
  people: readonly ExportPerson[],
  months: MonthRange,
  publicUrl: string,
  { approvedOnly }: { approvedOnly: boolean },
) {
  const book = streamingWorkbook(sink);
  const names = sheetNames(people.map((person) => person.name));
  for (const [i, person] of people.entries()) {
    const sheet = book.sheet(names[i], TIMELOG_SHEET);
    const link = (day: string) => screenshotsLink(publicUrl, person.userId, day);
    const [screenshotsIn, statusOf] = await Promise.all([screenshotCounter(db, companyId, person.userId, months), timesheetStatuses(db, companyId, person.userId, months)]);
    for await (const rows of timelogBatches(db, companyId, person.userId, months)) {
      for (const row of rows) {
        const status = statusOf(row.day);
        if (!approvedOnly || status === 'Approved') sheet.add(timelogRow(row, screenshotsIn(row), link, status));
      }
      await book.pace();
    }
    sheet.done();
  }
  await book.commit();
}
