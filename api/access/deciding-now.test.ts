import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveStream } from '../../domain/leave/events.ts';
import { accessDenied } from '../../domain/members/roles.ts';
import { regularizationStream } from '../../domain/regularization/events.ts';
import { seedRequestsCompany, TUESDAY } from '../../tests/support/requests-company.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import type { ApiUser } from '../../tests/support/users.ts';
import { APP_HEADER, APP_HEADER_VALUE } from '../http/csrf.ts';

let server: TestServer;
let clock: Date | null = null;
let admin: ApiUser, max: ApiUser, mia: ApiUser, ana: ApiUser, gus: ApiUser;
let companyId: string, apollo: string, gemini: string, projectId: string, taskId: string;

const path = (rest: string) => `/api/companies/${companyId}${rest}`;
const askLeave = async (requester: ApiUser, leaveDate: string, assignee = max): Promise<string> => {
  const asked = await requester.call('POST', path('/leave/requests'), { leaveDate, type: 'Sick Leave', assigneeId: assignee.userId, timeZone: 'Asia/Kolkata' });
  expect(asked.status).toBe(201);
  return asked.body.requestId;
};
/** Ana's hour of Monday 9 March from `startHours`, on Apollo, to Max. */
const askTime = async (startHours: number): Promise<string> => {
  const form = { teamId: apollo, date: '2026-03-09', startHours, startMinutes: 0, durationHours: 1, durationMinutes: 0, projectId, taskId, taskDetails: 'Release notes', assigneeId: max.userId, timeZone: 'Asia/Kolkata' };
  const asked = await ana.call('POST', path('/regularization/requests'), form);
  expect(asked.status).toBe(201);
  return asked.body.requestId;
};
const answer = (kind: 'leave' | 'regularization', user: ApiUser, requestId: string, verb: 'approve' | 'decline') =>
  user.call('POST', path(`/${kind}/requests/${requestId}/${verb}`), { comment: '' });
const eventsOf = async (streamId: string) => (await server.store.readStream(streamId)).map((e) => e.type);

beforeAll(async () => {
  server = await startTestServer({ now: () => clock ?? new Date() });
  ({ admin, max, mia, ana, gus, companyId, apollo, gemini } = await seedRequestsCompany(server, 'rights', 'Rights Inc'));
  // Max manages Gemini too: taken off Apollo, he is still a Manager.
  expect((await admin.call('PATCH', path(`/members/${max.userId}`), { name: 'Max Manager', teamIds: [apollo, gemini], hourlyRate: null })).status).toBe(200);
  projectId = (await admin.call('POST', path('/projects'), { name: 'Website' })).body.projectId;
  const task = { projectId, title: 'Launch', description: 'Ship it', status: 'TO DO', priority: 'P2', eta: null, assigneeId: ana.userId };
  taskId = (await admin.call('POST', path('/tasks'), task)).body.taskId;
  clock = TUESDAY;
}, 120_000);

afterAll(() => server.close());

describe('deciding a request with the rights of the moment', () => {
  it('refuses a Manager taken off the requester’s team at once, before any sweep moves the request, and writes nothing', async () => {
    // While Max manages Apollo, he decides Ana's requests.
    expect((await answer('leave', max, await askLeave(ana, '2026-03-16'), 'approve')).status).toBe(200);
    expect((await answer('regularization', max, await askTime(9), 'approve')).status).toBe(200);

    const leave = await askLeave(ana, '2026-03-17');
    const time = await askTime(11);
    expect((await admin.call('DELETE', path(`/teams/${apollo}/members/${max.userId}`))).status).toBe(200);
    const before = { leave: await eventsOf(leaveStream(companyId, ana.userId)), time: await eventsOf(regularizationStream(companyId, ana.userId)) };

    for (const verb of ['approve', 'decline'] as const) {
      expect(await answer('leave', max, leave, verb)).toMatchObject({ status: 403, body: { message: accessDenied } });
      expect(await answer('regularization', max, time, verb)).toMatchObject({ status: 403, body: { message: accessDenied } });
    }
    // Nothing written, and the requests are still his: refused for his rights, not because they moved.
    expect(await eventsOf(leaveStream(companyId, ana.userId))).toEqual(before.leave);
    expect(await eventsOf(regularizationStream(companyId, ana.userId))).toEqual(before.time);
    expect(before.leave).not.toContain('LeaveReassigned');
    expect(before.time).not.toContain('RegularizationReassigned');

    // An Admin decides any request.
    expect((await answer('leave', admin, leave, 'approve')).status).toBe(200);
    expect((await answer('regularization', admin, time, 'decline')).status).toBe(200);
  });

  it('refuses the assignee once the requester moved to a team they do not manage', async () => {
    expect((await answer('leave', max, await askLeave(gus, '2026-03-16'), 'approve')).status).toBe(200);
    const leave = await askLeave(gus, '2026-03-17');
    expect((await admin.call('PATCH', path(`/members/${gus.userId}`), { name: 'Gus Gemini', teamIds: [apollo], hourlyRate: null })).status).toBe(200);
    const before = await eventsOf(leaveStream(companyId, gus.userId));

    expect(await answer('leave', max, leave, 'approve')).toMatchObject({ status: 403, body: { message: accessDenied } });
    expect(await eventsOf(leaveStream(companyId, gus.userId))).toEqual(before);
    expect(before).not.toContain('LeaveReassigned');
  });

  it('reads the approver’s membership from the streams: a removal the read models have not applied yet already counts', async () => {
    const leave = await askLeave(ana, '2026-03-19', mia);
    const before = await eventsOf(leaveStream(companyId, ana.userId));
    // Holding the team members' table keeps the read models from applying Mia's removal from Apollo; they can still be read.
    const holder = new pg.Client({ connectionString: server.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE team_members IN EXCLUSIVE MODE');
      // As a browser would send it, without waiting for the read models to show it.
      const removed = await fetch(`${server.url}${path(`/teams/${apollo}/members/${mia.userId}`)}`, { method: 'DELETE', headers: { cookie: admin.cookie, [APP_HEADER]: APP_HEADER_VALUE } });
      expect(removed.status).toBe(200);
      const shown = await server.db.selectFrom('team_members').select('role').where('team_id', '=', apollo).where('user_id', '=', mia.userId).executeTakeFirst();
      expect(shown).toEqual({ role: 'Manager' });

      expect(await answer('leave', mia, leave, 'approve')).toMatchObject({ status: 403, body: { message: accessDenied } });
      expect(await eventsOf(leaveStream(companyId, ana.userId))).toEqual(before);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
  });
});
