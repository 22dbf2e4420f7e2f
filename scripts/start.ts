import pino from 'pino';
import { configFromEnv } from '../api/config.ts';
import { startServer } from '../api/server.ts';

const config = configFromEnv();
const logger = pino({ level: config.logLevel });
const server = await startServer(config, logger);
logger.info(`Timeledger is ready on ${config.publicUrl} (data in ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir})`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  });
}
