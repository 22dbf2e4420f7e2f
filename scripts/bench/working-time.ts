import { randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { memberStream } from '../../domain/members/events.ts';
import { trackerStream } from '../../domain/time-tracking/events.ts';
import { workingTimeAccountStream, workingTimeRulesStream } from '../../domain/working-time/events.ts';
import type { EventStore, NewEvent } from '../../eventstore/types.ts';
import type { createDatabase } from '../../projections/database.ts';
import { rebuildProjection } from '../../projections/rebuild.ts';
import { workingTimeBalancesProjection } from '../../projections/working-time/balances.ts';
import { workingTimeProjection } from '../../projections/working-time/working-time.ts';
import { type BenchContext, type BenchResult, result, timed } from './context.ts';
import { stoppedSession } from './dashboards.ts';
import { latencies } from './latencies.ts';
import { percentile } from './percentile.ts';
import { demoProduct } from './product.ts';

const SECTION = 'working time';
const PEOPLE = 500;
const DAYS = 365;
const RUNS = 200;
const ZONE = 'Asia/Kolkata';
const REBUILD_TARGET = { min: 20_000 };

/**
 * Working-time balances of a company of 500 people who joined a year ago
 * and tracked a session every weekday since, every tenth on a part-time
 * contract, with two company holidays, written to the log as the deciders
 * write them: the team list an Admin opens on /working-time, over HTTP to the
 * product in a process of its own, the first time (every account from the
 * day its person joined) and after (from where each was kept at the end of
 * yesterday); then the working-time read models rebuilt from the whole log.
 */
export async function workingTime(ctx: BenchContext): Promise<BenchResult[]> {
  const { product, pool, db, store, demo, signIn, close } = await demoProduct(ctx, 'working_time', { days: 7 });
  try {
    const signed = await signIn(demo.signIns[0].email);
    const list = async () => {
      const response = await fetch(`${product.url}/api/companies/${demo.companyId}/working-time/people`, { headers: signed });
      if (!response.ok) throw new Error(`working-time/people: ${response.status}`);
      return (await response.json()) as { people: unknown[] };
    };

    const joining = PEOPLE - demo.signIns.length;
    ctx.log(`working time: ${joining} people join a year ago, each with a session every weekday since`);
    const seeded = await joinAYearAgo(store, db, demo.companyId, joining);
    ctx.log(`working time: the product's read models catch up with ${seeded.toLocaleString('en')} events`);
    for (let tries = 0; (await list()).people.length < PEOPLE - 1; tries++) {
      if (tries === 1200) throw new Error(`the list never showed ${PEOPLE - 1} people`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Its projections past the last event: nothing a later read could miss.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    await pool.query('VACUUM ANALYZE');
    await db.deleteFrom('working_time_snapshots').execute();
    const started = performance.now();
    await list();
    const first = performance.now() - started;
    const kept = await latencies(RUNS, list);

    const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM events');
    const logEvents = Number(rows[0].n);
    const rebuilt: BenchResult[] = [];
    for (const projection of [workingTimeProjection, workingTimeBalancesProjection]) {
      ctx.log(`working time: rebuilding ${projection.name} from ${logEvents.toLocaleString('en')} events`);
      const seconds = await timed(() => rebuildProjection(db, store, projection));
      rebuilt.push(
        result({
          section: SECTION,
          measure: `${projection.name} rebuilt from the log`,
          value: logEvents / seconds,
          unit: 'events/s',
          target: REBUILD_TARGET,
          note: `${logEvents.toLocaleString('en')} events in ${seconds.toFixed(1)} s`,
        }),
      );
    }
    return [
      result({
        section: SECTION,
        measure: `Team balances of ${PEOPLE - 1} people × 1 year, p95`,
        value: percentile(kept, 95),
        unit: 'ms',
        target: { max: 50 },
        note: `p50 ${percentile(kept, 50).toFixed(1)} ms; over HTTP, as the Admin, each account carried on from where it was kept at yesterday's end; the first read, every account from its first day: ${first.toFixed(0)} ms`,
      }),
      ...rebuilt,
    ];
  } finally {
    await close();
  }
}

/**
 * People who joined the company's first team as Members a year ago, each
 * with a session every weekday since (every tenth on a part-time contract of
 * 6 hours Monday to Thursday), and two company holidays; written to the log
 * as the deciders write them. Answers how many events were written.
 */
async function joinAYearAgo(store: EventStore, db: ReturnType<typeof createDatabase>, companyId: string, count: number): Promise<number> {
  const [team, project] = await Promise.all([
    db.selectFrom('teams').select('team_id').where('company_id', '=', companyId).orderBy('name').executeTakeFirstOrThrow(),
    db.selectFrom('projects').select('project_id').where('company_id', '=', companyId).orderBy('name').executeTakeFirstOrThrow(),
  ]);
  const today = Temporal.Now.plainDateISO(ZONE);
  const firstDay = today.subtract({ days: DAYS });
  const weekdays: string[] = [];
  for (let day = firstDay; Temporal.PlainDate.compare(day, today) < 0; day = day.add({ days: 1 })) if (day.dayOfWeek <= 5) weekdays.push(day.toString());
  const metadata = { correlationId: 'bench' };
  const joinedAt = firstDay.toZonedDateTime({ timeZone: ZONE, plainTime: '08:00' }).toInstant().toString();
  const by = { userId: randomUUID(), name: 'Bench Admin' };
  const at = new Date().toISOString();
  const event = (type: string, data: unknown): NewEvent => ({ eventId: randomUUID(), type, data, metadata });
  let written = 0;
  const holidays = [weekdays[40], weekdays[200]].map((day, i) => event('CompanyHolidayAdded', { companyId, by, at, day, name: `Company day ${i + 1}` }));
  await store.append(workingTimeRulesStream(companyId), holidays, 'any');
  written += holidays.length;
  for (let i = 0; i < count; i++) {
    const person = { userId: randomUUID(), teamId: team.team_id };
    const ref = { companyId, userId: person.userId };
    await store.append(
      memberStream(companyId, person.userId),
      [event('MemberJoined', { ...ref, name: `Year ${String(i).padStart(3, '0')}`, email: `year${i}@bench.test`, joinedAt }), event('TeamRoleGranted', { ...ref, teamId: team.team_id, role: 'Member' })],
      'no_stream',
    );
    const sessions = weekdays.map((day) => stoppedSession({ companyId }, person, project.project_id, day, i % 3));
    await store.append(trackerStream(companyId, person.userId), sessions, 'no_stream');
    written += 2 + sessions.length;
    if (i % 10 === 0) {
      const contract = { from: weekdays[100], until: null, weekdayMinutes: [360, 360, 360, 360, 0, 0, 0] };
      await store.append(workingTimeAccountStream(companyId, person.userId), [event('ContractSet', { ...ref, by, at, contract })], 'no_stream');
      written += 1;
    }
  }
  return written;
}
