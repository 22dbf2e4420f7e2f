import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../projections/database.ts';
import type { Config } from '../config.ts';
import { checkedKey, type FileStorage } from './file-storage.ts';
import { s3Storage } from './s3-storage.ts';

export type { FileStorage } from './file-storage.ts';

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
export function fileStorageFor(config: Pick<Config, 'fileStorage' | 'dataDir' | 's3'>, db: Kysely<Database>): FileStorage {
  const folder = folderStorage(path.join(config.dataDir, 'files'));
  if (config.fileStorage === 'folder') return folder;
  return sharedFileStorageFor(config, db, folder).storage;
}

/**
 * The storage every process shares: the configured bucket (FILE_STORAGE=s3),
 * else PostgreSQL. `npm run files:move` moves the folder's files into it.
 */
export function sharedFileStorageFor(config: Pick<Config, 'fileStorage' | 's3'>, db: Kysely<Database>, earlierFolder?: FileStorage): { name: string; storage: FileStorage } {
  if (config.fileStorage !== 's3') return { name: 'PostgreSQL', storage: postgresStorage(db, earlierFolder) };
  if (!config.s3) throw new Error('FILE_STORAGE=s3 needs S3_BUCKET');
  return { name: `the S3 bucket ${config.s3.bucket}`, storage: s3Storage(config.s3, earlierFolder) };
}
