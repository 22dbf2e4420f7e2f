import type { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import { neutralised } from '../../domain/exports/cells.ts';
import type { MonthRange } from '../../domain/exports/months.ts';
import { monthOf, type PeriodBalance, periodBalances } from '../../domain/working-time/balance.ts';
import type { Database } from '../../projections/database.ts';
import { workingTimeAccounts } from '../../projections/working-time/index.ts';
import type { ExportPerson } from './queries.ts';
import { type CellValue, type Column, streamingWorkbook } from './workbook.ts';

/** The working-time sheet: a row per person and month, in the figures of /working-time (whole minutes as time values; a balance may be negative). */
export const WORKING_TIME_SHEET: Column[] = [
  { header: 'Name', width: 24 },
  { header: 'Month', width: 10 },
  { header: 'Target', width: 10, numFmt: '[h]:mm' },
  { header: 'Worked', width: 10, numFmt: '[h]:mm' },
  { header: 'Difference', width: 12, numFmt: '[h]:mm;-[h]:mm' },
  { header: 'Corrections and payouts', width: 14, numFmt: '[h]:mm;-[h]:mm' },
  { header: 'Expired', width: 10, numFmt: '[h]:mm' },
  { header: 'Over the cap', width: 12, numFmt: '[h]:mm' },
  { header: 'Balance', width: 12, numFmt: '[h]:mm;-[h]:mm' },
];

const time = (minutes: number) => minutes / 1440;

/** One person's month as cells: its figures summed from its days, and the balance at its end (or at today, in this month). */
export function workingTimeRow(name: string, month: PeriodBalance): CellValue[] {
  return [
    neutralised(name),
    monthOf(month.from),
    time(month.targetMinutes),
    time(month.workedMinutes),
    time(month.differenceMinutes),
    time(month.adjustedMinutes),
    time(month.expiredMinutes),
    time(month.forfeitedMinutes),
    time(month.closingMinutes),
  ];
}

/** The working-time workbook: one 'Working time' sheet, a row per person and month of the range they were in the company, up to `today`. */
export async function writeWorkingTimeWorkbook(
  db: Kysely<Database>,
  sink: Writable,
  company: { companyId: string; timeZone: string },
  people: readonly ExportPerson[],
  months: MonthRange,
  today: string,
) {
  const book = streamingWorkbook(sink);
  const sheet = book.sheet('Working time', WORKING_TIME_SHEET);
  const through = months.lastDay < today ? months.lastDay : today;
  const accounts = new Map((await workingTimeAccounts(db, company, people.map((person) => person.userId), through)).map((account) => [account.userId, account]));
  for (const person of people) {
    const account = accounts.get(person.userId);
    if (!account) continue;
    for (const month of periodBalances(account.days, monthOf)) if (month.from >= months.firstDay) sheet.add(workingTimeRow(person.name, month));
    await book.pace();
  }
  sheet.done();
  await book.commit();
}
