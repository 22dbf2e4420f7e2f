import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../api/config.ts';
import { folderStorage } from '../api/storage/storage.ts';
import { endAbandonedSessions } from '../api/time-tracking/abandoned-sessions.ts';
import { trackerStream } from '../domain/time-tracking/events.ts';
import { localDay } from '../domain/time-tracking/local-days.ts';
import { ABANDON_AFTER_MS } from '../domain/time-tracking/tracker.ts';
import { openEventStore } from '../eventstore/open.ts';
import type { EventStore } from '../eventstore/types.ts';
import { createDatabase, createPool, type Database } from '../projections/database.ts';
import { compareSurfaces } from '../tests/support/figures.ts';
import { startTestServer, type TestServer } from '../tests/support/test-server.ts';
import { callApi } from '../tests/support/users.ts';
import { createDemoCompany, type DemoCompany, type DemoDeps, describeDemo } from './demo/company.ts';
import { keepTimersAlive } from './demo/keep-alive.ts';
import { ROSTER } from './demo/roster.ts';

/**
 * The demo as `npm run demo` makes it beside a running server: its own
 * connections and projection workers, the server's workers and sweeps at
 * work meanwhile; a small company (5 people, 10 days) for speed.
 */
describe('npm run demo', () => {
  let server: TestServer;
  let deps: DemoDeps;
  let store: EventStore;
  let db: Kysely<Database>;
  let filesDir: string;
  let demo: DemoCompany;

  beforeAll(async () => {
    server = await startTestServer();
    const pool = createPool(server.databaseUrl, 6);
    db = createDatabase(pool);
    store = await openEventStore({}, pool);
    filesDir = await mkdtemp(path.join(os.tmpdir(), 'timeledger-demo-'));
    deps = { store, db, pool, linkKey: server.background.linkKey, storage: folderStorage(filesDir), log: pino({ level: 'silent' }) };
    demo = await createDemoCompany(deps, { people: 5, days: 10 });
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await db?.destroy();
    await server?.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  const membersOf = (companyId: string) =>
    server.db.selectFrom('company_members').select(['name', 'email', 'access_level', 'hourly_rate']).where('company_id', '=', companyId).orderBy('name').execute();

  it('makes a company with teams, every role and rates, in the read models', async () => {
    const company = await server.db.selectFrom('companies').selectAll().where('company_id', '=', demo.companyId).executeTakeFirstOrThrow();
    expect(company).toMatchObject({ name: 'Demo Company', time_zone: 'Asia/Kolkata', subscription_status: 'trial' });
    // Founded 10 days ago, yet open: on a fresh trial of 30 days.
    expect(company.trial_ends_at!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const teams = await server.db.selectFrom('teams').select('name').where('company_id', '=', demo.companyId).orderBy('name').execute();
    expect(teams.map((t) => t.name)).toEqual(['Customer Success', 'Design', 'Engineering', 'Marketing']);
    expect(await membersOf(demo.companyId)).toEqual([
      { name: 'Arjun Mehta', email: 'arjun.mehta@demo.timeledger.invalid', access_level: 'Head', hourly_rate: '62.00' },
      { name: 'Kavya Nair', email: 'kavya.nair@demo.timeledger.invalid', access_level: 'Manager', hourly_rate: '48.00' },
      { name: 'Lena Hoffmann', email: 'lena.hoffmann@demo.timeledger.invalid', access_level: 'Member', hourly_rate: '36.00' },
      { name: 'Olivia Grant', email: 'olivia.grant@demo.timeledger.invalid', access_level: 'Client', hourly_rate: null },
      // Nobody else is an Admin to set the founder's rate in a company this small.
      { name: 'Priya Raghavan', email: 'priya.raghavan@demo.timeledger.invalid', access_level: 'Admin', hourly_rate: null },
      { name: 'Vikram Singh', email: 'vikram.singh@demo.timeledger.invalid', access_level: 'Member', hourly_rate: '32.00' },
    ]);
    const kavya = await server.db.selectFrom('company_members').select('user_id').where('company_id', '=', demo.companyId).where('name', '=', 'Kavya Nair').executeTakeFirstOrThrow();
    const rates = await server.db.selectFrom('member_rates').select('rate_cents').where('user_id', '=', kavya.user_id).orderBy('effective_at').execute();
    expect(rates.map((r) => r.rate_cents)).toEqual([4400, 4800]);
    const tasks = await server.db.selectFrom('tasks').select(['assignee_id', 'status']).where('company_id', '=', demo.companyId).execute();
    expect(tasks).toHaveLength(demo.tasks);
    expect(new Set(tasks.map((t) => t.assignee_id)).size).toBe(5);
  });

  it('tracks days of sessions with idle time, punches, and sessions over midnight saved per local day', async () => {
    const entries = await server.db.selectFrom('timelog_entries').selectAll().where('company_id', '=', demo.companyId).execute();
    expect(new Set(entries.map((e) => e.user_id)).size).toBe(5);
    expect(new Set(entries.map((e) => e.day)).size).toBeGreaterThanOrEqual(7);
    expect(entries.filter((e) => e.idle_minutes > 0).length).toBeGreaterThan(10);
    expect(entries.filter((e) => e.source === 'desktop').length).toBeGreaterThan(0);
    expect(entries.filter((e) => e.source === 'web').length).toBeGreaterThan(0);
    // Lena works past midnight in Berlin on release Wednesdays: one session, two entries.
    const overMidnight = entries.filter((e) => e.total_splits === 2 && e.time_zone === 'Europe/Berlin');
    expect(overMidnight.length).toBeGreaterThanOrEqual(2);
    const [first, second] = overMidnight.filter((e) => e.session_id === overMidnight[0].session_id).sort((a, b) => a.split_index - b.split_index);
    expect(first.end_at).toEqual(second.start_at);
    expect(second.day > first.day).toBe(true);
    // Every session is in the time log but the timers running now; none was ended as abandoned.
    const timed = entries.filter((e) => e.source !== 'manual');
    expect(new Set(timed.map((e) => e.session_id)).size).toBe(demo.sessions - demo.runningTimers.length);
    expect(timed.filter((e) => e.abandoned)).toEqual([]);

    const punches = await server.db.selectFrom('punches').select(['state', 'user_id']).where('company_id', '=', demo.companyId).execute();
    expect(punches).toHaveLength(demo.punches);
    expect(new Set(punches.map((p) => p.state))).toEqual(new Set(['punchin', 'punchout']));
  });

  it('leaves nothing for the sweep: today’s sessions ended, or running with a beat of now', async () => {
    const running = await server.db.selectFrom('running_timers').select('session_id').where('company_id', '=', demo.companyId).execute();
    expect(running.map((r) => r.session_id).sort()).toEqual(demo.runningTimers.map((t) => t.sessionId).sort());
    expect(demo.runningTimers.length).toBeGreaterThan(0);
    const now = new Date();
    expect(await endAbandonedSessions({ store: server.store, db: server.db, now }, new Date(now.getTime() - ABANDON_AFTER_MS))).toBe(0);
    expect(await server.db.selectFrom('abandoned_sessions').selectAll().where('company_id', '=', demo.companyId).execute()).toEqual([]);
  });

  it('has people working now, on a break, punched out, on leave and absent today', async () => {
    const people = await server.db.selectFrom('company_members').select(['user_id', 'email']).where('company_id', '=', demo.companyId).where('access_level', '!=', 'Client').execute();
    const now = new Date().toISOString();
    const stateOf = async ({ user_id, email }: { user_id: string; email: string }) => {
      const zone = ROSTER.find((person) => email.startsWith(person.name.toLowerCase().replace(' ', '.')))!.zone;
      const day = localDay(now, zone);
      const timer = await server.db.selectFrom('running_timers').select('session_id').where('user_id', '=', user_id).executeTakeFirst();
      const punches = await server.db.selectFrom('punches').select('state').where('user_id', '=', user_id).where('day', '=', day).orderBy('at').execute();
      const leave = await server.db.selectFrom('attendance_days').select('leave_code').where('user_id', '=', user_id).where('day', '=', day).executeTakeFirst();
      // A punch in just before midnight, carried into today by a session over midnight, speaks for today too.
      const latest = await server.db.selectFrom('latest_punches').select(['state', 'last_day']).where('user_id', '=', user_id).executeTakeFirst();
      if (timer) return 'working';
      if (leave?.leave_code) return 'leave';
      if (punches.length === 0) return latest?.state === 'in' && latest.last_day >= day ? 'break' : 'absent';
      return punches.at(-1)!.state === 'punchin' ? 'break' : 'out';
    };
    const states = Object.fromEntries(await Promise.all(people.map(async (person) => [person.email, await stateOf(person)])));
    const expected = Object.fromEntries(Object.entries(demo.today).flatMap(([state, emails]) => emails.map((email) => [email, state])));
    expect(states).toEqual(expected);
    expect(new Set(Object.values(states))).toEqual(new Set(['working', 'break', 'out', 'leave', 'absent']));
  });

  it('gives the recent sessions of the desktop agent application usage and screenshots, through the same services', async () => {
    expect(demo.usageBatches).toBeGreaterThan(0);
    expect(demo.screenshots).toBeGreaterThan(0);
    const shots = await server.db.selectFrom('screenshots').select(['application', 'width']).where('company_id', '=', demo.companyId).execute();
    expect(shots).toHaveLength(demo.screenshots);
    expect(shots[0].width).toBe(1280);
    const usage = await server.db.selectFrom('app_usage_days').select(['user_id', 'day']).where('company_id', '=', demo.companyId).execute();
    expect(usage.length).toBeGreaterThan(0);
    const applications = await server.db.selectFrom('app_usage_applications').select('application').where('company_id', '=', demo.companyId).execute();
    expect(applications.map((a) => a.application)).toEqual(expect.arrayContaining(['YouTube']));
  });

  it('shows the same minutes and cents for every person-day on the dashboards, the day dialog, the calendar, Time & Attendance and both sheets', async () => {
    const people = await server.db
      .selectFrom('company_members')
      .select(['user_id as userId', 'name'])
      .where('company_id', '=', demo.companyId)
      .where('access_level', '!=', 'Client')
      .orderBy('name')
      .execute();
    const today = Temporal.Now.plainDateISO('Asia/Kolkata');
    const range = { from: today.subtract({ days: demo.days + 1 }).toString(), to: today.toString() };
    const compared = await compareSurfaces(server.db, { companyId: demo.companyId, timeZone: 'Asia/Kolkata' }, people, range, new Date());
    expect(compared.disagreements).toEqual([]);
    expect(compared.checkedDays).toBeGreaterThan(20);
  });

  it('sets the company’s threshold and leave policy, and has leave taken, leave and manual time asked for and answered', async () => {
    const policies = await server.db.selectFrom('leave_policies').select(['year', 'paid_leave_days']).where('company_id', '=', demo.companyId).execute();
    expect(policies).toContainEqual({ year: new Date().getFullYear(), paid_leave_days: 18 });

    const leave = await server.db.selectFrom('leave_requests').select(['user_id', 'leave_date', 'type', 'status']).where('company_id', '=', demo.companyId).execute();
    const taken = leave.filter((request) => request.status === 'Approved');
    expect([taken.length, leave.filter((request) => request.status === 'Pending').length]).toEqual([demo.leaveTaken, demo.leavePending]);
    // Two days in the history and one today.
    expect([demo.leaveTaken, demo.leavePending]).toEqual([3, 2]);
    // Each day taken is on the attendance calendar, and nobody worked it.
    for (const { user_id, leave_date } of taken) {
      const day = await server.db.selectFrom('attendance_days').select(['leave_code', 'check_in']).where('user_id', '=', user_id).where('day', '=', leave_date).executeTakeFirst();
      expect(day).toMatchObject({ leave_code: expect.stringMatching(/^(PL|SL|CL)$/), check_in: null });
    }

    const regularizations = await server.db.selectFrom('regularization_requests').select(['request_id', 'status']).where('company_id', '=', demo.companyId).orderBy('status').execute();
    expect(regularizations.map((request) => request.status)).toEqual(['Approved', 'Approved', 'Approved', 'Declined', 'Pending']);
    expect(demo.regularizations).toBe(5);
    const approved = regularizations.filter((request) => request.status === 'Approved').map((request) => request.request_id);
    const manual = await server.db.selectFrom('timelog_entries').select(['session_id', 'tracked_ms']).where('company_id', '=', demo.companyId).where('source', '=', 'manual').execute();
    expect(manual.map((entry) => entry.session_id).sort()).toEqual(approved.sort());
    expect(manual.every((entry) => Number(entry.tracked_ms) === 45 * 60_000)).toBe(true);
  });

  it('prints the sign-ins, Admin first and Members last, and the one password, which signs them in', async () => {
    const lines = describeDemo(demo, server.url).split('\n');
    const signIns = lines.filter((line) => line.includes('@demo.timeledger.invalid'));
    expect(signIns.map((line) => line.trim().split(/\s+/)[0])).toEqual(['Admin', 'Head', 'Manager', 'Member', 'Member', 'Client']);
    expect(signIns[0]).toContain('Priya Raghavan');
    expect(lines.at(-1)).toBe(`Password: ${demo.password}`);

    const login = await callApi(server, null, 'POST', '/api/auth/login', { email: demo.signIns[0].email, password: demo.password });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const members = await callApi(server, cookie, 'GET', `/api/companies/${demo.companyId}/members`);
    expect(members.status).toBe(200);
  });

  it('prints the URL of the server of the same configuration', () => {
    expect(describeDemo(demo, configFromEnv({ PORT: '4123' }).publicUrl)).toContain('Sign in at http://localhost:4123 as any of them:');
    expect(describeDemo(demo, configFromEnv({ PUBLIC_URL: 'https://time.example.com/' }).publicUrl)).toContain('Sign in at https://time.example.com as any of them:');
  });

  it('has a Client, invited to one project and accepting, who signs in and sees that project alone', async () => {
    const client = demo.signIns.at(-1)!;
    expect(client).toMatchObject({ role: 'Client', name: 'Olivia Grant', email: 'olivia.grant@demo.timeledger.invalid' });
    const login = await callApi(server, null, 'POST', '/api/auth/login', { email: client.email, password: demo.password });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    expect((await callApi(server, cookie, 'GET', '/api/me')).body.companyList).toEqual([expect.objectContaining({ companyId: demo.companyId, role: 'Client' })]);
    const projects = await callApi(server, cookie, 'GET', `/api/companies/${demo.companyId}/projects`);
    expect(projects.body.map((p: { name: string }) => p.name)).toEqual(['Website Redesign']);
  });

  it('makes a second company with people of its own when run again, beside a sweep that finds nothing to end', async () => {
    // A running server's sweep would end a session of the past it saw running: here it sweeps without pause.
    let sweeping = true;
    const sweeps = (async () => {
      while (sweeping) await endAbandonedSessions({ store: server.store, db: server.db, now: new Date() }, new Date(Date.now() - ABANDON_AFTER_MS));
    })();
    const second = await createDemoCompany(deps, { people: 4, days: 3 }).finally(() => (sweeping = false));
    await sweeps;
    expect(second.name).toBe('Demo Company 2');
    expect(second.companyId).not.toBe(demo.companyId);
    expect(second.signIns.map((s) => s.email)).toContain('priya.raghavan2@demo.timeledger.invalid');
    expect((await membersOf(second.companyId)).map((m) => m.email)).toEqual([
      'arjun.mehta2@demo.timeledger.invalid',
      'kavya.nair2@demo.timeledger.invalid',
      'olivia.grant2@demo.timeledger.invalid',
      'priya.raghavan2@demo.timeledger.invalid',
      'vikram.singh2@demo.timeledger.invalid',
    ]);
    expect(await membersOf(demo.companyId)).toHaveLength(6);

    // Every session saved as the demo stopped it, none ended by the sweep. Approved regularizations add manual time of their own.
    const entries = await server.db
      .selectFrom('timelog_entries')
      .select(['session_id', 'abandoned'])
      .where('company_id', '=', second.companyId)
      .where('source', '!=', 'manual')
      .execute();
    expect(entries.filter((e) => e.abandoned)).toEqual([]);
    expect(new Set(entries.map((e) => e.session_id)).size).toBe(second.sessions - second.runningTimers.length);
    const running = await server.db.selectFrom('running_timers').select('session_id').where('company_id', '=', second.companyId).execute();
    expect(running.map((r) => r.session_id).sort()).toEqual(second.runningTimers.map((t) => t.sessionId).sort());

    // The agent of the people working now beats until told to stop, then stops their timers: their time saved.
    let stop: (value?: unknown) => void = () => undefined;
    const stopping = new Promise((resolve) => (stop = resolve));
    const keeping = keepTimersAlive(deps, second.runningTimers, stopping, { correlationId: 'demo-test' });
    stop();
    expect(await keeping).toBe(second.runningTimers.length);
    for (const { access, sessionId } of second.runningTimers) {
      const last = (await server.store.readStream(trackerStream(second.companyId, access.userId))).at(-1)!;
      expect([last.type, (last.data as { sessionId: string }).sessionId]).toEqual(['TimerStopped', sessionId]);
    }
  }, 120_000);
});
