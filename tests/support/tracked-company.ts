import { randomBytes } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import type { TestServer } from './test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from './users.ts';

/**
 * A company with tracked time, for the dashboards' tests: written over the
 * API with the server's clock moved to each moment (`setClock`; null gives
 * the real time back).
 *
 * - Ada Admin; Max Manager of Apollo; Ana Apollo and Ivy Idle, Members of
 *   Apollo (Ivy never tracks); Bob Gemini, Member of Gemini.
 * - Ana (Asia/Kolkata): $10 an hour from 1 March 2026, $20 from 3 March
 *   12:00 UTC. Tue 3 March 09:00–11:30 IST with 10 idle minutes (2.5 h at
 *   $10), then 23:00 to 01:30 IST over midnight (1 h on the 3rd and 1.5 h on
 *   the 4th, at $20); and yesterday 10:00–12:00 IST (2 h at $20).
 * - Bob (America/New_York): 31 October 23:00 EDT to 1 November 03:00 EST,
 *   over the end of daylight saving: 1 h on the 31st, 4 h on the 1st.
 * Their addresses end in `suffix`, random unless given: browser files share
 * their worker's server (tests/support/test-server.ts's sharedTestServer).
 */
export async function seedTrackedCompany(server: TestServer, setClock: (at: Date | null) => void, suffix = `-${randomBytes(3).toString('hex')}`) {
  const email = (name: string) => `${name}${suffix}@dash.test`;
  const [admin, manager, ana, bob, idle] = await Promise.all([
    signedInUser(server, email('admin'), 'Ada Admin'),
    signedInUser(server, email('manager'), 'Max Manager'),
    signedInUser(server, email('ana'), 'Ana Apollo'),
    signedInUser(server, email('bob'), 'Bob Gemini'),
    signedInUser(server, email('ivy'), 'Ivy Idle'),
  ]);
  const companyId = await createCompany(admin, 'Dashboards Inc');
  const apollo: string = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Apollo' })).body.teamId;
  const gemini: string = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Gemini' })).body.teamId;
  await inviteAndAccept(server, admin, companyId, manager, 'Manager', [apollo]);
  await inviteAndAccept(server, admin, companyId, ana, 'Member', [apollo]);
  await inviteAndAccept(server, admin, companyId, idle, 'Member', [apollo]);
  await inviteAndAccept(server, admin, companyId, bob, 'Member', [gemini]);
  const projectId: string = (await admin.call('POST', `/api/companies/${companyId}/projects`, { name: 'Moonshot' })).body.projectId;
  const tasks = new Map<string, string>();
  for (const user of [ana, bob]) {
    const task = { projectId, title: `Task of ${user.email}`, description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: user.userId };
    tasks.set(user.userId, (await admin.call('POST', `/api/companies/${companyId}/tasks`, task)).body.taskId);
  }

  const at = (iso: string) => setClock(new Date(iso));
  const ok = async (answer: Promise<{ status: number; body: unknown }>) => {
    const { status, body } = await answer;
    if (status !== 200) throw new Error(`seeding failed: ${status} ${JSON.stringify(body)}`);
    return body as { session?: { sessionId: string } };
  };
  const setRate = (hourlyRate: number) => ok(admin.call('PATCH', `/api/companies/${companyId}/members/${ana.userId}`, { name: 'Ana Apollo', teamIds: [apollo], hourlyRate }));
  /** A session from `start` to `end`, punched in that day first, with idle minutes reported as the desktop agent does, two a beat. */
  const track = async (user: ApiUser, teamId: string, timeZone: string, start: string, end: string, idleMinutes = 0) => {
    at(start);
    const punch = await user.call('POST', `/api/companies/${companyId}/punch/in`, { timeZone });
    if (punch.status !== 200 && punch.body?.message !== 'You are already punched in.') throw new Error(`punch in failed: ${JSON.stringify(punch.body)}`);
    const { session } = await ok(user.call('POST', `/api/companies/${companyId}/timer/start`, { teamId, projectId, taskId: tasks.get(user.userId), timeZone }));
    for (let reported = 0; reported < idleMinutes; reported += 2) {
      at(new Date(Date.parse(start) + (reported + 2) * 60_000).toISOString());
      await ok(user.call('POST', `/api/companies/${companyId}/timer/heartbeat`, { sessionId: session!.sessionId, idleMinutes: 2 }));
    }
    at(end);
    await ok(user.call('POST', `/api/companies/${companyId}/timer/stop`, {}));
  };

  const yesterday = Temporal.Now.plainDateISO('Asia/Kolkata').subtract({ days: 1 });
  try {
    at('2026-03-01T00:00:00Z');
    await setRate(10);
    await track(ana, apollo, 'Asia/Kolkata', '2026-03-03T03:30:00Z', '2026-03-03T06:00:00Z', 10);
    at('2026-03-03T12:00:00Z');
    await setRate(20);
    await track(ana, apollo, 'Asia/Kolkata', '2026-03-03T17:30:00Z', '2026-03-03T20:00:00Z');
    const ist = (time: string) => yesterday.toPlainDateTime(time).toZonedDateTime('Asia/Kolkata').toInstant().toString();
    await track(ana, apollo, 'Asia/Kolkata', ist('10:00'), ist('12:00'));

    await track(bob, gemini, 'America/New_York', '2026-11-01T03:00:00Z', '2026-11-01T08:00:00Z');
  } finally {
    setClock(null);
  }
  return { admin, manager, ana, bob, idle, companyId, apollo, gemini, projectId, yesterday: yesterday.toString() };
}
