import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * JWT_SECRET, or a secret generated on first start and kept in DATA_DIR.
 * Processes sharing DATA_DIR (replicas on one volume) start at once: the
 * first to link its secret in place wins, and all read that one; a reader
 * never sees a half-written file, since the file appears whole.
 */
export async function loadJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  const stored = await readSecret(file);
  if (stored) return stored;
  await mkdir(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    await link(draft, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(draft, { force: true });
  }
  const secret = await readSecret(file);
  if (!secret) throw new Error(`${file} is empty: remove it, or set JWT_SECRET`);
  return secret;
}

async function readSecret(file: string): Promise<string | null> {
  try {
    return (await readFile(file, 'utf8')).trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
