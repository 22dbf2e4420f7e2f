// npm run bench [-- section…]   e.g. npm run bench -- timerHttp
// Throughput figures of the event store and projections, each against a raw
// PostgreSQL baseline on the same database. Prints a table; writes bench/results.json.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { createPostgresEventStore } from '../eventstore/postgres.ts';
import { migrateToLatest } from '../migrations/index.ts';
import { createDatabase, createPool } from '../projections/database.ts';
import { agentIngest } from './bench/agent.ts';
import { appends } from './bench/appends.ts';
import { attendance } from './bench/attendance.ts';
import { catchUp } from './bench/catch-up.ts';
import { commentPosting } from './bench/comments.ts';
import { dashboards } from './bench/dashboards.ts';
import { demo } from './bench/demo.ts';
import { timelogExport } from './bench/exports.ts';
import { liveCompany } from './bench/live-company.ts';
import { membersQuery } from './bench/members-query.ts';
import { settings } from './bench/settings.ts';
import { tasksQuery } from './bench/tasks-query.ts';
import { taskCreation } from './bench/task-creation.ts';
import { timerHttp } from './bench/timer-http.ts';
import { timesheets } from './bench/timesheets.ts';
import { workingTime } from './bench/working-time.ts';
import { topology } from './bench/topology.ts';
import type { BenchContext, BenchResult, BenchSection } from './bench/context.ts';
import { printTable, writeResults } from './bench/report.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../api/database/embedded-postgres.ts';

/** Run in this order, on one database. A new section is added here. */
const allSections: BenchSection[] = [appends, catchUp, membersQuery, tasksQuery, timerHttp, taskCreation, commentPosting, liveCompany, dashboards, attendance, timelogExport, agentIngest, settings, timesheets, workingTime, demo];
/** Run only when named: the load test of the split deployment takes about 8 minutes. */
const namedOnly: BenchSection[] = [topology];
const wanted = process.argv.slice(2);
const sections = wanted.length > 0 ? [...allSections, ...namedOnly].filter((section) => wanted.includes(section.name)) : allSections;

const RESULTS_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'bench', 'results.json');
const log = (line: string) => process.stderr.write(`${line}\n`);

const cleanup: (() => Promise<unknown>)[] = [];
try {
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'timeledger-bench-'));
    cleanup.unshift(() => rm(dataDir, { recursive: true, force: true }));
    log('starting embedded PostgreSQL');
    const postgres = await startEmbeddedPostgres(dataDir);
    cleanup.unshift(() => postgres.stop());
    serverUrl = postgres.url;
  }
  const url = await ensureDatabase(serverUrl, `bench_${Date.now()}`);
  const pool = createPool(url, 20);
  const db = createDatabase(pool);
  cleanup.unshift(() => db.destroy());
  await migrateToLatest(db);
  const store = createPostgresEventStore(pool);
  cleanup.unshift(() => store.close());

  const ctx: BenchContext = { url, pool, db, store, log, settle: () => settleDatabase(pool) };
  const results: BenchResult[] = [];
  for (const [index, section] of sections.entries()) {
    if (index > 0) await ctx.settle();
    results.push(...(await section(ctx)));
  }

  const { rows } = await pool.query<{ version: string }>('SELECT version()');
  printTable(results);
  // A partial run does not replace the full report.
  if (sections === allSections) {
    await writeResults(RESULTS_FILE, results, rows[0].version);
    log(`\nwrote ${path.relative(process.cwd(), RESULTS_FILE)}`);
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const step of cleanup) await step().catch((error) => console.error('cleanup failed:', error));
}

/**
 * Each section after the first starts on a settled database: the vacuum and
 * the flush of what the sections before wrote are not timed in the next one.
 * (The first starts on a fresh one; analysing its still empty tables would
 * plan the appends' version lookup as a scan of a table that then grows.)
 */
async function settleDatabase(pool: pg.Pool) {
  await pool.query('VACUUM ANALYZE');
  // Needs a superuser (the embedded database has one); elsewhere it is skipped.
  await pool.query('CHECKPOINT').catch(() => undefined);
}
