// npm run projections:rebuild [name]
// Replays the log into fresh tables and swaps them in; a running app keeps
// serving the old tables until the swap.
import { SingleBar } from 'cli-progress';
import { sql } from 'kysely';
import { findProjection, projections } from '../projections/index.ts';
import { rebuildProjection } from '../projections/rebuild.ts';
import { withOperatorDatabase } from './operator.ts';

const name = process.argv[2];
const chosen = name ? [findProjection(name)] : projections;
if (chosen.some((p) => !p)) {
  console.error(`Unknown projection '${name}'. Known: ${projections.map((p) => p.name).join(', ')}`);
  process.exit(2);
}

await withOperatorDatabase(4, async ({ config, db, store }) => {
  const total = config.kurrentDbUrl
    ? 0
    : Number((await sql<{ n: string }>`SELECT count(*) AS n FROM events`.execute(db)).rows[0].n);
  for (const projection of chosen) {
    const bar = new SingleBar({ format: `${projection!.name.padEnd(20)} [{bar}] {value}/{total} events | {eta_formatted} left` });
    bar.start(total, 0);
    const started = Date.now();
    const { events } = await rebuildProjection(db, store, projection!, (progress) => {
      if (progress.events > bar.getTotal()) bar.setTotal(progress.events);
      bar.update(progress.events);
    });
    bar.stop();
    const seconds = (Date.now() - started) / 1000;
    console.log(`${projection!.name}: ${events} events in ${seconds.toFixed(1)} s, swapped in.`);
  }
});
