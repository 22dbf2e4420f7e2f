import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardMessages } from '../../domain/dashboards/access.ts';
import { rangeMessages } from '../../domain/dashboards/range.ts';
import { trackerMessages } from '../../domain/time-tracking/tracker.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../../tests/support/users.ts';

let server: TestServer;
let clock: Date | null = null;
let admin: ApiUser;
let manager: ApiUser;
let ana: ApiUser;
let bob: ApiUser;
let ivy: ApiUser;
let gus: ApiUser;
let companyId: string;
let apollo: string;
let gemini: string;

/** Minutes in an hour: attendance answers whole minutes. */
const HOUR = 60;
const at = (iso: string) => {
  clock = new Date(iso);
};

async function ok(answer: Promise<{ status: number; body: any }>) {
  const { status, body } = await answer;
  if (status !== 200 && status !== 201) throw new Error(`seeding failed: ${status} ${JSON.stringify(body)}`);
  return body;
}

const attendance = (user: ApiUser, path: string, query: Record<string, string> = {}) =>
  user.call('GET', `/api/companies/${companyId}/attendance/${path}?${new URLSearchParams(query)}`);

/**
 * March 2026, company zone Asia/Kolkata (UTC+5:30). Ana (Kolkata) and Bob
 * (New York), Ivy and Max Manager are in Apollo; Gus in Gemini.
 * - Ana, Mon 2 March: 09:00–18:00 punched, 09:30–13:30 tracked with 10 idle minutes.
 * - Ana, Tue 3 March: punched in at 09:00, tracked 10:00–12:00, never punched out.
 * - Ana, Wed 4 March: punched in at 22:00, tracked to 01:00, punched out at 02:00 on Thursday.
 * - Gus, Mon 2 March: 09:30–10:30 punched.
 * - Bob, Sat 7 March 22:00 EST to Sun 8 March 06:00 EDT: the night clocks go forward.
 * - Ivy, Mon 9 March: punched in at 09:00, still at work.
 */
async function seed() {
  [admin, manager, ana, bob, ivy, gus] = await Promise.all([
    signedInUser(server, 'admin@attendance.test', 'Ada Admin'),
    signedInUser(server, 'manager@attendance.test', 'Max Manager'),
    signedInUser(server, 'ana@attendance.test', 'Ana Apollo'),
    signedInUser(server, 'bob@attendance.test', 'Bob Apollo'),
    signedInUser(server, 'ivy@attendance.test', 'Ivy Idle'),
    signedInUser(server, 'gus@attendance.test', 'Gus Gemini'),
  ]);
  companyId = await createCompany(admin, 'Attendance Inc');
  // Everyone joins before the month the tests read (the trial runs from today, so it covers March too).
  at('2026-03-01T00:00:00Z');
  apollo = (await ok(admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Apollo' }))).teamId;
  gemini = (await ok(admin.call('POST', `/api/companies/${companyId}/teams`, { name: 'Gemini' }))).teamId;
  await inviteAndAccept(server, admin, companyId, manager, 'Manager', [apollo]);
  for (const member of [ana, bob, ivy]) await inviteAndAccept(server, admin, companyId, member, 'Member', [apollo]);
  await inviteAndAccept(server, admin, companyId, gus, 'Member', [gemini]);
  const projectId = (await ok(admin.call('POST', `/api/companies/${companyId}/projects`, { name: 'Moonshot' }))).projectId;
  const taskOf = async (user: ApiUser) =>
    (await ok(admin.call('POST', `/api/companies/${companyId}/tasks`, { projectId, title: `Task of ${user.email}`, description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: user.userId }))).taskId;
  const tasks = new Map([[ana.userId, await taskOf(ana)], [bob.userId, await taskOf(bob)]]);

  const punch = (user: ApiUser, direction: 'in' | 'out', when: string, timeZone: string) => {
    at(when);
    return ok(user.call('POST', `/api/companies/${companyId}/punch/${direction}`, { timeZone }));
  };
  const track = async (user: ApiUser, timeZone: string, start: string, end: string, idleMinutes = 0) => {
    at(start);
    const { session } = await ok(user.call('POST', `/api/companies/${companyId}/timer/start`, { teamId: apollo, projectId, taskId: tasks.get(user.userId), timeZone }));
    for (let reported = 0; reported < idleMinutes; reported += 2) {
      at(new Date(Date.parse(start) + (reported + 2) * 60_000).toISOString());
      await ok(user.call('POST', `/api/companies/${companyId}/timer/heartbeat`, { sessionId: session.sessionId, idleMinutes: 2 }));
    }
    at(end);
    await ok(user.call('POST', `/api/companies/${companyId}/timer/stop`, {}));
  };
  const kolkata = 'Asia/Kolkata';
  try {
    await punch(ana, 'in', '2026-03-02T03:30:00Z', kolkata);
    await track(ana, kolkata, '2026-03-02T04:00:00Z', '2026-03-02T08:00:00Z', 10);
    await punch(ana, 'out', '2026-03-02T12:30:00Z', kolkata);

    await punch(ana, 'in', '2026-03-03T03:30:00Z', kolkata);
    await track(ana, kolkata, '2026-03-03T04:30:00Z', '2026-03-03T06:30:00Z');

    // The next day starts not punched in: Tuesday's punch in does not count on Wednesday.
    at('2026-03-04T03:30:00Z');
    expect((await ana.call('POST', `/api/companies/${companyId}/punch/out`, { timeZone: kolkata })).body.message).toBe(trackerMessages.notPunchedIn);
    await punch(ana, 'in', '2026-03-04T16:30:00Z', kolkata);
    await track(ana, kolkata, '2026-03-04T16:35:00Z', '2026-03-04T19:30:00Z');
    await punch(ana, 'out', '2026-03-04T20:30:00Z', kolkata);

    await punch(gus, 'in', '2026-03-02T04:00:00Z', kolkata);
    await punch(gus, 'out', '2026-03-02T05:00:00Z', kolkata);

    await punch(bob, 'in', '2026-03-08T03:00:00Z', 'America/New_York');
    await track(bob, 'America/New_York', '2026-03-08T03:00:00Z', '2026-03-08T10:00:00Z');
    await punch(bob, 'out', '2026-03-08T10:00:00Z', 'America/New_York');

    // Ivy is at work on Monday 9 March, 'today' in the tests that read at 11:30 IST.
    await punch(ivy, 'in', '2026-03-09T03:30:00Z', kolkata);
  } finally {
    clock = null;
  }
}

beforeAll(async () => {
  server = await startTestServer({ now: () => clock ?? new Date() });
  await seed();
}, 120_000);

afterAll(() => server.close());

type Day = { day: string; status: string; pairs: { in: string; out: string | null; continued: boolean; continues: boolean }[]; [key: string]: unknown };
const byDay = (days: Day[]) => Object.fromEntries(days.map((d) => [d.day, d]));

describe('monthly attendance', () => {
  it('gives each day of the month its status, punches and hours', async () => {
    at('2026-03-09T06:00:00Z');
    const answer = await attendance(ana, 'month', { month: '2026-03' });
    clock = null;
    expect(answer.status).toBe(200);
    const { person, today, thresholdMinutes, days, counts } = answer.body;
    expect(person).toEqual({ userId: ana.userId, name: 'Ana Apollo', email: 'ana@attendance.test', timeZone: 'Asia/Kolkata' });
    expect(today).toBe('2026-03-09');
    expect(thresholdMinutes).toBe(8 * HOUR);
    expect(days).toHaveLength(31);
    const d = byDay(days);

    expect(d['2026-03-02']).toMatchObject({ status: 'present', punchedMinutes: 9 * HOUR, trackedMinutes: 4 * HOUR, idleMinutes: 10, activeMinutes: 4 * HOUR - 10, meetsThreshold: true, missingPunchOut: false });
    expect(d['2026-03-02'].pairs).toEqual([{ in: '2026-03-02T03:30:00.000Z', out: '2026-03-02T12:30:00.000Z', continued: false, continues: false }]);
    expect(d['2026-03-02']).toMatchObject({ checkIn: '2026-03-02T03:30:00.000Z', checkOut: '2026-03-02T12:30:00.000Z', timeZone: 'Asia/Kolkata' });

    // Never punched out: counted up to the end of the time tracked that day.
    expect(d['2026-03-03']).toMatchObject({ status: 'present', missingPunchOut: true, punchedMinutes: 3 * HOUR, meetsThreshold: false, checkOut: null });
    expect(d['2026-03-03'].pairs).toEqual([{ in: '2026-03-03T03:30:00.000Z', out: null, continued: false, continues: false }]);

    // A punch pair over midnight, cut there.
    expect(d['2026-03-04'].pairs).toEqual([{ in: '2026-03-04T16:30:00.000Z', out: '2026-03-04T18:30:00.000Z', continued: false, continues: true }]);
    expect(d['2026-03-05'].pairs).toEqual([{ in: '2026-03-04T18:30:00.000Z', out: '2026-03-04T20:30:00.000Z', continued: true, continues: false }]);
    expect(d['2026-03-04']).toMatchObject({ status: 'present', punchedMinutes: 2 * HOUR, trackedMinutes: 2 * HOUR - 5 });
    expect(d['2026-03-05']).toMatchObject({ status: 'present', punchedMinutes: 2 * HOUR, trackedMinutes: HOUR });

    expect(d['2026-03-06'].status).toBe('absent');
    expect(d['2026-03-07'].status).toBe('weekOff');
    expect(d['2026-03-08'].status).toBe('weekOff');
    expect(d['2026-03-09'].status).toBe('absent');
    expect(d['2026-03-10'].status).toBe('future');
    expect(counts).toEqual({ present: 4, absent: 2, weekOff: 3, holiday: 0, sickLeave: 0, paidLeave: 0, casualLeave: 0, leave: 0 });
  });

  it('counts a night over the switch to daylight saving in real hours, on the weekend days it fell on', async () => {
    const answer = await attendance(manager, 'month', { month: '2026-03', userId: bob.userId });
    expect(answer.status).toBe(200);
    const d = byDay(answer.body.days);
    expect(answer.body.person.timeZone).toBe('America/New_York');
    expect([d['2026-03-07'].status, d['2026-03-07'].punchedMinutes]).toEqual(['present', 2 * HOUR]);
    expect([d['2026-03-08'].status, d['2026-03-08'].punchedMinutes]).toEqual(['present', 5 * HOUR]);
  });

  it('shows a person only to themselves, their team’s managers and Admins', async () => {
    expect((await attendance(admin, 'month', { month: '2026-03', userId: gus.userId })).status).toBe(200);
    for (const [viewer, person] of [
      [ana, bob],
      [manager, gus],
      [gus, ana],
    ] as const) {
      const answer = await attendance(viewer, 'month', { month: '2026-03', userId: person.userId });
      expect(answer).toMatchObject({ status: 404, body: { message: dashboardMessages.personNotFound } });
    }
  });

  it('refuses a malformed month with a clear message', async () => {
    for (const month of ['2026-13', '2026-3', 'March', '']) {
      const answer = await attendance(ana, 'month', { month });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/month/);
    }
    expect((await attendance(ana, 'month', { month: '2026-03', extra: '1' })).status).toBe(400);
  });
});

describe('team attendance', () => {
  it('counts present, absent and short days per day, newest first, each count naming its people', async () => {
    at('2026-03-09T06:00:00Z');
    const answer = await attendance(manager, 'team', { teamId: apollo, to: '2026-03-09', days: '8' });
    expect(answer.status).toBe(200);
    expect(answer.body.team).toEqual({ teamId: apollo, name: 'Apollo' });
    expect(answer.body.days.map((d: { day: string }) => d.day)).toEqual(['2026-03-09', '2026-03-08', '2026-03-07', '2026-03-06', '2026-03-05', '2026-03-04', '2026-03-03', '2026-03-02']);
    const d = byDay(answer.body.days);
    // Apollo counts Ana, Bob, Ivy and Max Manager.
    expect(d['2026-03-02']).toMatchObject({ present: 1, absent: 3, notCompleted: 0 });
    expect(d['2026-03-03']).toMatchObject({ present: 1, absent: 3, notCompleted: 1 });
    expect(d['2026-03-08']).toMatchObject({ present: 1, absent: 0, notCompleted: 1 });
    // Today: Ivy's open punch counts to now, 2.5 hours.
    expect(d['2026-03-09']).toMatchObject({ present: 1, absent: 3, notCompleted: 1 });

    const people = async (day: string, group: string) =>
      (await attendance(manager, 'team/people', { teamId: apollo, day, group, today: '2026-03-09' })).body.people.map((p: { name: string }) => p.name);
    expect(await people('2026-03-03', 'notCompleted')).toEqual(['Ana Apollo']);
    expect(await people('2026-03-02', 'absent')).toEqual(['Bob Apollo', 'Ivy Idle', 'Max Manager']);
    expect(await people('2026-03-08', 'present')).toEqual(['Bob Apollo']);
    expect(await people('2026-03-09', 'notCompleted')).toEqual(['Ivy Idle']);
    clock = null;
  });

  it('counts the team’s Admin for an Admin, not for a Manager, and each count’s people have that day on their own calendar', async () => {
    // Amy, an Admin since 1 March (on every team by her role), punched nothing.
    const amy = await signedInUser(server, 'amy@attendance.test', 'Amy Admin');
    at('2026-03-01T00:00:00Z');
    await inviteAndAccept(server, admin, companyId, amy, 'Admin', []);
    at('2026-03-09T06:00:00Z');
    const days = byDay((await attendance(admin, 'team', { teamId: apollo, to: '2026-03-09', days: '8' })).body.days);
    expect(days['2026-03-02']).toMatchObject({ present: 1, absent: 4, notCompleted: 0 });
    expect(byDay((await attendance(manager, 'team', { teamId: apollo, to: '2026-03-09', days: '8' })).body.days)['2026-03-02']).toMatchObject({ present: 1, absent: 3 });
    const status = { present: 'present', absent: 'absent', notCompleted: 'present' } as const;
    for (const day of ['2026-03-02', '2026-03-03', '2026-03-08', '2026-03-09']) {
      for (const group of ['present', 'absent', 'notCompleted'] as const) {
        const { people } = (await attendance(admin, 'team/people', { teamId: apollo, day, group, today: '2026-03-09' })).body;
        expect(people.length, `${day} ${group}`).toBe(days[day][group]);
        for (const person of people as { userId: string; name: string }[]) {
          const month = (await attendance(admin, 'month', { month: '2026-03', userId: person.userId })).body;
          const own = month.days.find((d: { day: string }) => d.day === day);
          expect(own.status, `${person.name} on ${day}`).toBe(status[group]);
          if (group === 'notCompleted') expect(own.meetsThreshold).toBe(false);
        }
      }
    }
    expect((await attendance(admin, 'team/people', { teamId: apollo, day: '2026-03-02', group: 'absent', today: '2026-03-09' })).body.people.map((p: { name: string }) => p.name)).toContain('Amy Admin');
    clock = null;
  });

  it('does not count people on days before they joined', async () => {
    const answer = await attendance(manager, 'team', { teamId: apollo, to: '2026-02-28', days: '1' });
    expect(answer.body.days).toEqual([{ day: '2026-02-28', present: 0, absent: 0, notCompleted: 0 }]);
  });

  it('is for those who manage the team', async () => {
    expect((await attendance(manager, 'team', { teamId: gemini, to: '2026-03-09', days: '6' })).body.message).toBe(dashboardMessages.teamNotFound);
    expect((await attendance(admin, 'team', { teamId: gemini, to: '2026-03-09', days: '6' })).status).toBe(200);
    expect((await attendance(ana, 'team', { teamId: apollo, to: '2026-03-09', days: '6' })).status).toBe(403);
  });

  it('refuses a bad day or count', async () => {
    expect((await attendance(manager, 'team', { teamId: apollo, to: '2026-02-30', days: '6' })).body.message).toBe(rangeMessages.malformed);
    expect((await attendance(manager, 'team', { teamId: apollo, to: '2026-03-09', days: '0' })).status).toBe(400);
    expect((await attendance(manager, 'team/people', { teamId: apollo, day: '2026-03-09', group: 'late', today: '2026-03-09' })).status).toBe(400);
  });
});

describe('Time & Attendance table', () => {
  it('lists the days people were present, newest first, with location, check in and out, work and active time', async () => {
    const answer = await attendance(admin, 'records', { pageSize: '100' });
    expect(answer.status).toBe(200);
    const rows = answer.body.rows.map((r: { name: string; day: string }) => `${r.day} ${r.name}`);
    expect(rows).toEqual(['2026-03-09 Ivy Idle', '2026-03-08 Bob Apollo', '2026-03-07 Bob Apollo', '2026-03-05 Ana Apollo', '2026-03-04 Ana Apollo', '2026-03-03 Ana Apollo', '2026-03-02 Ana Apollo', '2026-03-02 Gus Gemini']);
    expect(answer.body.total).toBe(8);
    const monday = answer.body.rows.at(-2);
    expect(monday).toMatchObject({ location: 'Kolkata', timeZone: 'Asia/Kolkata', checkIn: '2026-03-02T03:30:00.000Z', checkOut: '2026-03-02T12:30:00.000Z', punchedMinutes: 9 * HOUR, trackedMinutes: 4 * HOUR, activeMinutes: 4 * HOUR - 10 });
    expect(answer.body.rows[1]).toMatchObject({ location: 'New York', email: 'bob@attendance.test' });
  });

  it('finds people by name or e-mail, a day, and pages', async () => {
    const names = async (query: Record<string, string>) => (await attendance(manager, 'records', query)).body;
    expect((await names({ search: 'ANA' })).total).toBe(4);
    expect((await names({ search: 'bob@' })).total).toBe(2);
    expect((await names({ search: '%' })).total).toBe(0);
    expect((await names({ day: '2026-03-05' })).rows.map((r: { name: string }) => r.name)).toEqual(['Ana Apollo']);
    const second = await names({ page: '2', pageSize: '4' });
    expect([second.rows.length, second.total, second.page]).toEqual([3, 7, 2]);
    expect((await names({ page: '9', pageSize: '4' })).total).toBe(7);
  });

  it('shows a Manager only their teams’ people and refuses Members', async () => {
    expect((await attendance(admin, 'records', { search: 'gus' })).body.total).toBe(1);
    expect((await attendance(manager, 'records', { search: 'gus' })).body.total).toBe(0);
    expect((await attendance(ana, 'records')).status).toBe(403);
  });
});
