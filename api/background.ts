import { openEventStore } from '../eventstore/open.ts';
import type { EventStore } from '../eventstore/types.ts';
import { createDatabase, createPool } from '../projections/database.ts';
import { ProjectionRunner } from '../projections/runner.ts';
import type { WorkLog } from '../projections/worker.ts';
import type { Config } from './config.ts';
import { mailLinkKey } from './identity/tokens.ts';
import { createMailer } from './mail/mailer.ts';
import { mailReactor } from './mail/outbox.ts';
import { startMailSender } from './mail/sender.ts';
import { loadJwtSecret } from './secrets.ts';
import { startSweeps } from './sweeps.ts';

/** What the background work needs of the configuration: plain values, so that they can go to the projection thread. */
export type BackgroundSettings = Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'dataDir' | 'fileStorage' | 's3'> & {
  /** The key mailed links are derived from (api/identity/tokens.ts). */
  linkKey: string;
  /** BILLING=off: no company is ever locked for its subscription. */
  billingOff: boolean;
};

export async function backgroundSettings(config: Config): Promise<BackgroundSettings> {
  const { smtpUrl, mailFrom, publicUrl, dataDir, fileStorage, s3 } = config;
  const linkKey = mailLinkKey(await loadJwtSecret(config.jwtSecret, config.dataDir));
  return { smtpUrl, mailFrom, publicUrl, dataDir, fileStorage, s3, linkKey, billingOff: config.billing.off };
}

export interface BackgroundWork {
  /** Lets the work under way finish, closes the connections. */
  stop(): Promise<void>;
}

/**
 * The work that runs wherever the projections run (the API's projection
 * thread, or scripts/worker.ts), on connections of its own:
 * - the sweeps (sweeps.ts), in exactly one process at a time;
 * - the mail reactor (mail/outbox.ts), which follows the log with its own
 *   checkpoint and queues the mails events ask for;
 * - the mail sender (mail/sender.ts), which delivers them; any number of
 *   processes may run one.
 */
export async function startBackgroundWork(options: {
  databaseUrl: string;
  kurrentDbUrl?: string;
  log: WorkLog;
  settings: BackgroundSettings;
  /** Tests only: the sweeps' interval and clock. */
  sweepIntervalMs?: number;
  now?: () => Date;
}): Promise<BackgroundWork> {
  const { settings, log } = options;
  const sweeps = await startSweeps({ ...options, intervalMs: options.sweepIntervalMs, files: settings, billingOff: settings.billingOff });
  const pool = createPool(options.databaseUrl, 3);
  const db = createDatabase(pool);
  let store: EventStore | null = null;
  let reactors: ProjectionRunner | null = null;
  try {
    store = await openEventStore(options, pool);
    reactors = new ProjectionRunner(db, store, [mailReactor], log);
    await reactors.catchUp();
    reactors.start();
    const sender = await startMailSender({
      databaseUrl: options.databaseUrl,
      db,
      mailer: createMailer({ smtpUrl: settings.smtpUrl, from: settings.mailFrom, dataDir: settings.dataDir, log }),
      linkKey: settings.linkKey,
      publicUrl: settings.publicUrl,
      log,
    });
    const [runner, opened] = [reactors, store];
    return {
      async stop() {
        await sender.stop();
        await runner.stop();
        await sweeps.stop();
        await opened.close();
        await db.destroy();
      },
    };
  } catch (error) {
    await reactors?.stop();
    await sweeps.stop();
    await store?.close();
    await db.destroy();
    throw error;
  }
}
