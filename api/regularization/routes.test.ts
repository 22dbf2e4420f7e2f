import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessDenied } from '../../domain/members/roles.ts';
import { regularizationStream } from '../../domain/regularization/events.ts';
import { regularizationMessages as messages } from '../../domain/regularization/regularization.ts';
import { expectEachRefused, managerRefusals, type Refusal, seedRequestsCompany, TUESDAY } from '../../tests/support/requests-company.ts';
import { readModelsIncludeAllWritten } from '../../tests/support/read-models.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import type { ApiUser } from '../../tests/support/users.ts';
import { reassignOrphanedRequests } from '../requests/reassign.ts';
import { regularizationAnswers } from './routes.ts';

let server: TestServer;
let clock: Date | null = null;
let admin: ApiUser, max: ApiUser, mia: ApiUser, otto: ApiUser, ana: ApiUser;
let companyId: string, apollo: string, projectId: string, taskId: string;

const MONDAY = '2026-03-09';

const path = (rest: string) => `/api/companies/${companyId}${rest}`;
/** Ana's form: Monday from 09:00 for an hour, to Max, unless changed. */
const form = (changes: Record<string, unknown> = {}) => ({
  date: MONDAY,
  startHours: 9,
  startMinutes: 0,
  durationHours: 1,
  durationMinutes: 0,
  projectId,
  taskId,
  taskDetails: 'Release notes',
  assigneeId: max.userId,
  timeZone: 'Asia/Kolkata',
  ...changes,
});
const ask = (user: ApiUser, changes: Record<string, unknown> = {}) => user.call('POST', path('/regularization/requests'), { teamId: apollo, ...form(changes) });
const requestsOf = async (user: ApiUser) => (await user.call('GET', path('/regularization/requests'))).body.requests as { requestId: string; status: string; start: string; assignee: { name: string } }[];
const toProcess = async (user: ApiUser) => (await user.call('GET', path('/regularization/team-requests'))).body.requests as { requestId: string; status: string; mayProcess: boolean }[];
const answer = (user: ApiUser, requestId: string, verb: 'approve' | 'decline', comment = '') => user.call('POST', path(`/regularization/requests/${requestId}/${verb}`), { comment });
const history = async (user: ApiUser, requestId: string) => (await user.call('GET', path(`/requests/${requestId}/history`))).body;
const streamOf = async (user: ApiUser) => (await server.store.readStream(regularizationStream(companyId, user.userId))).map((e) => e.type);
const manualEntries = (requestId: string) => server.db.selectFrom('timelog_entries').selectAll().where('session_id', '=', requestId).execute();

beforeAll(async () => {
  server = await startTestServer({ now: () => clock ?? new Date() });
  ({ admin, max, mia, otto, ana, companyId, apollo } = await seedRequestsCompany(server, 'regularization', 'Regularization Inc'));
  projectId = (await admin.call('POST', path('/projects'), { name: 'Website' })).body.projectId;
  const task = { projectId, title: 'Launch', description: 'Ship it', status: 'TO DO', priority: 'P2', eta: null, assigneeId: ana.userId };
  taskId = (await admin.call('POST', path('/tasks'), task)).body.taskId;
  clock = TUESDAY;
}, 120_000);

afterAll(() => server.close());

describe('asking for time one could not track', () => {
  it('records a request, lists it for the requester and starts its history', async () => {
    const asked = await ask(ana);
    expect(asked).toMatchObject({ status: 201, body: { message: regularizationAnswers.submitted } });
    const { requestId } = asked.body;
    expect(await requestsOf(ana)).toEqual([
      {
        requestId,
        date: MONDAY,
        startMinute: 540,
        durationMinutes: 60,
        timeZone: 'Asia/Kolkata',
        start: '2026-03-09T03:30:00.000Z',
        end: '2026-03-09T04:30:00.000Z',
        teamId: apollo,
        project: { projectId, name: 'Website' },
        task: { taskId, name: 'Launch' },
        taskDetails: 'Release notes',
        status: 'Pending',
        assignee: { userId: max.userId, name: 'Max Manager' },
        requestedAt: expect.any(String),
        processedBy: null,
        processedAt: null,
        processComment: null,
      },
    ]);
    expect(await history(ana, requestId)).toEqual({
      kind: 'regularization',
      history: [{ id: expect.any(String), action: 'requested', actor: { userId: ana.userId, name: 'Ana Apollo' }, at: expect.any(String), comment: null, changes: [] }],
    });
  });

  it('answers each rule of the form with the spec’s message, writing nothing', async () => {
    // Ana tracked 10:00 to 10:30 on Monday with the timer.
    clock = new Date('2026-03-09T04:25:00Z');
    await ana.call('POST', path('/punch/in'), { timeZone: 'Asia/Kolkata' });
    await ana.call('POST', path('/timer/start'), { teamId: apollo, projectId, taskId, timeZone: 'Asia/Kolkata' });
    clock = new Date('2026-03-09T05:00:00Z');
    expect((await ana.call('POST', path('/timer/stop'), {})).status).toBe(200);
    clock = TUESDAY;

    const before = (await streamOf(ana)).length;
    const refusals: Refusal[] = [
      [{ date: '2026-02-30' }, messages.invalidDate],
      [{ date: '' }, messages.invalidDate],
      [{ projectId: '' }, messages.chooseProject],
      [{ taskId: '' }, messages.chooseTask],
      ...managerRefusals({ otto, ana }, messages.chooseManager),
      [{ date: '2022-12-30' }, messages.before2023],
      [{ date: '2026-03-11' }, messages.futureDate],
      [{ startHours: null }, messages.chooseStartTime],
      [{ durationHours: 0, durationMinutes: 0 }, messages.tooShort],
      [{ startHours: 23, durationHours: 1, durationMinutes: 1 }, messages.pastEndOfDay],
      [{ date: '2026-03-10', startHours: 11, durationHours: 0, durationMinutes: 31 }, messages.afterNow],
      [{ startHours: 9, startMinutes: 30 }, messages.overlapsRequest],
      [{ startHours: 10, startMinutes: 15, durationMinutes: 30, durationHours: 0 }, messages.overlapsLogged],
    ];
    await expectEachRefused(refusals, (changes) => ask(ana, { startHours: 14, ...changes }));
    expect((await ask(ana, { teamId: '' })).body.message).toBe(messages.chooseTeam);
    expect((await streamOf(ana)).length).toBe(before);
  });

  it('refuses what the form does not have, numbers out of range and ids that are no ids, with a 400', async () => {
    const before = (await streamOf(ana)).length;
    for (const changes of [{ status: 'Approved' }, { durationMinutes: 61 }, { startHours: 24 }, { startMinutes: -1 }, { assigneeId: 'max' }, { taskId: 'launch' }, { date: '2026-03-09-01' }]) {
      expect((await ask(ana, { startHours: 14, ...changes })).status, JSON.stringify(changes)).toBe(400);
    }
    expect((await streamOf(ana)).length).toBe(before);
  });

  it('changes a pending request, saying what changed, and deletes one', async () => {
    const { requestId } = (await ask(ana, { startHours: 15 })).body;
    const edited = await ana.call('PUT', path(`/regularization/requests/${requestId}`), form({ startHours: 16, durationMinutes: 30, assigneeId: mia.userId }));
    expect(edited).toMatchObject({ status: 200, body: { message: regularizationAnswers.updated } });
    expect((await history(ana, requestId)).history.at(-1)).toMatchObject({
      action: 'edited',
      changes: [
        { field: 'startTime', from: '15:00', to: '16:00' },
        { field: 'duration', from: '1h', to: '1h 30m' },
        { field: 'assignee', from: 'Max Manager', to: 'Mia Manager' },
      ],
    });
    // A manager who sees it may not change it; to anyone else it is not there.
    expect((await max.call('PUT', path(`/regularization/requests/${requestId}`), form({ startHours: 17 }))).body.message).toBe(accessDenied);
    expect((await mia.call('DELETE', path(`/regularization/requests/${requestId}`))).body.message).toBe(accessDenied);
    expect((await otto.call('DELETE', path(`/regularization/requests/${requestId}`))).body.message).toBe(messages.notFound);
    expect(await ana.call('DELETE', path(`/regularization/requests/${requestId}`))).toMatchObject({ status: 200, body: { message: regularizationAnswers.deleted } });
    expect((await requestsOf(ana)).map((r) => r.requestId)).not.toContain(requestId);
    expect((await history(ana, requestId)).history.at(-1)).toMatchObject({ action: 'deleted' });
  });
});

describe('processing requests', () => {
  it('shows requests to the person asked, the team’s managers and Admins; others get not found', async () => {
    const { requestId } = (await ask(ana, { startHours: 12 })).body;
    expect((await toProcess(max)).find((r) => r.requestId === requestId)).toMatchObject({ status: 'Pending', mayProcess: true });
    expect((await toProcess(mia)).find((r) => r.requestId === requestId)).toMatchObject({ mayProcess: false });
    expect((await toProcess(admin)).find((r) => r.requestId === requestId)).toMatchObject({ mayProcess: true });
    expect((await toProcess(otto)).map((r) => r.requestId)).not.toContain(requestId);
    expect((await ana.call('GET', path('/regularization/team-requests'))).status).toBe(403);
    expect((await answer(otto, requestId, 'approve')).status).toBe(404);
    expect((await otto.call('GET', path(`/requests/${requestId}/history`))).status).toBe(404);
    // Mia sees it (Ana is in her team) but was not asked.
    expect((await answer(mia, requestId, 'decline')).body.message).toBe(accessDenied);
    expect(await answer(max, requestId, 'decline', 'Ask again with the right task')).toMatchObject({ status: 200, body: { message: regularizationAnswers.declined } });
    // Declined requests leave the managers' list; the requester still sees them.
    expect((await toProcess(max)).map((r) => r.requestId)).not.toContain(requestId);
    expect((await requestsOf(ana)).find((r) => r.requestId === requestId)).toMatchObject({ status: 'Declined' });
  });

  it('approves: the time is in the time log as manual time, on the dashboard and the attendance at once', async () => {
    const { requestId } = (await ask(ana, { date: '2026-03-06', startHours: 10, durationHours: 2, durationMinutes: 15 })).body;
    expect(await answer(max, requestId, 'approve', 'Thanks')).toMatchObject({ status: 200, body: { message: regularizationAnswers.approved } });
    expect(await manualEntries(requestId)).toEqual([
      expect.objectContaining({ day: '2026-03-06', tracked_ms: '8100000', tracked_minutes: 135, source: 'manual', team_id: apollo, task_id: taskId, start_at: new Date('2026-03-06T04:30:00Z') }),
    ]);
    const dashboard = (await ana.call('GET', path('/dashboards/individual?from=2026-03-06&to=2026-03-06'))).body;
    expect(dashboard.totals).toMatchObject({ trackedMinutes: 135, manualMinutes: 135 });
    const day = (await ana.call('GET', path('/dashboards/individual/day?day=2026-03-06'))).body;
    expect(day.entries).toEqual([expect.objectContaining({ source: 'manual', trackedMinutes: 135, taskId })]);
    const month = (await ana.call('GET', path('/attendance/month?month=2026-03'))).body;
    expect(month.days.find((d: { day: string }) => d.day === '2026-03-06')).toMatchObject({ status: 'present', trackedMinutes: 135 });
    expect((await requestsOf(ana)).find((r) => r.requestId === requestId)).toMatchObject({ status: 'Approved', processedBy: 'Max Manager', processComment: 'Thanks' });
    expect((await history(ana, requestId)).history.at(-1)).toMatchObject({ action: 'approved', actor: { name: 'Max Manager' }, comment: 'Thanks' });
    // Final: neither the requester nor the processor changes it again.
    expect(await ana.call('DELETE', path(`/regularization/requests/${requestId}`))).toMatchObject({ status: 409, body: { message: messages.alreadyProcessed } });
    expect(await answer(max, requestId, 'decline')).toMatchObject({ status: 409, body: { message: messages.alreadyProcessed } });
  });

  it('two approvals at once: one wins, the other is told it was already processed, and the time log is written once', async () => {
    const { requestId } = (await ask(ana, { date: '2026-03-05', startHours: 9 })).body;
    const answers = await Promise.all([answer(max, requestId, 'approve'), answer(admin, requestId, 'approve')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe('This request was already processed.');
    expect((await streamOf(ana)).filter((type) => type === 'RegularizationApproved')).toHaveLength(2);
    expect(await manualEntries(requestId)).toHaveLength(1);
  });

  it('two overlapping requests at once: at most one is accepted', async () => {
    const before = (await streamOf(ana)).filter((type) => type === 'RegularizationRequested').length;
    const asked = await Promise.all([ask(ana, { date: '2026-03-04', startHours: 9 }), ask(ana, { date: '2026-03-04', startHours: 9, startMinutes: 30 })]);
    expect(asked.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(asked.find((a) => a.status === 400)!.body.message).toBe(messages.overlapsRequest);
    expect((await streamOf(ana)).filter((type) => type === 'RegularizationRequested')).toHaveLength(before + 1);
  });
});

describe('an assignee who leaves', () => {
  it('has their pending requests moved to another manager of the team, then to an Admin', async () => {
    const { requestId } = (await ask(ana, { date: '2026-03-03', startHours: 9 })).body;
    const assigneeOf = async () => (await requestsOf(ana)).find((r) => r.requestId === requestId)!.assignee.name;
    const sweep = async () => {
      await readModelsIncludeAllWritten(server);
      await reassignOrphanedRequests({ store: server.store, db: server.db, now: TUESDAY });
      await readModelsIncludeAllWritten(server);
    };

    await sweep();
    expect(await assigneeOf()).toBe('Max Manager');
    expect((await admin.call('DELETE', path(`/teams/${apollo}/members/${max.userId}`))).status).toBe(200);
    await sweep();
    expect(await assigneeOf()).toBe('Mia Manager');
    expect((await history(ana, requestId)).history.at(-1)).toMatchObject({
      action: 'edited',
      actor: { name: 'Timeledger' },
      changes: [{ field: 'assignee', from: 'Max Manager', to: 'Mia Manager' }],
    });
    expect((await answer(max, requestId, 'approve')).body.message).toBe(accessDenied);

    expect((await admin.call('DELETE', path(`/members/${mia.userId}`))).status).toBe(200);
    await sweep();
    expect(await assigneeOf()).toBe('Ada Admin');
    const moves = (await server.store.readStream(regularizationStream(companyId, ana.userId))).filter((e) => e.type === 'RegularizationReassigned');
    expect(moves.filter((e) => (e.data as { requestId: string }).requestId === requestId)).toHaveLength(2);
    // Processed requests stay with whoever processed them.
    const approvedByMax = (await requestsOf(ana)).filter((r) => r.status === 'Approved').map((r) => r.requestId);
    expect(moves.filter((e) => approvedByMax.includes((e.data as { requestId: string }).requestId))).toEqual([]);
  });
});
