// A projection thread that dies once, a moment after it caught up: the file
// named by PROJECTION_THREAD_DIED records that it already did.
import { existsSync, writeFileSync } from 'node:fs';
import '../../projections/thread-entry.ts';

const marker = process.env.PROJECTION_THREAD_DIED!;
if (!existsSync(marker)) {
  writeFileSync(marker, '');
  setTimeout(() => {
    throw new Error('the projection thread died');
  }, 200);
}
