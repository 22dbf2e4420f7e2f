// npm run demo: a demo company with 90 days of time logs, in the database of
// `npm start` with the same DATA_DIR (running or not), then who can sign in.
import { mailLinkKey } from '../api/identity/tokens.ts';
import { loadJwtSecret } from '../api/secrets.ts';
import { fileStorageFor } from '../api/storage/storage.ts';
import { createDemoCompany, describeDemo } from './demo/company.ts';
import { withOperatorDatabase } from './operator.ts';

const started = performance.now();
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
});
