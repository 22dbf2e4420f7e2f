// npm run dev: the API (with projections) on API_PORT, and the Vite dev server
// with hot reload on PORT, proxying /api to it.
import { createServer } from 'vite';
import pino from 'pino';
import { configFromEnv } from '../api/config.ts';
import { startServer } from '../api/server.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);
const webPort = Number(process.env.PORT ?? 3000);
process.env.API_PORT = String(apiPort);

const config = { ...configFromEnv(), port: apiPort, host: '127.0.0.1', publicUrl: `http://localhost:${webPort}`, serveWeb: false };
const api = await startServer(config, pino({ level: config.logLevel, transport: undefined }));
const vite = await createServer({ configFile: 'web/vite.config.ts', server: { port: webPort, strictPort: true } });
await vite.listen();
vite.printUrls();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await vite.close();
    await api.close();
    process.exit(0);
  });
}
