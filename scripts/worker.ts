// The projection workers, the sweeps and the mail reactor alone, for deployments that split them
// from the API (docker-compose.yml): API processes then run with RUN_PROJECTIONS=false.
import http from 'node:http';
import pino from 'pino';
import { configFromEnv } from '../api/config.ts';
import { openDatabase } from '../api/server.ts';
import { backgroundSettings, startBackgroundWork } from '../api/background.ts';
import { migrateToLatest } from '../migrations/index.ts';
import { createDatabase, createPool } from '../projections/database.ts';
import { projections } from '../projections/index.ts';
import { startProjectionWorker } from '../projections/worker.ts';

const config = configFromEnv();
const log = pino({ level: config.logLevel });
const { url, embedded } = await openDatabase(config, log);
const migrations = createDatabase(createPool(url, 1));
await migrateToLatest(migrations);
await migrations.destroy();
const settings = await backgroundSettings(config);
const worker = await startProjectionWorker({
  databaseUrl: url,
  kurrentDbUrl: config.kurrentDbUrl,
  log,
  startBackgroundWork: (options) => startBackgroundWork({ ...options, settings }),
});
log.info({ projections: projections.map((p) => p.name) }, 'projection worker running');

// For a container's healthcheck: 200 while the worker runs and reaches its database.
const healthPool = config.workerHealthPort === undefined ? null : createPool(url, 1);
const health = healthPool && http.createServer((request, response) => {
  if (request.method !== 'GET' || request.url !== '/health') return void response.writeHead(404).end();
  healthPool.query('SELECT 1').then(
    () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'),
    () => response.writeHead(503, { 'content-type': 'application/json' }).end('{"status":"database unreachable"}'),
  );
});
health?.listen(config.workerHealthPort, config.host);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    health?.close();
    await worker.stop();
    await healthPool?.end();
    await embedded?.stop();
    process.exit(0);
  });
}
