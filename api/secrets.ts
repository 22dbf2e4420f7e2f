import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** JWT_SECRET, or a secret generated on first start and kept in DATA_DIR. */
export async function loadJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    });
    return (await readFile(file, 'utf8')).trim();
  }
}
