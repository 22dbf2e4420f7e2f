import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

const withPassword = (url: string, password: string) => Object.assign(new URL(url), { password }).toString();

/** Runs one statement on the server; the error code when the server refuses. */
async function run(url: string, sql = 'SELECT 1'): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query(sql);
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('the embedded database password', { timeout: 120_000 }, () => {
  let dataDir: string;
  let passwordFile: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'timeledger-password-'));
    passwordFile = path.join(dataDir, 'postgres-password');
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('is random, made on first start, kept in DATA_DIR for its owner only, and used again later', async () => {
    const first = await startEmbeddedPostgres(dataDir);
    const password = (await readFile(passwordFile, 'utf8')).trim();
    try {
      expect(password).toMatch(/^[\w-]{32}$/);
      expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
      expect(new URL(first.url).password).toBe(password);
      expect(await run(first.url)).toBe('ok');
      expect(await run(withPassword(first.url, 'timeledger'))).toBe('28P01');
      // A command run beside the app finds the running server and the same password.
      const beside = await startEmbeddedPostgres(dataDir);
      expect(beside.url).toBe(first.url);
      await beside.stop();
      expect(await run(first.url)).toBe('ok');
    } finally {
      await first.stop();
    }

    const again = await startEmbeddedPostgres(dataDir);
    try {
      expect(new URL(again.url).password).toBe(password);
      expect(await run(again.url)).toBe('ok');
    } finally {
      await again.stop();
    }
  });

  it('replaces the former fixed password of an existing data folder with a random one', async () => {
    // A data folder from before: the cluster has the password 'timeledger' and there is no password file.
    const before = await startEmbeddedPostgres(dataDir);
    expect(await run(before.url, "ALTER USER postgres PASSWORD 'timeledger'")).toBe('ok');
    await before.stop();
    await rm(passwordFile);

    const upgraded = await startEmbeddedPostgres(dataDir);
    try {
      const password = (await readFile(passwordFile, 'utf8')).trim();
      expect(password).toMatch(/^[\w-]{32}$/);
      expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
      expect(new URL(upgraded.url).password).toBe(password);
      expect(await run(upgraded.url)).toBe('ok');
      expect(await run(withPassword(upgraded.url, 'timeledger'))).toBe('28P01');
    } finally {
      await upgraded.stop();
    }
  });
});
