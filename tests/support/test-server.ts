import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { type BillingConfig, configFromEnv, type FileStorageKind, type TrustProxy } from '../../api/config.ts';
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
 */
export async function startTestServer(
  overrides: { authRateLimit?: number; invitesPerHour?: number; screenshotsPerHour?: number; screenshotStoragePerCompanyMb?: number; invitesPerPersonPerHour?: number; companiesPerDay?: number; mailsPerAddressPerDay?: number; databaseUrl?: string; runProjections?: boolean; jwtSecret?: string; trustProxy?: TrustProxy; fileStorage?: FileStorageKind; logger?: Logger; now?: () => Date; billing?: Partial<BillingConfig> } = {},
): Promise<TestServer> {
  const [mailbox, databaseUrl, dataDir] = await Promise.all([
    startMailbox(),
    overrides.databaseUrl ?? createMigratedDatabase('app'),
    mkdtemp(path.join(os.tmpdir(), 'timeledger-app-')),
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
      billing: { ...configFromEnv({}).billing, ...overrides.billing },
    },
    overrides.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    { now: overrides.now },
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

