import { allowances } from './limits/allowances.ts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pino, { type Logger } from 'pino';
import { openEventStore } from '../eventstore/open.ts';
import type { EventStore } from '../eventstore/types.ts';
import { migrateToLatest } from '../migrations/index.ts';
import { createDatabase, createPool, type Database } from '../projections/database.ts';
import { projections } from '../projections/index.ts';
import { startProjectionsInProcess, startProjectionThread } from '../projections/thread.ts';
import { ensureDatabase, type RunningPostgres, startEmbeddedPostgres } from './database/embedded-postgres.ts';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { createBillingService } from './billing/service.ts';
import { createIdentityService } from './identity/service.ts';
import { createLeaveService } from './leave/service.ts';
import { createMonitoringService } from './monitoring/service.ts';
import { createSettingsService } from './settings/service.ts';
import { createRegularizationService } from './regularization/service.ts';
import { LiveHub } from './live/hub.ts';
import { createOrganisationService } from './organisation/service.ts';
import { createProjectsService } from './projects/service.ts';
import { createAppUsageService } from './app-usage/service.ts';
import { createScreenshotsService } from './screenshots/service.ts';
import { screenshotStorage } from './screenshots/storage-quota.ts';
import { fileStorageFor } from './storage/storage.ts';
import { createTimeTrackingService, TIMER_TASK_TABLES } from './time-tracking/service.ts';
import { createPeriodLocks } from './timesheets/locks.ts';
import { createTimesheetsService } from './timesheets/service.ts';
import { createWorkingTimeService } from './working-time/service.ts';
import { ReadModelCache } from './live/read-model-cache.ts';
import { ReadModelWatcher } from './live/read-model-watcher.ts';
import { MEMBERSHIP_TABLES } from './access/membership.ts';
import { type BackgroundSettings, backgroundSettings } from './background.ts';
import { loadJwtSecret } from './secrets.ts';

/** Run on the projection thread: wherever the projections run, so do the sweeps and the mail reactor. */
const BACKGROUND = new URL('./background.ts', import.meta.url).href;

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  db: Kysely<Database>;
  store: EventStore;
  watcher: ReadModelWatcher;
  /** What the background work runs with: a separate worker (scripts/worker.ts) must be given the same. */
  background: BackgroundSettings;
  /** Stops taking requests, lets workers finish their batch, closes everything. */
  close(): Promise<void>;
}

/** The database the product runs on: DATABASE_URL's, or an embedded one in DATA_DIR. */
export async function openDatabase(config: Config, log: Logger): Promise<{ url: string; embedded: RunningPostgres | null }> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: null };
  const embedded = await startEmbeddedPostgres(config.dataDir, (line) => log.debug({ postgres: line.trim() }));
  return { url: await ensureDatabase(embedded.url, 'timeledger'), embedded };
}

/**
 * `now`: the server's clock, which stamps every start, stop, punch and
 * organisation change (tests move it on rather than wait).
 * `projectionsInProcess`: tests only (projections/thread.ts).
 */
export async function startServer(
  config: Config,
  logger: Logger = pino({ level: config.logLevel }),
  { now = () => new Date(), projectionsInProcess = false }: { now?: () => Date; projectionsInProcess?: boolean } = {},
): Promise<RunningServer> {
  let ready = false;
  const { url: databaseUrl, embedded } = await openDatabase(config, logger);
  const pool = createPool(databaseUrl, 20);
  const db = createDatabase(pool);
  await migrateToLatest(db);
  const store = await openEventStore(config, pool);

  const settings = await backgroundSettings(config);
  const watcher = new ReadModelWatcher(pool, db, projections);
  const hub = new LiveHub();
  watcher.onScopesChanged((scopes) => hub.publish(scopes));
  await watcher.start();

  const projectionThread = config.runProjections
    ? await (projectionsInProcess ? startProjectionsInProcess : startProjectionThread)({
        databaseUrl,
        kurrentDbUrl: config.kurrentDbUrl,
        background: { module: BACKGROUND, settings },
        store,
        log: logger,
        onProgress: (change) => watcher.observeProgress(change),
      })
    : null;

  const limits = allowances(db, now);
  const identity = createIdentityService({ store, db, linkKey: settings.linkKey, now });
  const billing = createBillingService({ store, db, config: config.billing, publicUrl: config.publicUrl, now, logger });
  const { invitesPerHour, invitesPerPersonPerHour, companiesPerDay, mailsPerAddressPerDay } = config;
  const organisation = createOrganisationService({ store, db, linkKey: settings.linkKey, allowances: limits, invitesPerHour, invitesPerPersonPerHour, companiesPerDay, mailsPerAddressPerDay, seatPlan: billing.seatPlan, now });
  const storage = fileStorageFor(config, db);
  const projectsService = createProjectsService({ store, db, storage });
  const locks = createPeriodLocks({ store, now });
  const timeTracking = createTimeTrackingService({ store, db, tasks: new ReadModelCache(watcher, TIMER_TASK_TABLES), now, locks });
  const timesheets = createTimesheetsService({ store, db, watcher, readTracker: timeTracking.readTracker, locks, now });
  const screenshots = createScreenshotsService({
    store,
    db,
    storage,
    quota: screenshotStorage(db, config.screenshotStoragePerCompanyMb),
    allowances: limits,
    uploadsPerHour: config.screenshotsPerHour,
    timeTracking,
    now,
    locks,
  });
  const appUsage = createAppUsageService({ store, timeTracking, now, locks });
  const leave = createLeaveService({ store, db, now });
  const regularizations = createRegularizationService({ store, db, now, locks });
  const settingsService = createSettingsService({ store, now });
  const monitoring = createMonitoringService({ store, db, now, allowances: limits, mailsPerAddressPerDay: config.mailsPerAddressPerDay });
  const app = await buildApp({
    context: { config, now, db, store, allowances: limits, identity, organisation, projects: projectsService, timeTracking, screenshots, appUsage, billing, leave, regularizations, settings: settingsService, monitoring, timesheets, workingTime: createWorkingTimeService({ store, db, now }), watcher, hub, memberships: new ReadModelCache(watcher, MEMBERSHIP_TABLES) },
    jwtSecret: await loadJwtSecret(config.jwtSecret, config.dataDir),
    logger,
    isReady: () => ready,
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  ready = true;

  return {
    url: `http://127.0.0.1:${port}`,
    app,
    db,
    store,
    watcher,
    background: settings,
    async close() {
      ready = false;
      await app.close();
      await projectionThread?.stop();
      await watcher.stop();
      await store.close();
      await db.destroy();
      await embedded?.stop();
    },
  };
}
