import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { writeAttendanceWorkbook } from '../../api/exports/attendance.ts';
import { writeTimelogWorkbook } from '../../api/exports/timelog.ts';
import type { DaySummary } from '../../domain/dashboards/views.ts';
import type { MonthRange } from '../../domain/exports/months.ts';
import type { Actor } from '../../domain/members/authorization.ts';
import { personApplicationDay, teamApplicationDay } from '../../projections/app-usage/queries.ts';
import { attendanceDays, attendanceRecords, workRulesOf } from '../../projections/attendance/queries.ts';
import { dayDetail, individualDashboard, teamDashboard } from '../../projections/dashboards/queries.ts';
import type { Database } from '../../projections/database.ts';
import { performanceDashboard } from '../../projections/monitoring/queries.ts';
import { dayMinutes } from '../../projections/timelog/queries.ts';
import { currentBalances, workingTimeAccounts } from '../../projections/working-time/index.ts';

/** The four figures of time, in order. */
type Figures = { trackedMinutes: number; idleMinutes: number; unproductiveMinutes: number; productiveMinutes: number };
const parts = (f: Figures) => [f.trackedMinutes, f.idleMinutes, f.unproductiveMinutes, f.productiveMinutes];

const dayOfCell = (value: unknown) => (value as Date).toISOString().slice(0, 10);
/** A duration cell in minutes (exceljs reads a number with a time format back as a date from 30 December 1899). */
const minutesIn = (value: unknown) => Math.round((value instanceof Date ? (value.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000 : Number(value ?? 0)) * 1440);

/** A workbook written by the export into memory and read back. */
async function workbookOf(write: (sink: PassThrough) => Promise<void>) {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  await write(sink);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
  return book;
}

/** The months holding a range of days, as the export dialog asks for them. */
function monthsOf(range: { from: string; to: string }): MonthRange {
  const from = range.from.slice(0, 7);
  const to = range.to.slice(0, 7);
  const lastDay = Temporal.PlainYearMonth.from(to).toPlainDate({ day: 1 }).add({ months: 1 }).subtract({ days: 1 }).toString();
  return { from, to, firstDay: `${from}-01`, lastDay };
}

export interface SurfacesCompared {
  /** Each person's days as the individual dashboard shows them. */
  days: Map<string, DaySummary[]>;
  /** Person-days with time, each compared on every surface. */
  checkedDays: number;
  /** What disagreed or did not add up, in words; empty when every surface agrees. */
  disagreements: string[];
}

/**
 * Every surface that shows a figure of time or money, read for the same
 * people and days: the individual and team dashboards, the day dialog, the
 * attendance calendar, Time & Attendance, both spreadsheets, the performance
 * and application dashboards, the working-time accounts and their team list
 * (worked time, idle counted). Per person-day and per range, each must show
 * the dashboard's minutes and cents, parts must add up to their totals and
 * shares to 100; every difference is told.
 */
export async function compareSurfaces(
  db: Kysely<Database>,
  company: { companyId: string; timeZone: string },
  people: readonly { userId: string; name: string }[],
  range: { from: string; to: string },
  now: Date,
): Promise<SurfacesCompared> {
  const { companyId } = company;
  const disagreements: string[] = [];
  const same = (what: string, shown: unknown, expected: unknown) => {
    if (JSON.stringify(shown) !== JSON.stringify(expected)) disagreements.push(`${what}: ${JSON.stringify(shown)} where the dashboard shows ${JSON.stringify(expected)}`);
  };
  const addsUp = (what: string, figures: Figures & { shares?: { idle: number; unproductive: number; productive: number } }) => {
    if (figures.idleMinutes + figures.unproductiveMinutes + figures.productiveMinutes !== figures.trackedMinutes || Math.min(...parts(figures)) < 0) {
      disagreements.push(`${what}: the parts ${JSON.stringify(parts(figures))} do not add up`);
    }
    const { shares } = figures;
    if (shares && Math.round((shares.idle + shares.unproductive + shares.productive) * 10) !== (figures.trackedMinutes > 0 ? 1000 : 0)) {
      disagreements.push(`${what}: the shares ${JSON.stringify(shares)} do not add up to 100`);
    }
  };

  const rules = await workRulesOf(db, companyId);
  const admin: Actor = { kind: 'member', userId: randomUUID(), companyId, role: 'Admin', managedTeams: new Set() };
  const months = monthsOf(range);
  const userIds = people.map((p) => p.userId);
  const [team, performance, timelogBook, attendanceBook, records, accounts, balances, byDay] = await Promise.all([
    teamDashboard(db, companyId, range, { teams: null, team: null, seesAdmins: true, today: range.to }),
    performanceDashboard(db, { companyId, today: range.to, rules }, range, { teams: null, team: null, viewer: admin }),
    workbookOf((sink) => writeTimelogWorkbook(db, sink, companyId, people, months, 'http://localhost', { approvedOnly: false })),
    workbookOf((sink) => writeAttendanceWorkbook(db, sink, company, people, months, now, { approvedOnly: false })),
    attendanceRecords(db, companyId, userIds, { search: '', day: null, page: 1, pageSize: 100_000 }, now),
    workingTimeAccounts(db, company, userIds, range.to),
    currentBalances(db, company, userIds, range.to, () => null),
    dayMinutes(db, companyId, userIds, range),
  ]);

  const days = new Map<string, DaySummary[]>();
  const everyone = { tracked: 0, idle: 0, unproductive: 0, productive: 0 };
  let checkedDays = 0;
  for (const [index, person] of people.entries()) {
    const [individual, calendar] = await Promise.all([
      individualDashboard(db, { ...company, today: range.to }, person, range),
      attendanceDays(db, company, person.userId, { from: months.firstDay, to: months.lastDay }, rules, now),
    ]);
    days.set(person.userId, individual.days);
    const sheetDays = new Map<string, { tracked: number; hoursAndMinutes: number; idle: number; cents: number }>();
    timelogBook.worksheets[index].eachRow((row, number) => {
      if (number === 1) return;
      const values = row.values as unknown[];
      const sum = sheetDays.get(dayOfCell(values[1])) ?? { tracked: 0, hoursAndMinutes: 0, idle: 0, cents: 0 };
      sum.tracked += minutesIn(values[11]);
      sum.hoursAndMinutes += Number(values[5]) * 60 + Number(values[6]);
      sum.idle += Number(values[7]);
      sum.cents += Math.round(Number(values[9] ?? 0) * 100);
      sheetDays.set(dayOfCell(values[1]), sum);
    });
    const attendanceSheet = new Map<string, number>();
    attendanceBook.worksheets[index].eachRow((row, number) => {
      if (number > 1) attendanceSheet.set(dayOfCell((row.values as unknown[])[1]), minutesIn((row.values as unknown[])[4]));
    });
    const calendarDays = new Map(calendar.days.map((day) => [day.day, day]));
    const account = accounts.find((entry) => entry.userId === person.userId);
    const accountDays = new Map(account?.days.map((day) => [day.day, day]));
    const balance = balances.find((entry) => entry.userId === person.userId);
    const thisMonth = account?.days.filter((day) => day.day.slice(0, 7) === range.to.slice(0, 7)) ?? [];
    same(`${person.name}'s balance in the team list`, balance && [balance.balanceMinutes, balance.monthWorkedMinutes], [account?.days.at(-1)?.balanceMinutes, thisMonth.reduce((total, day) => total + day.workedMinutes, 0)]);

    const worked = individual.days.filter((day) => {
      addsUp(`The dashboard for ${person.name} on ${day.day}`, day);
      return day.trackedMinutes > 0;
    });
    checkedDays += worked.length;
    // The pages of each day, read together.
    const pages = await Promise.all(
      worked.map((day) =>
        Promise.all([
          dayDetail(db, companyId, person.userId, day.day),
          personApplicationDay(db, company, person, day.day),
          teamApplicationDay(db, company, day.day, { teams: null, team: null, seesAdmins: true }),
        ]),
      ),
    );
    for (const [i, day] of worked.entries()) {
      const at = `${person.name} on ${day.day}`;
      const shown = parts(day);
      const [detail, own, all] = pages[i];
      same(`The day dialog for ${at}`, [...parts(detail.totals), detail.totals.earningsCents], [...shown, day.earningsCents]);
      const rows = detail.entries.reduce((sum, e) => [sum[0] + e.trackedMinutes, sum[1] + e.idleMinutes, sum[2] + e.earningsCents], [0, 0, 0]);
      same(`The day dialog's rows for ${at}`, rows, [day.trackedMinutes, day.idleMinutes, day.earningsCents]);
      const onCalendar = calendarDays.get(day.day);
      same(`The calendar for ${at}`, onCalendar && [onCalendar.trackedMinutes, onCalendar.idleMinutes, onCalendar.activeMinutes], [day.trackedMinutes, day.idleMinutes, day.trackedMinutes - day.idleMinutes]);
      const inSheet = sheetDays.get(day.day);
      same(`The time log sheet for ${at}`, inSheet && [inSheet.tracked, inSheet.hoursAndMinutes, inSheet.idle, inSheet.cents], [day.trackedMinutes, day.trackedMinutes, day.idleMinutes, day.earningsCents]);
      same(`The attendance sheet for ${at}`, attendanceSheet.get(day.day), day.trackedMinutes);
      same(`The working-time account for ${at}`, accountDays.get(day.day)?.workedMinutes, day.trackedMinutes);
      const read = byDay.find((entry) => entry.userId === person.userId && entry.day === day.day);
      same(`The working-time day minutes for ${at}`, read && [read.trackedMinutes, read.idleMinutes], [day.trackedMinutes, day.idleMinutes]);
      const record = records.rows.find((row) => row.userId === person.userId && row.day === day.day);
      same(`Time & Attendance for ${at}`, record && [record.trackedMinutes, record.activeMinutes], [day.trackedMinutes, day.trackedMinutes - day.idleMinutes]);
      same(`The application dashboard for ${at}`, parts(own.totals), shown);
      const inTeam = all.people.find((p) => p.userId === person.userId);
      same(`The company's application dashboard for ${at}`, inTeam && parts(inTeam), shown);
    }
    const sum = (pick: (day: DaySummary) => number) => individual.days.reduce((total, day) => total + pick(day), 0);
    const ofDays = [sum((d) => d.trackedMinutes), sum((d) => d.idleMinutes), sum((d) => d.unproductiveMinutes), sum((d) => d.productiveMinutes)];
    same(`${person.name}'s range on their dashboard`, [...parts(individual.totals), individual.totals.earningsCents], [...ofDays, sum((d) => d.earningsCents)]);
    addsUp(`${person.name}'s range`, individual.totals);
    const onPerformance = performance.people.find((p) => p.userId === person.userId);
    same(`${person.name}'s range on the performance dashboard`, onPerformance && parts(onPerformance), ofDays);
    everyone.tracked += ofDays[0];
    everyone.idle += ofDays[1];
    everyone.unproductive += ofDays[2];
    everyone.productive += ofDays[3];
  }
  const all = [everyone.tracked, everyone.idle, everyone.unproductive, everyone.productive];
  same("The company's range on the team dashboard", parts(team.totals), all);
  same("The company's range on the performance dashboard", parts(performance.totals), all);
  same("The team dashboard's weekday trend", team.trend.reduce((total, weekday) => total + weekday.trackedMinutes, 0), everyone.tracked);
  if (team.topProjects.length < 50) same("The team dashboard's projects", team.topProjects.reduce((total, project) => total + project.trackedMinutes, 0), everyone.tracked);
  addsUp('The team dashboard', team.totals);
  return { days, checkedDays, disagreements };
}
