import { allowances } from './limits/allowances.ts';
import pg from 'pg';
import { ABANDON_AFTER_MS } from '../domain/time-tracking/tracker.ts';
import { openEventStore } from '../eventstore/open.ts';
import { createDatabase, createPool } from '../projections/database.ts';
import type { ErrorLog } from '../projections/runner.ts';
import { signInFailures } from './identity/sign-in-failures.ts';
import { reassignOrphanedRequests } from './requests/reassign.ts';
import { endAbandonedSessions } from './time-tracking/abandoned-sessions.ts';
import { sendTimesheetReminders } from './timesheets/reminders.ts';
import { expireScreenshots, removeUnrecordedUploads } from './screenshots/retention.ts';
import { uploadReservations } from './screenshots/storage-quota.ts';
import type { Config } from './config.ts';
import { fileStorageFor } from './storage/storage.ts';

export const SWEEP_INTERVAL_MS = 60_000;
/** The advisory lock of the process that sweeps; a number of its own among the product's locks. */
const SWEEP_LOCK = 7_410_265_301;

export interface Sweeps {
  /** Whether this process holds the lock, and so is the one that sweeps. */
  sweeping(): boolean;
  /** Lets a sweep under way finish, lets the lock go, closes the connections. */
  stop(): Promise<void>;
}

/**
 * The sweeps that end sessions whose heartbeats stopped, forget old sign-in
 * failures, move leave and regularization requests whose assignee left,
 * queue the timesheet reminders that fell due and remove screenshots past
 * their company's retention (and crashed uploads), every interval, wherever
 * the projections run. Exactly one process sweeps: the one holding a
 * PostgreSQL advisory lock on a connection kept for that. The others try for
 * the lock every interval, so one of them takes over within an interval when
 * the holder stops or loses its connection.
 */
export async function startSweeps(options: {
  databaseUrl: string;
  kurrentDbUrl?: string;
  log: ErrorLog;
  /** Where uploaded files are (FILE_STORAGE): screenshots past their company's retention are removed from it. */
  files?: Pick<Config, 'fileStorage' | 'dataDir' | 's3'>;
  intervalMs?: number;
  now?: () => Date;
  /** BILLING=off: no company is locked for its subscription, so every one is reminded of its timesheets. */
  billingOff?: boolean;
}): Promise<Sweeps> {
  const intervalMs = options.intervalMs ?? SWEEP_INTERVAL_MS;
  const now = options.now ?? (() => new Date());
  const pool = createPool(options.databaseUrl, 2);
  const db = createDatabase(pool);
  const store = await openEventStore(options, pool);
  const files = options.files ? fileStorageFor(options.files, db) : null;
  const failures = signInFailures(db);
  const limits = allowances(db, now);
  let lock: pg.Client | null = null;
  let held = false;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const dropLock = (client: pg.Client) => {
    if (lock !== client) return;
    lock = null;
    held = false;
    return client.end().catch(() => undefined);
  };

  async function takeLock() {
    if (!lock) {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      // A lost connection loses the lock with it: try for it again next time.
      client.on('error', (error) => {
        options.log.error({ err: error }, 'sweep lock connection lost');
        void dropLock(client);
      });
      lock = client;
      await client.connect();
    }
    const { rows } = await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [SWEEP_LOCK]);
    held = rows[0].locked;
  }

  async function sweep() {
    try {
      if (!held) await takeLock();
    } catch (error) {
      options.log.error({ err: error }, 'sweep lock not taken');
      if (lock) await dropLock(lock);
      return;
    }
    if (!held) return;
    const at = now();
    await endAbandonedSessions({ store, db, now: at }, new Date(at.getTime() - ABANDON_AFTER_MS)).catch((error) =>
      options.log.error({ err: error }, 'abandoned-session sweep failed'),
    );
    await failures.forgetStale().catch((error) => options.log.error({ err: error }, 'sign-in failure sweep failed'));
    await limits.forgetFull().catch((error) => options.log.error({ err: error }, 'allowance sweep failed'));
    await reassignOrphanedRequests({ store, db, now: at }).catch((error) => options.log.error({ err: error }, 'request reassignment sweep failed'));
    await sendTimesheetReminders({ store, db, now: at, billingOff: options.billingOff ?? false }).catch((error) => options.log.error({ err: error }, 'timesheet reminder sweep failed'));
    if (files) {
      const screenshotFiles = { store, db, storage: files, quota: uploadReservations(db), now: at };
      await expireScreenshots(screenshotFiles).catch((error) => options.log.error({ err: error }, 'screenshot retention sweep failed'));
      await removeUnrecordedUploads(screenshotFiles).catch((error) => options.log.error({ err: error }, 'unrecorded screenshot upload sweep failed'));
    }
  }

  const next = () => {
    running = sweep().finally(() => {
      if (!stopping) timer = setTimeout(next, intervalMs);
    });
  };
  next();
  await running;

  return {
    sweeping: () => held,
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      await running;
      // The lock goes with its connection.
      if (lock) await dropLock(lock);
      await store.close();
      await db.destroy();
    },
  };
}
