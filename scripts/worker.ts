// The projection workers alone, for deployments that split them from the API
// (docker-compose.yml): API processes then run with RUN_PROJECTIONS=false.
import pino from 'pino';
import { configFromEnv } from '../api/config.ts';
import { openDatabase, openEventStore } from '../api/server.ts';
import { migrateToLatest } from '../migrations/index.ts';
import { createDatabase, createPool } from '../projections/database.ts';
import { projections } from '../projections/index.ts';
import { ProjectionRunner } from '../projections/runner.ts';

const config = configFromEnv();
const log = pino({ level: config.logLevel });
const { url, embedded } = await openDatabase(config, log);
const pool = createPool(url, 5);
const db = createDatabase(pool);
await migrateToLatest(db);
const store = await openEventStore(config, pool);
const runner = new ProjectionRunner(db, store, projections, log);
runner.start();
log.info({ projections: projections.map((p) => p.name) }, 'projection worker running');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await runner.stop();
    await store.close();
    await db.destroy();
    await embedded?.stop();
    process.exit(0);
  });
}
