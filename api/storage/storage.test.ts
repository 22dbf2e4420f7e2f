import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../tests/support/test-database.ts';
import { moveFolderFiles } from './move-files.ts';
import { type FileStorage, folderStorage, postgresStorage } from './storage.ts';

const database = useTestDatabase();
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'timeledger-storage-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const adapters: [string, () => FileStorage][] = [
  ['a folder', () => folderStorage(path.join(root, 'contract'))],
  ['PostgreSQL', () => postgresStorage(database.db)],
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

  it('refuses a key that could leave its place', async () => {
    await expect(storage().put('../outside', Buffer.from('x'))).rejects.toThrow('Unsafe storage key');
    await expect(storage().get('a/../../b')).rejects.toThrow('Unsafe storage key');
  });
});

describe('files kept in a folder before PostgreSQL', () => {
  it('are read from the folder until moved, and the move puts each into PostgreSQL and out of the folder', async () => {
    const folderRoot = path.join(root, 'earlier');
    const folder = folderStorage(folderRoot);
    await folder.put('companies/c2/task-images/t1/a.webp', Buffer.alloc(1_000, 1));
    await folder.put('companies/c2/screenshots/u2/b.webp', Buffer.alloc(3_000, 2));
    await mkdir(path.join(folderRoot, 'companies/c2'), { recursive: true });
    await writeFile(path.join(folderRoot, 'companies/c2/half.webp.123.partial'), 'x');
    const files = postgresStorage(database.db, folder);
    expect((await files.get('companies/c2/task-images/t1/a.webp'))?.length).toBe(1_000);

    expect(await moveFolderFiles(folderRoot, postgresStorage(database.db), { dryRun: true })).toEqual({ files: 0, bytes: 0, totalFiles: 2, totalBytes: 4_000 });
    const seen: number[] = [];
    const moved = await moveFolderFiles(folderRoot, postgresStorage(database.db), { onProgress: (progress) => seen.push(progress.files) });
    expect(moved).toEqual({ files: 2, bytes: 4_000, totalFiles: 2, totalBytes: 4_000 });
    expect(seen).toEqual([1, 2]);

    const inPostgres = postgresStorage(database.db);
    expect((await inPostgres.get('companies/c2/task-images/t1/a.webp'))?.equals(Buffer.alloc(1_000, 1))).toBe(true);
    expect((await inPostgres.get('companies/c2/screenshots/u2/b.webp'))?.length).toBe(3_000);
    const left = await readdir(folderRoot, { recursive: true, withFileTypes: true });
    expect(left.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual(['half.webp.123.partial']);
  });
});
