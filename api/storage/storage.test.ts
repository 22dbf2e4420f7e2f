import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useS3Bucket } from '../../tests/support/s3-server.ts';
import { useTestDatabase } from '../../tests/support/test-database.ts';
import { moveFolderFiles } from './move-files.ts';
import { s3Storage } from './s3-storage.ts';
import { type FileStorage, fileStorageFor, folderStorage, postgresStorage, sharedFileStorageFor } from './storage.ts';

const database = useTestDatabase();
const bucket = useS3Bucket('tenant-a');
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'timeledger-storage-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const adapters: [string, () => FileStorage][] = [
  ['a folder', () => folderStorage(path.join(root, 'contract'))],
  ['PostgreSQL', () => postgresStorage(database.db)],
  ['an S3 bucket', () => s3Storage(bucket)],
];

describe.each(adapters)('file storage in %s', (_name, storage) => {
  it('keeps a file whole, replaces it, and forgets it; a missing file is null and deleting it no error', async () => {
    const files = storage();
    const key = 'companies/c1/screenshots/u1/shot.webp';
    expect(await files.get(key)).toBeNull();
    await files.put(key, Buffer.from('first'));
    expect((await files.get(key))?.toString()).toBe('first');
    await files.put(key, Buffer.from('second'));
    expect((await files.get(key))?.toString()).toBe('second');
    await files.delete(key);
    expect(await files.get(key)).toBeNull();
    await files.delete(key);
  });

  it('keeps the same name in two folders as two files', async () => {
    const files = storage();
    await files.put('companies/c1/task-images/t1/a.webp', Buffer.from('one'));
    await files.put('companies/c2/task-images/t1/a.webp', Buffer.from('two'));
    expect((await files.get('companies/c1/task-images/t1/a.webp'))?.toString()).toBe('one');
    expect((await files.get('companies/c2/task-images/t1/a.webp'))?.toString()).toBe('two');
    expect(await files.get('companies/c3/task-images/t1/a.webp')).toBeNull();
  });

  it('gives back a large file byte for byte', async () => {
    const files = storage();
    const bytes = randomBytes(6 * 1_048_576);
    await files.put('companies/c1/screenshots/u1/large.webp', bytes);
    expect((await files.get('companies/c1/screenshots/u1/large.webp'))?.equals(bytes)).toBe(true);
  });

  it('refuses a key that could leave its place', async () => {
    await expect(storage().put('../outside', Buffer.from('x'))).rejects.toThrow('Unsafe storage key');
    await expect(storage().get('a/../../b')).rejects.toThrow('Unsafe storage key');
    await expect(storage().delete('/etc/passwd')).rejects.toThrow('Unsafe storage key');
  });
});

describe('files in an S3 bucket', () => {
  it('are kept below S3_PREFIX, so that a bucket can be shared', async () => {
    await s3Storage(bucket).put('companies/c4/shot.webp', Buffer.from('prefixed'));
    const wholeBucket = s3Storage({ ...bucket, prefix: '' });
    expect((await wholeBucket.get('tenant-a/companies/c4/shot.webp'))?.toString()).toBe('prefixed');
    expect(await wholeBucket.get('companies/c4/shot.webp')).toBeNull();
  });

  it('are where FILE_STORAGE=s3 keeps them, for every process with the same configuration', async () => {
    const config = { fileStorage: 's3' as const, dataDir: path.join(root, 'configured'), s3: bucket };
    await fileStorageFor(config, database.db).put('companies/c5/shot.webp', Buffer.from('shared'));
    const elsewhere = fileStorageFor({ ...config, dataDir: path.join(root, 'another-process') }, database.db);
    expect((await elsewhere.get('companies/c5/shot.webp'))?.toString()).toBe('shared');
    expect(await folderStorage(path.join(config.dataDir, 'files')).get('companies/c5/shot.webp')).toBeNull();
  });
});

/** Where `npm run files:move` moves the folder's files with each FILE_STORAGE. */
const sharedStores: [string, (earlierFolder?: FileStorage) => FileStorage][] = [
  ['PostgreSQL', (earlierFolder) => sharedFileStorageFor({ fileStorage: 'postgres' }, database.db, earlierFolder).storage],
  ['an S3 bucket', (earlierFolder) => sharedFileStorageFor({ fileStorage: 's3', s3: bucket }, database.db, earlierFolder).storage],
];

describe.each(sharedStores)('files kept in a folder before %s', (name, shared) => {
  it('are read from the folder until moved, and the move puts each into the store and out of the folder', async () => {
    const folderRoot = path.join(root, `earlier-${name}`);
    const folder = folderStorage(folderRoot);
    await folder.put('companies/c6/task-images/t1/a.webp', Buffer.alloc(1_000, 1));
    await folder.put('companies/c6/screenshots/u2/b.webp', Buffer.alloc(3_000, 2));
    await mkdir(path.join(folderRoot, 'companies/c6'), { recursive: true });
    await writeFile(path.join(folderRoot, 'companies/c6/half.webp.123.partial'), 'x');
    const files = shared(folder);
    expect((await files.get('companies/c6/task-images/t1/a.webp'))?.length).toBe(1_000);
    expect(await shared().get('companies/c6/task-images/t1/a.webp')).toBeNull();

    expect(await moveFolderFiles(folderRoot, shared(), { dryRun: true })).toEqual({ files: 0, bytes: 0, totalFiles: 2, totalBytes: 4_000 });
    expect(await shared().get('companies/c6/task-images/t1/a.webp')).toBeNull();
    const seen: number[] = [];
    const moved = await moveFolderFiles(folderRoot, shared(), { onProgress: (progress) => seen.push(progress.files) });
    expect(moved).toEqual({ files: 2, bytes: 4_000, totalFiles: 2, totalBytes: 4_000 });
    expect(seen).toEqual([1, 2]);

    expect((await shared().get('companies/c6/task-images/t1/a.webp'))?.equals(Buffer.alloc(1_000, 1))).toBe(true);
    expect((await shared().get('companies/c6/screenshots/u2/b.webp'))?.length).toBe(3_000);
    const left = await readdir(folderRoot, { recursive: true, withFileTypes: true });
    expect(left.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual(['half.webp.123.partial']);
  });

  it('are deleted from the folder too', async () => {
    const folder = folderStorage(path.join(root, `deleted-${name}`));
    await folder.put('companies/c3/shot.webp', Buffer.from('old'));
    await shared(folder).delete('companies/c3/shot.webp');
    expect(await folder.get('companies/c3/shot.webp')).toBeNull();
  });
});
