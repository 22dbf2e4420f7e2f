import { randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { memberStream } from '../../domain/members/events.ts';
import { trackerStream } from '../../domain/time-tracking/events.ts';
import { timesheetStream } from '../../domain/timesheets/events.ts';
import type { EventStore } from '../../eventstore/types.ts';
import type { createDatabase } from '../../projections/database.ts';
import { type BenchContext, type BenchResult, result } from './context.ts';
import { stoppedSession } from './dashboards.ts';
import { latencies } from './latencies.ts';
import { percentile } from './percentile.ts';
import { demoProduct } from './product.ts';

const SECTION = 'timesheets';
/** Weeks each bulk request approves, of every person: with the demo's 25 people, 50 timesheets a request. */
const WEEKS_PER_REQUEST = 2;
const BULK_REQUESTS = 5;
const LIST_RUNS = 200;
const ZONE = 'Asia/Kolkata';
/** The approvals list is measured again once the company has this many people. */
const CROWD = 500;
/** People whose week one bulk request of the 500-person company approves. */
const CROWD_BULK = 50;

/**
 * Timesheet approvals for the demo company (`npm run demo`: 25 people with
 * weeks of real time, made through the product's services), over HTTP to the
 * product in a process of its own, as an Admin's browser asks: everyone
 * submits their past weeks to the Admin; then bulk approvals of 50
 * timesheets each (two weeks of all 25 people), each of real approvals on
 * the figures of the one accounting rule; and /timesheets's list of a week,
 * then again once the company has 500 people with time in that week.
 */
export async function timesheets(ctx: BenchContext): Promise<BenchResult[]> {
  const weeks = WEEKS_PER_REQUEST * BULK_REQUESTS;
  const { product, db, store, demo, signIn: headersOf, close } = await demoProduct(ctx, 'timesheets', { days: 7 * (weeks + 2) });
  try {
    const signIn = async (email: string) => {
      const headers = await headersOf(email);
      const me = (await (await fetch(`${product.url}/api/me`, { headers })).json()) as { id: string };
      return { headers, userId: me.id };
    };
    const call = async (who: { headers: Record<string, string> }, method: string, route: string, body?: unknown) => {
      const response = await fetch(`${product.url}/api/companies/${demo.companyId}/${route}`, { method, headers: who.headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const answer = await response.json();
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const people = demo.signIns.filter((signIn) => signIn.role !== 'Client');
    const [admin, ...others] = await Promise.all(people.map((person) => signIn(person.email)));

    // The weeks that ended before this one, in Kolkata (the demo's zone), the latest first.
    const today = Temporal.Now.plainDateISO(ZONE);
    const thisMonday = today.subtract({ days: today.dayOfWeek - 1 });
    const mondays = Array.from({ length: weeks }, (_, i) => thisMonday.subtract({ weeks: i + 1 }).toString());
    ctx.log(`timesheets: ${others.length} people submit ${weeks} weeks each to the Admin`);
    for (const person of others) {
      for (const monday of mondays) await call(person, 'POST', `timesheets/${monday}/submit`, { approverId: admin.userId, note: '', timeZone: ZONE });
    }

    const bulk: number[] = [];
    let approved = 0;
    for (let i = 0; i < BULK_REQUESTS; i++) {
      const timesheets = mondays.slice(i * WEEKS_PER_REQUEST, (i + 1) * WEEKS_PER_REQUEST).flatMap((start) => others.map((person) => ({ userId: person.userId, start })));
      const started = performance.now();
      const answer = (await call(admin, 'POST', 'timesheets/approve', { timesheets })) as { results: { approved: boolean }[] };
      bulk.push(performance.now() - started);
      approved += answer.results.filter((outcome) => outcome.approved).length;
    }
    if (approved !== BULK_REQUESTS * WEEKS_PER_REQUEST * others.length) throw new Error(`only ${approved} timesheets were approved`);

    const listed = await latencies(LIST_RUNS, (i) => call(admin, 'GET', `timesheets?day=${mondays[i % mondays.length]}`));

    const joining = CROWD - people.length;
    ctx.log(`timesheets: ${joining} more people join, each with a week of time submitted to the Admin`);
    const approver = { userId: admin.userId, name: people[0].name };
    const crowdIds = await joinWithAWeek(store, db, demo.companyId, joining, mondays[0], approver);
    const crowdList = () => call(admin, 'GET', `timesheets?day=${mondays[0]}`) as Promise<{ rows: unknown[] }>;
    // The product's projections catch up with the people written to its log.
    for (let tries = 0; (await crowdList()).rows.length < CROWD - 1; tries++) {
      if (tries === 600) throw new Error(`the list never showed ${CROWD - 1} people`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const crowd = await latencies(LIST_RUNS, crowdList);
    const crowdBulk: number[] = [];
    for (let i = 0; i < BULK_REQUESTS; i++) {
      const timesheets = crowdIds.slice(i * CROWD_BULK, (i + 1) * CROWD_BULK).map((userId) => ({ userId, start: mondays[0] }));
      const started = performance.now();
      const answer = (await call(admin, 'POST', 'timesheets/approve', { timesheets })) as { results: { approved: boolean; message: string | null }[] };
      crowdBulk.push(performance.now() - started);
      const refused = answer.results.find((outcome) => !outcome.approved);
      if (refused) throw new Error(`a timesheet was not approved: ${refused.message}`);
    }
    const size = `${others.length} people, ${demo.sessions} sessions`;
    return [
      result({
        section: SECTION,
        measure: `Bulk approval of ${WEEKS_PER_REQUEST * others.length} timesheets, p95`,
        value: percentile(bulk, 95),
        unit: 'ms',
        target: { max: 1000 },
        note: `${BULK_REQUESTS} requests; p50 ${percentile(bulk, 50).toFixed(0)} ms; ${WEEKS_PER_REQUEST} weeks of ${size}`,
      }),
      result({
        section: SECTION,
        measure: `/timesheets list of a week, ${others.length} people, p95`,
        value: percentile(listed, 95),
        unit: 'ms',
        target: { max: 50 },
        note: `p50 ${percentile(listed, 50).toFixed(1)} ms; over HTTP, as the Admin`,
      }),
      result({
        section: SECTION,
        measure: `/timesheets list of a week, ${CROWD - 1} people, p95`,
        value: percentile(crowd, 95),
        unit: 'ms',
        target: { max: 50 },
        note: `p50 ${percentile(crowd, 50).toFixed(1)} ms; over HTTP, as the Admin; ${joining} of them with 3 sessions a day that week`,
      }),
      result({
        section: SECTION,
        measure: `Bulk approval of ${CROWD_BULK} people's week, ${CROWD} people, p95`,
        value: percentile(crowdBulk, 95),
        unit: 'ms',
        target: { max: 1000 },
        note: `${BULK_REQUESTS} requests; p50 ${percentile(crowdBulk, 50).toFixed(0)} ms`,
      }),
    ];
  } finally {
    await close();
  }
}

/**
 * People who join the company as Members of its first team, each with three
 * sessions on every weekday of the week from `monday` and its timesheet
 * submitted to `approver`: written to the log as the deciders write them, so
 * the product's own projections read them. Answers their ids.
 */
async function joinWithAWeek(
  store: EventStore,
  db: ReturnType<typeof createDatabase>,
  companyId: string,
  count: number,
  monday: string,
  approver: { userId: string; name: string },
): Promise<string[]> {
  const [team, project] = await Promise.all([
    db.selectFrom('teams').select('team_id').where('company_id', '=', companyId).orderBy('name').executeTakeFirstOrThrow(),
    db.selectFrom('projects').select('project_id').where('company_id', '=', companyId).orderBy('name').executeTakeFirstOrThrow(),
  ]);
  const weekdays = Array.from({ length: 5 }, (_, i) => Temporal.PlainDate.from(monday).add({ days: i }).toString());
  const sunday = Temporal.PlainDate.from(monday).add({ days: 6 }).toString();
  const metadata = { correlationId: 'bench' };
  const joined: string[] = [];
  for (let i = 0; i < count; i++) {
    const person = { userId: randomUUID(), teamId: team.team_id };
    const ref = { companyId, userId: person.userId };
    const name = `Crowd ${String(i).padStart(3, '0')}`;
    await store.append(
      memberStream(companyId, person.userId),
      [
        { eventId: randomUUID(), type: 'MemberJoined', data: { ...ref, name, email: `crowd${i}@bench.test` }, metadata },
        { eventId: randomUUID(), type: 'TeamRoleGranted', data: { ...ref, teamId: team.team_id, role: 'Member' }, metadata },
      ],
      'no_stream',
    );
    const sessions = weekdays.flatMap((day) => [0, 1, 2].map((n) => stoppedSession({ companyId }, person, project.project_id, day, n)));
    await store.append(trackerStream(companyId, person.userId), sessions, 'no_stream');
    const submitted = { ...ref, start: monday, end: sunday, by: { userId: person.userId, name }, at: new Date().toISOString(), note: '', approver };
    await store.append(timesheetStream(companyId, person.userId, monday), [{ eventId: randomUUID(), type: 'TimesheetSubmitted', data: submitted, metadata }], 'no_stream');
    joined.push(person.userId);
  }
  return joined;
}
