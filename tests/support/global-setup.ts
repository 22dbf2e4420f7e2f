import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureDatabase, startEmbeddedPostgres } from '../../api/database/embedded-postgres.ts';
import { migrateToLatest } from '../../migrations/index.ts';
import { createDatabase, createPool } from '../../projections/database.ts';
import { TEST_WORKERS } from './workers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The maintenance database of each worker's PostgreSQL server, by pool id (VITEST_POOL_ID - 1). */
    postgresUrls: string[];
    /** A database migrated to the latest version, which each test's fresh database copies (test-database.ts). */
    templateDatabase: string;
  }
}

interface RunPostgres {
  postgresUrls: string[];
  templateDatabase: string;
  stop(): Promise<void>;
}

/**
 * The projects that need a database (integration, e2e) each run this global
 * setup, in the one process of the run: they share one server, started by the
 * first and stopped after the last.
 */
const shared = globalThis as { timeledgerTestPostgres?: { started: Promise<RunPostgres>; users: number } };

/** A PostgreSQL server per worker (DATABASE_URL's, or embedded ones: see workers.ts), each with the migrated template database. */
export default async function setup(project: TestProject) {
  shared.timeledgerTestPostgres ??= { started: startRunPostgres(), users: 0 };
  const run = shared.timeledgerTestPostgres;
  run.users += 1;
  const { postgresUrls, templateDatabase } = await run.started;
  project.provide('postgresUrls', postgresUrls);
  project.provide('templateDatabase', templateDatabase);
  return async () => {
    run.users -= 1;
    if (run.users > 0) return;
    delete shared.timeledgerTestPostgres;
    await (await run.started).stop();
  };
}

async function startRunPostgres(): Promise<RunPostgres> {
  // Unique per run: a template left by an earlier run against DATABASE_URL may predate a migration.
  const templateDatabase = `template_${randomBytes(6).toString('hex')}`;
  const servers = await Promise.all(Array.from({ length: TEST_WORKERS }, () => startWorkerPostgres(templateDatabase)));
  return {
    postgresUrls: servers.map((server) => server.postgresUrl),
    templateDatabase,
    stop: async () => void (await Promise.all(servers.map((server) => server.stop()))),
  };
}

async function startWorkerPostgres(templateDatabase: string): Promise<{ postgresUrl: string; stop(): Promise<void> }> {
  const external = process.env.DATABASE_URL;
  const dataDir = external ? null : await mkdtemp(path.join(os.tmpdir(), 'timeledger-test-'));
  const embedded = dataDir ? await startEmbeddedPostgres(dataDir) : null;
  const postgresUrl = external ?? embedded!.url;
  if (embedded) await skipDurability(postgresUrl);
  await migrateTemplate(await ensureDatabase(postgresUrl, templateDatabase));
  return {
    postgresUrl,
    async stop() {
      if (external) await dropDatabase(postgresUrl, templateDatabase);
      await embedded?.stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function migrateTemplate(url: string): Promise<void> {
  const db = createDatabase(createPool(url, 1));
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/** The test cluster lives in a temporary folder for one run: nothing in it has to survive a crash, so it need not wait for the disk. */
async function skipDurability(postgresUrl: string): Promise<void> {
  await withClient(postgresUrl, async (client) => {
    for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes']) await client.query(`ALTER SYSTEM SET ${setting} = off`);
    await client.query('SELECT pg_reload_conf()');
  });
}

async function dropDatabase(postgresUrl: string, name: string): Promise<void> {
  await withClient(postgresUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}"`));
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
