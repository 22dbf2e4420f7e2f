import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../projections/database.ts';
import type { Config } from '../config.ts';

/** Where uploaded files live: PostgreSQL, shared by every process, or a folder of one process (FILE_STORAGE). */
export interface FileStorage {
  /** Stores the file whole: a reader never finds a part of it, nor a crash leaves one under its key. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a file that is not there is no error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** The key, unless it could leave its place (a `..`, an absolute path, odd characters). */
function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
  return key;
}

export function folderStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, checkedKey(key));
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside it, then renamed into place in one step.
      const partial = `${file}.${randomUUID()}.partial`;
      try {
        await writeFile(partial, bytes);
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/**
 * Files in PostgreSQL (table stored_files), so every API process and the
 * worker read the same ones. A file stored in the folder before (FILE_STORAGE
 * was 'folder') is still read from there until `npm run files:move` moves it.
 */
export function postgresStorage(db: Kysely<Database>, earlierFolder?: FileStorage): FileStorage {
  return {
    async put(key, bytes) {
      await db
        .insertInto('stored_files')
        .values({ key: checkedKey(key), bytes })
        .onConflict((oc) => oc.column('key').doUpdateSet({ bytes, stored_at: new Date() }))
        .execute();
    },
    async get(key) {
      const row = await db.selectFrom('stored_files').select('bytes').where('key', '=', checkedKey(key)).executeTakeFirst();
      return row?.bytes ?? (await earlierFolder?.get(key)) ?? null;
    },
    async delete(key) {
      await db.deleteFrom('stored_files').where('key', '=', checkedKey(key)).execute();
      await earlierFolder?.delete(key);
    },
  };
}

/** The storage the configuration names (FILE_STORAGE), for the API, the worker and the demo alike. */
export function fileStorageFor(config: Pick<Config, 'fileStorage' | 'dataDir'>, db: Kysely<Database>): FileStorage {
  const folder = folderStorage(path.join(config.dataDir, 'files'));
  return config.fileStorage === 'postgres' ? postgresStorage(db, folder) : folder;
}
