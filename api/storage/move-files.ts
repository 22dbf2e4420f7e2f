import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './storage.ts';

export interface MoveProgress {
  files: number;
  bytes: number;
  totalFiles: number;
  totalBytes: number;
}

/** Every file below `root`, as storage keys (a half-written `.partial` is no file). */
async function keysBelow(root: string): Promise<{ key: string; bytes: number }[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files = entries.filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'));
  return Promise.all(
    files.map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { key: path.relative(root, file).split(path.sep).join('/'), bytes: (await stat(file)).size };
    }),
  );
}

/**
 * Moves the files of a folder (FILE_STORAGE=folder's DATA_DIR/files) into
 * another storage: each is stored there, then removed here, so a move
 * stopped half-way is finished by running it again. A dry run counts them.
 */
export async function moveFolderFiles(
  root: string,
  to: FileStorage,
  { dryRun = false, onProgress = () => undefined }: { dryRun?: boolean; onProgress?: (progress: MoveProgress) => void } = {},
): Promise<MoveProgress> {
  const files = await keysBelow(root);
  const progress: MoveProgress = { files: 0, bytes: 0, totalFiles: files.length, totalBytes: files.reduce((sum, file) => sum + file.bytes, 0) };
  if (dryRun) return progress;
  for (const { key, bytes } of files) {
    const file = path.join(root, ...key.split('/'));
    await to.put(key, await readFile(file));
    await rm(file, { force: true });
    progress.files += 1;
    progress.bytes += bytes;
    onProgress(progress);
  }
  return progress;
}
