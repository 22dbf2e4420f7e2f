import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { type Selectable, sql } from 'kysely';
import { Temporal } from 'temporal-polyfill';
import { screenshotsLink, TIMELOG_SHEET, timelogRow } from '../../api/exports/timelog.ts';
import { type CellValue, cellStyles } from '../../api/exports/workbook.ts';
import type { RunningServer } from '../../api/server.ts';
import { accountDay } from '../../domain/accounting/day-account.ts';
import { rateAt } from '../../domain/accounting/pieces.ts';
import { sheetNames } from '../../domain/exports/naming.ts';
import type { TimelogEntriesTable } from '../../projections/database.ts';
import { type BenchContext, type BenchResult, result } from './context.ts';
import { inProcessProduct } from './product.ts';

const PEOPLE = 100;
const ENTRIES_PER_DAY = 3;
/** Twelve months, every Monday to Friday. */
const MONTHS = { from: '2025-11', to: '2026-10' };
const TIME_ZONE = 'Asia/Kolkata';
/** This machine's speed varies: the median of three runs counts (after one warm-up run, not counted). */
const RUNS = 3;
const SECTION = 'timelog export';
const MB = 1024 * 1024;

interface Person {
  userId: string;
  name: string;
  rates: { effectiveAt: number; rateCents: number }[];
}

/**
 * The time log export of a team of 100 people over 12 months (about 75,000
 * rows) over HTTP: how long the download takes and how much the server's
 * resident memory grows meanwhile (sampled with process.memoryUsage().rss),
 * beside exceljs alone streaming the same rows (made beforehand) into a
 * stream that drops them.
 * The server runs in this process, so its memory is the one sampled, on a
 * database of its own (its projections then start with nothing to catch up);
 * the company's admin signs up over HTTP, and the people, rates and
 * time-log entries are written straight into the read models, as this
 * section measures the export only.
 */
export async function timelogExport(ctx: BenchContext): Promise<BenchResult[]> {
  const { url, server, admin, stop } = await inProcessProduct(ctx, { email: 'exports-admin@bench.test', fullName: 'Export Admin', companyName: 'Exports bench' });
  try {
    const days = weekdays();
    const rows = PEOPLE * days.length * ENTRIES_PER_DAY;
    ctx.log(`timelog export: writing ${rows} time-log entries of ${PEOPLE} people over 12 months to the read models`);
    const { teamId, people } = await seedTeam(server, admin.companyId, days);
    const query = new URLSearchParams({ ...MONTHS, teamId });
    const exportUrl = `${url}/api/companies/${admin.companyId}/exports/timelog?${query}`;

    ctx.log(`timelog export: ${RUNS} downloads over HTTP and ${RUNS} bare exceljs writes of the same rows, in turn (one warm-up of each first)`);
    const names = sheetNames(people.map((person) => person.name));
    const sheets = sheetRows(people, days);
    await download(exportUrl, admin.cookie);
    await bareWrite(names, sheets);
    const exportRuns: Measured[] = [];
    const bareRuns: Measured[] = [];
    for (let run = 0; run < RUNS; run++) {
      exportRuns.push(await download(exportUrl, admin.cookie));
      bareRuns.push(await bareWrite(names, sheets));
    }
    const exported = median(exportRuns);
    const bare = median(bareRuns);
    const rssGrowth = Math.max(...exportRuns.map((run) => run.rssGrowthMb));
    const bareRssGrowth = Math.max(...bareRuns.map((run) => run.rssGrowthMb));
    const runs = (list: Measured[]) => list.map((run) => run.seconds.toFixed(2)).join(', ');
    return [
      result({
        section: SECTION,
        measure: `bare exceljs streaming write of the same ${rows} rows to a null stream`,
        value: bare.seconds,
        unit: 's',
        note: `runs ${runs(bareRuns)} s; RSS grew ${bareRssGrowth.toFixed(0)} MB at most`,
      }),
      result({
        section: SECTION,
        measure: `timelog export over HTTP, ${PEOPLE} people × 12 months, ${rows} rows`,
        value: exported.seconds,
        unit: 's',
        baseline: bare.seconds,
        target: { max: 3 },
        note: `median of ${RUNS} (${runs(exportRuns)} s); ${(exported.bytes / MB).toFixed(1)} MB file, one sheet per person`,
      }),
      result({
        section: SECTION,
        measure: 'server RSS growth during the export, largest of the runs',
        value: rssGrowth,
        unit: 'MB',
        baseline: bareRssGrowth,
        target: { max: 150 },
        note: `baseline: the bare exceljs write's growth`,
      }),
    ];
  } finally {
    await stop();
  }
}

interface Measured {
  seconds: number;
  rssGrowthMb: number;
  bytes: number;
}

const median = (runs: Measured[]) => [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)];

/** Times `work` and samples the process's resident memory while it runs; `work` may sample more often through its argument. */
async function measured(work: (sample: () => void) => Promise<number>): Promise<Measured> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, 5);
  const started = performance.now();
  try {
    const bytes = await work(sample);
    sample();
    return { seconds: (performance.now() - started) / 1000, rssGrowthMb: (peak - before) / MB, bytes };
  } finally {
    clearInterval(timer);
  }
}

/** The export as a browser downloads it, reading the body as it comes. */
function download(exportUrl: string, cookie: string): Promise<Measured> {
  return measured(async (sample) => {
    const response = await fetch(exportUrl, { headers: { cookie } });
    if (!response.ok || !response.body) throw new Error(`export failed: ${response.status} ${await response.text()}`);
    const reader = response.body.getReader();
    let bytes = 0;
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      bytes += read.value.byteLength;
      sample();
    }
    return bytes;
  });
}

/** The cell values of every sheet, made before the bare write is timed. */
function sheetRows(people: Person[], days: string[]): CellValue[][][] {
  return people.map((person, i) =>
    [...personEntries(person, i, days)].map((entry) => timelogRow(entry, 0, (day) => screenshotsLink('http://localhost', person.userId, day), 'Open')),
  );
}

/** exceljs alone: the same sheets, columns, formats (styled as the export styles them) and cell values, streamed into a stream that drops them. */
function bareWrite(names: string[], sheets: CellValue[][][]): Promise<Measured> {
  return measured(async (sample) => {
    let bytes = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    });
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
    const styles = cellStyles(TIMELOG_SHEET);
    for (const [i, rows] of sheets.entries()) {
      const sheet = book.addWorksheet(names[i]);
      sheet.columns = TIMELOG_SHEET.map((column) => ({ width: column.width }));
      sheet.addRow(TIMELOG_SHEET.map((column) => column.header)).commit();
      for (const values of rows) {
        const row = sheet.addRow(values);
        row.eachCell((cell, column) => {
          cell.style = styles[column - 1];
        });
        row.commit();
      }
      sheet.commit();
      sample();
    }
    await book.commit();
    return bytes;
  });
}

/** Monday to Friday of the twelve months. */
function weekdays(): string[] {
  const days: string[] = [];
  const last = Temporal.PlainYearMonth.from(MONTHS.to).toPlainDate({ day: 1 }).add({ months: 1 });
  for (let day = Temporal.PlainYearMonth.from(MONTHS.from).toPlainDate({ day: 1 }); Temporal.PlainDate.compare(day, last) < 0; day = day.add({ days: 1 })) {
    if (day.dayOfWeek <= 5) days.push(day.toString());
  }
  return days;
}

const DETAILS = ['Reviewed the release checklist and fixed two failing steps', '', '=SUM(A1:A9) pasted from a sheet', 'Call with the client about the next milestone'];

/** A person's time-log rows in order of day and start: three sessions a day from 9:00, 12:30 and 16:00 local time, two to three hours each, with the figures the time log gives them. */
function* personEntries(person: Person, index: number, days: string[]): Generator<Selectable<TimelogEntriesTable>> {
  for (const day of days) {
    const sessions = Array.from({ length: ENTRIES_PER_DAY }, (_, n) => {
      const start = Temporal.PlainDateTime.from(`${day}T${['09:00', '12:30', '16:00'][n]}`).toZonedDateTime(TIME_ZONE).toInstant().epochMilliseconds;
      const ms = ((120 + ((index + n * 37) % 60)) * 60 + ((index * 7 + n) % 60)) * 1000;
      return { n, start, ms, idleMs: ((index + n * 7) % 15) * 60_000 + 30_000, rateCents: rateAt(person.rates, start) };
    });
    const figures = accountDay(sessions.map((s) => ({ teamId: '', trackedMs: s.ms, idleMs: s.idleMs, rateCents: s.rateCents })));
    for (const { n, start, ms, idleMs, rateCents } of sessions) {
      yield {
        session_id: randomUUID(),
        split_index: 0,
        rate_part: 0,
        total_splits: 1,
        company_id: '',
        user_id: person.userId,
        team_id: '',
        day,
        start_at: new Date(start),
        end_at: new Date(start + ms),
        tracked_ms: String(ms),
        idle_ms: String(idleMs),
        tracked_minutes: figures[n].trackedMinutes,
        idle_minutes: figures[n].idleMinutes,
        rate_cents: rateCents,
        earnings_cents: String(figures[n].earningsCents),
        project_id: randomUUID(),
        project_name: `Project ${(index + n) % 20}`,
        task_id: `PR-${(index * 3 + n) % 500}`,
        task_name: `Task ${(index * 3 + n) % 500} of the quarterly plan`,
        task_details: DETAILS[(index + n) % DETAILS.length],
        time_zone: TIME_ZONE,
        source: 'web',
        abandoned: false,
      };
    }
  }
}

/** A team of 100 Members with two rates each (a raise half-way) and their time-log entries, straight into the read models. */
async function seedTeam(server: RunningServer, companyId: string, days: string[]) {
  const { db } = server;
  const now = new Date();
  const teamId = randomUUID();
  const raise = Date.parse(`${days[Math.floor(days.length / 2)]}T00:00:00Z`);
  const people: Person[] = Array.from({ length: PEOPLE }, (_, i) => ({
    userId: randomUUID(),
    name: `Person ${String(i).padStart(3, '0')} of the exports bench team`,
    rates: [
      { effectiveAt: Date.parse(`${days[0]}T00:00:00Z`) - 86_400_000, rateCents: 3000 + i * 25 },
      { effectiveAt: raise, rateCents: 4500 + i * 25 },
    ],
  }));
  await db.insertInto('teams').values({ team_id: teamId, company_id: companyId, name: 'Exports bench team', deleted: false, created_at: now }).execute();
  await db
    .insertInto('company_members')
    .values(
      people.map((p, i) => ({
        company_id: companyId,
        user_id: p.userId,
        name: p.name,
        email: `person${i}@exports.bench.test`,
        is_admin: false,
        access_level: 'Member',
        hourly_rate: p.rates[1].rateCents / 100,
        deleted: false,
        deleted_at: null,
        joined_at: now,
      })),
    )
    .execute();
  await db.insertInto('team_members').values(people.map((p) => ({ team_id: teamId, user_id: p.userId, company_id: companyId, role: 'Member' }))).execute();
  await db
    .insertInto('member_rates')
    .values(people.flatMap((p) => p.rates.map((rate) => ({ company_id: companyId, user_id: p.userId, effective_at: new Date(rate.effectiveAt), rate_cents: rate.rateCents }))))
    .execute();
  for (const [i, person] of people.entries()) {
    const entries = [...personEntries(person, i, days)].map((entry) => ({
      ...entry,
      company_id: companyId,
      team_id: teamId,
      tracked_ms: Number(entry.tracked_ms),
      idle_ms: Number(entry.idle_ms),
      earnings_cents: Number(entry.earnings_cents),
    }));
    for (let start = 0; start < entries.length; start += 1_000) await db.insertInto('timelog_entries').values(entries.slice(start, start + 1_000)).execute();
  }
  await sql`VACUUM ANALYZE`.execute(db);
  return { teamId, people };
}
