import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { type BillingConfig, configFromEnv, type FileStorageKind, type S3Settings, type TrustProxy } from '../../api/config.ts';
import { type RunningServer, startServer } from '../../api/server.ts';
import { freePort } from '../../api/database/free-port.ts';
import { type Mailbox, startMailbox } from './mailbox.ts';
import { createMigratedDatabase } from './test-database.ts';

export interface TestServer extends RunningServer {
  mailbox: Mailbox;
  databaseUrl: string;
  /** Where the server keeps its files (uploads under files/). */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The whole product (API, projections, WebSocket, built web app) on a fresh
 * database of the test run's PostgreSQL, mailing to a real SMTP server.
 * `dataDirIn`: the folder its data folder is made in (the system's temporary
 * one). `projectionThread`: run the projections on their thread as the
 * product does (the browser files' shared server, the thread's own tests);
 * else on this one, which has their modules loaded already.
 */
export async function startTestServer(
  overrides: { authRateLimit?: number; invitesPerHour?: number; screenshotsPerHour?: number; screenshotStoragePerCompanyMb?: number; invitesPerPersonPerHour?: number; companiesPerDay?: number; mailsPerAddressPerDay?: number; databaseUrl?: string; runProjections?: boolean; jwtSecret?: string; trustProxy?: TrustProxy; fileStorage?: FileStorageKind; s3?: S3Settings; logger?: Logger; now?: () => Date; billing?: Partial<BillingConfig>; dataDirIn?: string; projectionThread?: boolean } = {},
): Promise<TestServer> {
  const [mailbox, databaseUrl, dataDir] = await Promise.all([
    startMailbox(),
    overrides.databaseUrl ?? createMigratedDatabase('app'),
    mkdtemp(path.join(overrides.dataDirIn ?? os.tmpdir(), 'timeledger-app-')),
  ]);
  const port = await freePort();
  const server = await startServer(
    {
      ...configFromEnv({}),
      port,
      host: '127.0.0.1',
      dataDir,
      databaseUrl,
      smtpUrl: mailbox.url,
      publicUrl: `http://127.0.0.1:${port}`,
      authRateLimit: overrides.authRateLimit ?? 1000,
      // High, so that tests of other things never meet the limits; their own tests set them low.
      invitesPerHour: overrides.invitesPerHour ?? 1000,
      screenshotsPerHour: overrides.screenshotsPerHour ?? 1000,
      screenshotStoragePerCompanyMb: overrides.screenshotStoragePerCompanyMb ?? configFromEnv({}).screenshotStoragePerCompanyMb,
      invitesPerPersonPerHour: overrides.invitesPerPersonPerHour ?? 1000,
      companiesPerDay: overrides.companiesPerDay ?? 1000,
      mailsPerAddressPerDay: overrides.mailsPerAddressPerDay ?? 1000,
      runProjections: overrides.runProjections ?? true,
      jwtSecret: overrides.jwtSecret,
      trustProxy: overrides.trustProxy ?? false,
      fileStorage: overrides.fileStorage ?? 'folder',
      s3: overrides.s3,
      billing: { ...configFromEnv({}).billing, ...overrides.billing },
    },
    overrides.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    { now: overrides.now, projectionsInProcess: !overrides.projectionThread },
  );
  return {
    ...server,
    mailbox,
    databaseUrl,
    dataDir,
    async close() {
      await server.close();
      await mailbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The clock of the worker's shared server (sharedTestServer): null is the real time. */
let sharedClock: (() => Date) | null = null;
let sharedServer: Promise<TestServer> | undefined;

/**
 * The test server of this worker with the default configuration. The browser
 * project runs its files one after another in each worker, without isolating
 * them (vitest.config.ts), so they share it rather than each paying for a
 * server and its projection thread (the larger part of a browser file's setup):
 * each file keeps to companies and users of its own. A file may move the
 * clock (setSharedServerClock) and gives the real time back after it. The
 * server goes away with the worker; its data folder lies in the run's folder
 * `dataDirIn` (tests/e2e/support/global-setup.ts), removed after the run.
 */
export function sharedTestServer(dataDirIn: string): Promise<TestServer> {
  sharedServer ??= startTestServer({ now: () => sharedClock?.() ?? new Date(), dataDirIn, projectionThread: true }).catch((error: unknown) => {
    sharedServer = undefined;
    throw error;
  });
  return sharedServer;
}

/** Sets the clock of the worker's shared server: a function of the time it answers, or null for the real time. */
export function setSharedServerClock(now: (() => Date) | null): void {
  sharedClock = now;
}
