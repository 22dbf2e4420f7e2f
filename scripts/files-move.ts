// npm run files:move [-- --dry-run]: moves the uploaded files of DATA_DIR/files
// (FILE_STORAGE=folder) into the store every API process reads: the S3 bucket
// with FILE_STORAGE=s3, else PostgreSQL.
import path from 'node:path';
import { moveFolderFiles, type MoveProgress } from '../api/storage/move-files.ts';
import { sharedFileStorageFor } from '../api/storage/storage.ts';
import { withOperatorDatabase } from './operator.ts';

const dryRun = process.argv.includes('--dry-run');
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const bar = ({ bytes, totalBytes }: MoveProgress, width = 30) => {
  const done = totalBytes === 0 ? width : Math.round((bytes / totalBytes) * width);
  return `[${'#'.repeat(done)}${'.'.repeat(width - done)}]`;
};

await withOperatorDatabase(2, async ({ config, db }) => {
  const root = path.join(config.dataDir, 'files');
  const target = sharedFileStorageFor(config, db);
  const moved = await moveFolderFiles(root, target.storage, {
    dryRun,
    onProgress: (progress) => process.stdout.write(`\r${bar(progress)} ${progress.files}/${progress.totalFiles} files, ${megabytes(progress.bytes)} of ${megabytes(progress.totalBytes)}`),
  });
  const setting = config.fileStorage === 's3' ? 'Keep FILE_STORAGE=s3' : 'Set FILE_STORAGE=postgres (the default with DATABASE_URL)';
  if (dryRun) console.log(`Dry run: ${moved.totalFiles} files (${megabytes(moved.totalBytes)}) in ${root} would move into ${target.name}.`);
  else console.log(`\nMoved ${moved.files} files (${megabytes(moved.bytes)}) from ${root} into ${target.name}. ${setting}.`);
});
