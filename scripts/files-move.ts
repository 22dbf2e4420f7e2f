// npm run files:move [-- --dry-run]: moves the uploaded files of DATA_DIR/files
// (FILE_STORAGE=folder) into PostgreSQL, where every API process reads them.
import path from 'node:path';
import { moveFolderFiles, type MoveProgress } from '../api/storage/move-files.ts';
import { postgresStorage } from '../api/storage/storage.ts';
import { withOperatorDatabase } from './operator.ts';

const dryRun = process.argv.includes('--dry-run');
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const bar = ({ bytes, totalBytes }: MoveProgress, width = 30) => {
  const done = totalBytes === 0 ? width : Math.round((bytes / totalBytes) * width);
  return `[${'#'.repeat(done)}${'.'.repeat(width - done)}]`;
};

await withOperatorDatabase(2, async ({ config, db }) => {
  const root = path.join(config.dataDir, 'files');
  const moved = await moveFolderFiles(root, postgresStorage(db), {
    dryRun,
    onProgress: (progress) => process.stdout.write(`\r${bar(progress)} ${progress.files}/${progress.totalFiles} files, ${megabytes(progress.bytes)} of ${megabytes(progress.totalBytes)}`),
  });
  if (dryRun) console.log(`Dry run: ${moved.totalFiles} files (${megabytes(moved.totalBytes)}) in ${root} would move into PostgreSQL.`);
  else console.log(`\nMoved ${moved.files} files (${megabytes(moved.bytes)}) from ${root} into PostgreSQL. Set FILE_STORAGE=postgres (the default with DATABASE_URL).`);
});
