import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveStream } from '../../domain/leave/events.ts';
import { accessDenied } from '../../domain/members/roles.ts';
import { regularizationStream } from '../../domain/regularization/events.ts';
import { TUESDAY } from '../../tests/support/requests-company.ts';
import { readModelsIncludeAllWritten } from '../../tests/support/read-models.ts';
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
// The regularization's people: Rita asks for time on Mercury, where Mo and Mila manage and Hugo is Head; Vera manages Venus, Rita's other team.
let rita: ApiUser;
let mo: ApiUser;
let mila: ApiUser;
let hugo: ApiUser;
let vera: ApiUser;
let mercury: string;
let projectId: string;
let taskId: string;

const path = (rest: string) => `/api/companies/${companyId}${rest}`;
const ask = (leaveDate: string, assignee = max) =>
  ana.call('POST', path('/leave/requests'), { leaveDate, type: 'Sick Leave', comment: '', assigneeId: assignee.userId, timeZone: 'Asia/Kolkata' });
/** Whom a request is with now, as its requester's list of their `kind` requests shows. */
const assigneeIn = async (kind: 'leave' | 'regularization', requester: ApiUser, requestId: string) => {
  const { requests } = (await requester.call('GET', path(`/${kind}/requests`))).body as { requests: { requestId: string; assignee: { name: string } }[] };
  return requests.find((r) => r.requestId === requestId)!.assignee.name;
};
const assigneeOf = (requestId: string) => assigneeIn('leave', ana, requestId);
/** Every read model up to date with everything written so far. */
const caughtUp = () => readModelsIncludeAllWritten(server);
const sweep = async () => {
  await caughtUp();
  await reassignOrphanedRequests({ store: server.store, db: server.db, now: TUESDAY });
  await caughtUp();
};
/** The requests the server moved on, in order, as a stream records them. */
const movedOn = async (streamId: string) =>
  (await server.store.readStream(streamId)).filter((e) => e.type === 'LeaveReassigned' || e.type === 'RegularizationReassigned').map((e) => (e.data as { requestId: string }).requestId);
const moves = () => movedOn(leaveStream(companyId, ana.userId));

/** Rita's request for an hour of Monday 9 March from `startHours`, on Mercury, to Mo. */
const askTime = (startHours: number) =>
  rita.call('POST', path('/regularization/requests'), {
    teamId: mercury,
    date: '2026-03-09',
    startHours,
    startMinutes: 0,
    durationHours: 1,
    durationMinutes: 0,
    projectId,
    taskId,
    taskDetails: 'Release notes',
    assigneeId: mo.userId,
    timeZone: 'Asia/Kolkata',
  });
const approveTime = (user: ApiUser, requestId: string) => user.call('POST', path(`/regularization/requests/${requestId}/approve`), { comment: '' });
const timeAssigneeOf = (requestId: string) => assigneeIn('regularization', rita, requestId);
const timeMoves = () => movedOn(regularizationStream(companyId, rita.userId));

beforeAll(async () => {
  server = await startTestServer({ now: () => clock ?? new Date() });
  [admin, max, hana, otto, ana, rita, mo, mila, hugo, vera] = await Promise.all([
    signedInUser(server, 'admin@reassign.test', 'Ada Admin'),
    signedInUser(server, 'max@reassign.test', 'Max Manager'),
    signedInUser(server, 'hana@reassign.test', 'Hana Head'),
    signedInUser(server, 'otto@reassign.test', 'Otto Manager'),
    signedInUser(server, 'ana@reassign.test', 'Ana Apollo'),
    signedInUser(server, 'rita@reassign.test', 'Rita Mercury'),
    signedInUser(server, 'mo@reassign.test', 'Mo Manager'),
    signedInUser(server, 'mila@reassign.test', 'Mila Manager'),
    signedInUser(server, 'hugo@reassign.test', 'Hugo Head'),
    signedInUser(server, 'vera@reassign.test', 'Vera Manager'),
  ]);
  // Created by the real clock, so its trial is running while the tests write.
  companyId = await createCompany(admin, 'Reassign Inc');
  const team = async (name: string): Promise<string> => (await admin.call('POST', path('/teams'), { name })).body.teamId;
  apollo = await team('Apollo');
  const gemini = await team('Gemini');
  await inviteAndAccept(server, admin, companyId, max, 'Manager', [apollo]);
  await inviteAndAccept(server, admin, companyId, hana, 'Head', [apollo]);
  await inviteAndAccept(server, admin, companyId, otto, 'Manager', [gemini]);
  await inviteAndAccept(server, admin, companyId, ana, 'Member', [apollo]);
  // Ana is in both teams: a leave request may go to a manager of either.
  await admin.call('PATCH', path(`/members/${ana.userId}`), { name: 'Ana Apollo', teamIds: [apollo, gemini], hourlyRate: null });

  mercury = await team('Mercury');
  const venus = await team('Venus');
  await inviteAndAccept(server, admin, companyId, mo, 'Manager', [mercury]);
  await inviteAndAccept(server, admin, companyId, mila, 'Manager', [mercury]);
  await inviteAndAccept(server, admin, companyId, hugo, 'Head', [mercury]);
  await inviteAndAccept(server, admin, companyId, vera, 'Manager', [venus]);
  await inviteAndAccept(server, admin, companyId, rita, 'Member', [mercury]);
  await admin.call('PATCH', path(`/members/${rita.userId}`), { name: 'Rita Mercury', teamIds: [mercury, venus], hourlyRate: null });
  projectId = (await admin.call('POST', path('/projects'), { name: 'Website' })).body.projectId;
  const task = { projectId, title: 'Launch', description: 'Ship it', status: 'TO DO', priority: 'P2', eta: null, assigneeId: rita.userId };
  taskId = (await admin.call('POST', path('/tasks'), task)).body.taskId;
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
    expect(await moves()).toEqual([pending, pending, pending]);
    expect(await assigneeOf(approved)).toBe('Max Manager');
  });
});

describe('a regularization request whose assignee leaves', () => {
  it('moves to a Manager of its own team, else a Head, else an Admin, and only the new assignee decides it', async () => {
    const pending = (await askTime(9)).body.requestId as string;
    const approvedByHugo = (await askTime(11)).body.requestId as string;
    const approvedByMo = (await askTime(13)).body.requestId as string;
    expect((await approveTime(mo, approvedByMo)).status).toBe(200);

    await sweep();
    expect(await timeAssigneeOf(pending)).toBe('Mo Manager');

    // Mo leaves Mercury: Mila manages it, and a Manager comes before a Head.
    expect((await admin.call('DELETE', path(`/teams/${mercury}/members/${mo.userId}`))).status).toBe(200);
    await sweep();
    expect(await timeAssigneeOf(pending)).toBe('Mila Manager');
    const { history } = (await rita.call('GET', path(`/requests/${pending}/history`))).body;
    expect(history.at(-1)).toMatchObject({ action: 'edited', actor: { name: 'Timeledger' }, changes: [{ field: 'assignee', from: 'Mo Manager', to: 'Mila Manager' }] });
    expect((await approveTime(mo, pending)).body.message).toBe(accessDenied);

    // Mila leaves the company: Hugo is Mercury's Head; Vera manages Rita's other team, not the request's. The new assignee decides it.
    expect((await admin.call('DELETE', path(`/members/${mila.userId}`))).status).toBe(200);
    await sweep();
    expect(await timeAssigneeOf(pending)).toBe('Hugo Head');
    expect(await timeAssigneeOf(approvedByHugo)).toBe('Hugo Head');
    expect((await approveTime(hugo, approvedByHugo)).status).toBe(200);

    // Hugo leaves Mercury: an Admin is left.
    expect((await admin.call('DELETE', path(`/teams/${mercury}/members/${hugo.userId}`))).status).toBe(200);
    await sweep();
    expect(await timeAssigneeOf(pending)).toBe('Ada Admin');

    // A sweep with nothing to move writes nothing; the processed requests stay with whoever processed them.
    await sweep();
    // Requests of one moment move in no particular order: each moved once per sweep that had to move it.
    expect((await timeMoves()).sort()).toEqual([pending, approvedByHugo, pending, approvedByHugo, pending].sort());
    expect(await timeAssigneeOf(approvedByMo)).toBe('Mo Manager');
    expect(await timeAssigneeOf(approvedByHugo)).toBe('Hugo Head');
  });
});
