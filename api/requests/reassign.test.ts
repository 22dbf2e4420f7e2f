import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveStream } from '../../domain/leave/events.ts';
import { accessDenied } from '../../domain/members/roles.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { type ApiUser, createCompany, inviteAndAccept, signedInUser } from '../../tests/support/users.ts';
import { reassignOrphanedRequests } from './reassign.ts';

let server: TestServer;
let clock: Date | null = null;
let admin: ApiUser;
let max: ApiUser;
let hana: ApiUser;
let otto: ApiUser;
let ana: ApiUser;
let companyId: string;
let apollo: string;

/** Tuesday 10 March 2026, 11:30 in Kolkata (the company's zone). */
const TUESDAY = new Date('2026-03-10T06:00:00Z');

const path = (rest: string) => `/api/companies/${companyId}${rest}`;
const ask = (leaveDate: string, assignee = max) =>
  ana.call('POST', path('/leave/requests'), { leaveDate, type: 'Sick Leave', comment: '', assigneeId: assignee.userId, timeZone: 'Asia/Kolkata' });
const assigneeOf = async (requestId: string) => {
  const { requests } = (await ana.call('GET', path('/leave/requests'))).body as { requests: { requestId: string; assignee: { name: string } }[] };
  return requests.find((r) => r.requestId === requestId)!.assignee.name;
};
/** Every read model up to date with everything written so far. */
const caughtUp = async () => server.watcher.waitFor((await server.store.headPosition())!);
const sweep = async () => {
  await caughtUp();
  await reassignOrphanedRequests({ store: server.store, db: server.db, now: TUESDAY });
  await caughtUp();
};
const moves = async () => (await server.store.readStream(leaveStream(companyId, ana.userId))).filter((e) => e.type === 'LeaveReassigned').map((e) => e.data as { requestId: string });

beforeAll(async () => {
  server = await startTestServer({ now: () => clock ?? new Date() });
  [admin, max, hana, otto, ana] = await Promise.all([
    signedInUser(server, 'admin@reassign.test', 'Ada Admin'),
    signedInUser(server, 'max@reassign.test', 'Max Manager'),
    signedInUser(server, 'hana@reassign.test', 'Hana Head'),
    signedInUser(server, 'otto@reassign.test', 'Otto Manager'),
    signedInUser(server, 'ana@reassign.test', 'Ana Apollo'),
  ]);
  // Created by the real clock, so its trial is running while the tests write.
  companyId = await createCompany(admin, 'Reassign Inc');
  apollo = (await admin.call('POST', path('/teams'), { name: 'Apollo' })).body.teamId;
  const gemini = (await admin.call('POST', path('/teams'), { name: 'Gemini' })).body.teamId;
  await inviteAndAccept(server, admin, companyId, max, 'Manager', [apollo]);
  await inviteAndAccept(server, admin, companyId, hana, 'Head', [apollo]);
  await inviteAndAccept(server, admin, companyId, otto, 'Manager', [gemini]);
  await inviteAndAccept(server, admin, companyId, ana, 'Member', [apollo]);
  // Ana is in both teams: a leave request may go to a manager of either.
  await admin.call('PATCH', path(`/members/${ana.userId}`), { name: 'Ana Apollo', teamIds: [apollo, gemini], hourlyRate: null });
  await caughtUp();
  clock = TUESDAY;
}, 120_000);

afterAll(() => server.close());

describe('a leave request whose assignee leaves', () => {
  it('moves to a Manager of one of the requester’s teams, else a Head, else an Admin, each move by Timeledger', async () => {
    const pending = (await ask('2026-03-20')).body.requestId as string;
    const approved = (await ask('2026-03-23')).body.requestId as string;
    expect((await max.call('POST', path(`/leave/requests/${approved}/approve`), {})).status).toBe(200);

    await sweep();
    expect(await assigneeOf(pending)).toBe('Max Manager');

    // Max leaves Apollo: Otto manages Gemini, Ana's other team, and a Manager comes before a Head.
    expect((await admin.call('DELETE', path(`/teams/${apollo}/members/${max.userId}`))).status).toBe(200);
    await sweep();
    expect(await assigneeOf(pending)).toBe('Otto Manager');
    const { history } = (await ana.call('GET', path(`/requests/${pending}/history`))).body;
    expect(history.at(-1)).toMatchObject({ action: 'edited', actor: { name: 'Timeledger' }, changes: [{ field: 'assignee', from: 'Max Manager', to: 'Otto Manager' }] });
    expect((await max.call('POST', path(`/leave/requests/${pending}/approve`), {})).body.message).toBe(accessDenied);

    // Otto leaves the company: Hana is the Head left; then she leaves Apollo and an Admin is.
    expect((await admin.call('DELETE', path(`/members/${otto.userId}`))).status).toBe(200);
    await sweep();
    expect(await assigneeOf(pending)).toBe('Hana Head');
    expect((await admin.call('DELETE', path(`/teams/${apollo}/members/${hana.userId}`))).status).toBe(200);
    await sweep();
    expect(await assigneeOf(pending)).toBe('Ada Admin');

    // A sweep with nothing to move writes nothing; the approved request stays with Max, who approved it.
    await sweep();
    expect((await moves()).map((move) => move.requestId)).toEqual([pending, pending, pending]);
    expect(await assigneeOf(approved)).toBe('Max Manager');
  });
});
