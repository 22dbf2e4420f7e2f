import type { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import { dayCell, neutralised, rateAt, TIMELOG_COLUMNS, timelogFigures } from '../../domain/exports/cells.ts';
import type { MonthRange } from '../../domain/exports/months.ts';
import { sheetNames } from '../../domain/exports/naming.ts';
import type { Database } from '../../projections/database.ts';
import { type ExportPerson, memberRates, type TimelogRow, timelogBatches } from './queries.ts';
import { type CellValue, type Column, streamingWorkbook } from './workbook.ts';

const WIDTHS = [12, 24, 30, 40, 11, 13, 13, 10, 17, 14];
const FORMATS: (string | undefined)[] = ['dd-mm-yyyy', undefined, undefined, undefined, '0', '0', '0', '0.00', '0.00', undefined];

/** Core §9's time log sheet: the columns, their widths and formats. */
export const TIMELOG_SHEET: Column[] = TIMELOG_COLUMNS.map((header, i) => ({ header, width: WIDTHS[i], numFmt: FORMATS[i] }));

/**
 * One time-log entry as a row: the person's local day as a date, the names
 * and details as safe text, the figures as numbers; no screenshots exist yet,
 * so that cell stays empty.
 */
export function timelogRow(entry: TimelogRow, rateCents: number | null): CellValue[] {
  const { hours, minutes, rate, earnings } = timelogFigures(entry.seconds, rateCents);
  return [dayCell(entry.day), neutralised(entry.project_name), neutralised(entry.task_name), neutralised(entry.task_details), hours, minutes, entry.idle_minutes, rate, earnings, null];
}

/** The time log workbook: one sheet per person, in the order given. */
export async function writeTimelogWorkbook(db: Kysely<Database>, sink: Writable, companyId: string, people: readonly ExportPerson[], months: MonthRange) {
  const book = streamingWorkbook(sink);
  const names = sheetNames(people.map((person) => person.name));
  for (const [i, person] of people.entries()) {
    const sheet = book.sheet(names[i], TIMELOG_SHEET);
    const rates = await memberRates(db, companyId, person.userId);
    for await (const rows of timelogBatches(db, companyId, person.userId, months)) {
      for (const row of rows) sheet.add(timelogRow(row, rateAt(rates, row.start_at.getTime())));
      await book.pace();
    }
    sheet.done();
  }
  await book.commit();
}
