import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadJwtSecret } from './secrets.ts';

describe('the JWT secret', () => {
  let dataDir: string;
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('is generated once and is the same for every process starting at once on a shared DATA_DIR', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'timeledger-secret-'));
    const secrets = await Promise.all(Array.from({ length: 20 }, () => loadJwtSecret(undefined, dataDir)));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0].length).toBeGreaterThanOrEqual(64);
    expect(await loadJwtSecret(undefined, dataDir)).toBe(secrets[0]);
    // No drafts are left beside it.
    expect(await readdir(dataDir)).toEqual(['jwt-secret']);
  });

  it('is JWT_SECRET when it is set', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'timeledger-secret-'));
    expect(await loadJwtSecret('configured-secret', dataDir)).toBe('configured-secret');
    expect(await readdir(dataDir)).toEqual([]);
  });
});
