// npm run projections:failed [list]               events the projections (and the mail reactor) set aside
// npm run projections:failed -- retry <eventId>    applies one again
// npm run projections:failed -- retry --all        applies them all again, in log order
// See projections/failures.ts.
import { mailReactor } from '../api/mail/outbox.ts';
import { listSetAside, retrySetAside } from '../projections/failures.ts';
import { projections } from '../projections/index.ts';
import { withOperatorDatabase } from './operator.ts';

const usage = 'Usage: npm run projections:failed [-- list | -- retry <eventId> | -- retry --all]';
const EVENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const [action = 'list', target, ...rest] = process.argv.slice(2);
const valid = rest.length === 0 && (action === 'list' ? target === undefined : action === 'retry' && (target === '--all' || EVENT_ID.test(target ?? '')));
if (!valid) {
  console.error(usage);
  process.exit(2);
}

await withOperatorDatabase(2, async ({ db, store }) => {
  if (action === 'list') {
    const records = await listSetAside(db);
    if (records.length === 0) console.log('No events are set aside.');
    for (const record of records) {
      console.log(`${record.projection}  ${record.eventId}  ${record.eventType}  stream ${record.streamId}  at ${record.position}`);
      console.log(`  set aside ${record.failedAt.toISOString()}${record.retriedAt ? `, last retried ${record.retriedAt.toISOString()}` : ''}: ${record.error}`);
    }
  } else {
    const outcomes = await retrySetAside(db, store, target === '--all' ? undefined : target, [...projections, mailReactor]);
    if (outcomes.length === 0) console.log(target === '--all' ? 'No events are set aside.' : `No event ${target} is set aside.`);
    for (const outcome of outcomes) {
      console.log(`${outcome.projection}  ${outcome.eventId}  ${outcome.resolved ? 'applied' : `still fails: ${outcome.error}`}`);
    }
    if (outcomes.some((outcome) => !outcome.resolved)) process.exitCode = 1;
  }
});
