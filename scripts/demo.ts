// npm run demo [-- --exit]: a demo company with 90 days of time logs, in the
// database of `npm start` with the same DATA_DIR (running or not), then who can
// sign in; then, while a server runs, the desktop agent of the people working now.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { configFromEnv } from '../api/config.ts';
import { mailLinkKey } from '../api/identity/tokens.ts';
import { loadJwtSecret } from '../api/secrets.ts';
import { fileStorageFor } from '../api/storage/storage.ts';
import { createDemoCompany, describeDemo } from './demo/company.ts';
import { keepTimersAlive } from './demo/keep-alive.ts';
import { withOperatorDatabase } from './operator.ts';

const started = performance.now();
// A server of this DATA_DIR runs when its database already does (or one is named): the demo then keeps the timers of who is working now running.
const { databaseUrl, dataDir } = configFromEnv();
const serverRunning = Boolean(databaseUrl) || existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'));
await withOperatorDatabase(12, async ({ config, db, pool, store, log }) => {
  console.log('Creating a demo company...');
  const demo = await createDemoCompany({
    store,
    db,
    pool,
    linkKey: mailLinkKey(await loadJwtSecret(config.jwtSecret, config.dataDir)),
    storage: fileStorageFor(config, db),
    log,
  });
  console.log(`Done in ${Math.round((performance.now() - started) / 1000)} s.\n`);
  console.log(describeDemo(demo, config.publicUrl));

  const timers = demo.runningTimers.length;
  if (timers === 0) return;
  const keepRunning = serverRunning && !process.argv.includes('--exit');
  const stopping = new Promise((resolve) => {
    if (!keepRunning) return resolve(undefined);
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  if (keepRunning) {
    console.log(`\nThe timers of the ${timers} people working now run while this stays on: it beats for them every 30 s, as their desktop agent would.`);
    console.log('Ctrl-C stops their timers (their time is saved) and quits.');
  }
  const stopped = await keepTimersAlive({ store, db, pool }, demo.runningTimers, stopping, { correlationId: `demo-${demo.companyId}` });
  console.log(
    keepRunning
      ? `\nStopped ${stopped} timers.`
      : `\n${stopped} timers running now were stopped: ${serverRunning ? 'asked with --exit' : 'no server runs on this DATA_DIR to keep them alive beside (start `npm start` first)'}.`,
  );
});
