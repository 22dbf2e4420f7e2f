import { randomBytes } from 'node:crypto';
import type { TestServer } from './test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from './users.ts';

/**
 * A company with a month of punches, for the attendance calendar's and the
 * exports' browser tests: written over the API with the server's clock moved
 * to each moment (`setClock`; null gives the real time back).
 *
 * - Ada Admin; Max Manager of Apollo; Ana Apollo, Member of Apollo; Bob
 *   Gemini, Member of Gemini.
 * - Ana (Asia/Kolkata, UTC+5:30), March 2026:
 *   Mon 2: punch in 09:00, a session 10:00–12:00 with 10 idle minutes, punch out 17:30 (8h 30m);
 *   Tue 3: punch in 22:00, a session 22:30 to 01:30 on Wed 4, punch out 02:00 on Wed 4 (a pair over midnight);
 *   Thu 5: punch in 09:30, never punched out (a missing punch out);
 *   Fri 6: punch in 09:00, punch out 13:00.
 *   So March counts 5 days Present, 9 Week Off (its Saturdays and Sundays) and 17 Absent.
 * - Bob (America/New_York): Tue 10 March 2026, punch in 09:00, punch out 17:00 EDT.
 * Their addresses end in `suffix`, random unless given: browser files share
 * their worker's server (tests/support/test-server.ts's sharedTestServer).
 */
export async function seedAttendanceCompany(server: TestServer, setClock: (at: Date | null) => void, suffix = `-${randomBytes(3).toString('hex')}`) {
  const email = (name: string) => `${name}${suffix}@attendance.test`;
  const [admin, manager, ana, bob] = await Promise.all([
    signedInUser(server, email('admin'), 'Ada Admin'),
    signedInUser(server, email('manager'), 'Max Manager'),
    signedInUser(server, email('ana'), 'Ana Apollo'),
    signedInUser(server, email('bob'), 'Bob Gemini'),
  ]);
  const companyId = await createCompany(admin, 'Attendance Inc');
  const apollo: string = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Apollo' })).body.teamId;
  const gemini: string = (await admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Gemini' })).body.teamId;
  await inviteAndAccept(server, admin, companyId, manager, 'Manager', [apollo]);
  await inviteAndAccept(server, admin, companyId, ana, 'Member', [apollo]);
  await inviteAndAccept(server, admin, companyId, bob, 'Member', [gemini]);
  const projectId: string = (await admin.call('POST', `/api/companies/${companyId}/projects`, { name: 'Moonshot' })).body.projectId;
  const task = { projectId, title: 'Landing site survey', description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: ana.userId };
  const taskId: string = (await admin.call('POST', `/api/companies/${companyId}/tasks`, task)).body.taskId;

  const ok = async (user: ApiUser, path: string, body: unknown, at: string) => {
    setClock(new Date(at));
    const { status, body: answer } = await user.call('POST', `/api/companies/${companyId}${path}`, body);
    if (status !== 200) throw new Error(`seeding ${path} at ${at} failed: ${status} ${JSON.stringify(answer)}`);
    return answer as { session?: { sessionId: string } };
  };
  const punch = (user: ApiUser, direction: 'in' | 'out', at: string, timeZone = 'Asia/Kolkata') => ok(user, `/punch/${direction}`, { timeZone }, at);
  /** A session of Ana's, with idle minutes reported as the desktop agent does, two a beat. */
  const track = async (start: string, end: string, idleMinutes = 0) => {
    const { session } = await ok(ana, '/timer/start', { teamId: apollo, projectId, taskId, timeZone: 'Asia/Kolkata' }, start);
    for (let reported = 0; reported < idleMinutes; reported += 2) {
      const beat = new Date(Date.parse(start) + (reported + 2) * 60_000).toISOString();
      await ok(ana, '/timer/heartbeat', { sessionId: session!.sessionId, idleMinutes: 2 }, beat);
    }
    await ok(ana, '/timer/stop', {}, end);
  };

  try {
    await punch(ana, 'in', '2026-03-02T03:30:00Z');
    await track('2026-03-02T04:30:00Z', '2026-03-02T06:30:00Z', 10);
    await punch(ana, 'out', '2026-03-02T12:00:00Z');

    await punch(ana, 'in', '2026-03-03T16:30:00Z');
    await track('2026-03-03T17:00:00Z', '2026-03-03T20:00:00Z');
    await punch(ana, 'out', '2026-03-03T20:30:00Z');

    await punch(ana, 'in', '2026-03-05T04:00:00Z');

    await punch(ana, 'in', '2026-03-06T03:30:00Z');
    await punch(ana, 'out', '2026-03-06T07:30:00Z');

    await punch(bob, 'in', '2026-03-10T13:00:00Z', 'America/New_York');
    await punch(bob, 'out', '2026-03-10T21:00:00Z', 'America/New_York');
  } finally {
    setClock(null);
  }
  return { admin, manager, ana, bob, companyId, apollo, gemini, projectId };
}
