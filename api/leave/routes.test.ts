import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveStream } from '../../domain/leave/events.ts';
import { leaveMessages } from '../../domain/leave/leave.ts';
import { accessDenied } from '../../domain/members/roles.ts';
import { expectEachRefused, managerRefusals, type Refusal, seedRequestsCompany, TUESDAY } from '../../tests/support/requests-company.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import type { ApiUser } from '../../tests/support/users.ts';
import { leaveAnswers } from './routes.ts';

let server: TestServer;
let clock: Date | null = null;
let admin: ApiUser, max: ApiUser, mia: ApiUser, otto: ApiUser, ana: ApiUser, gus: ApiUser;
let companyId: string, apollo: string, gemini: string;

/** The leave routes of a company, as its people call them. */
function leaveRoutesOf(company: () => string) {
  const path = (rest: string) => `/api/companies/${company()}${rest}`;
  const requestsOf = async (user: ApiUser) => (await user.call('GET', path('/leave/requests'))).body.requests as { requestId: string; leaveDate: string; type: string; status: string }[];
  return {
    path,
    ask: (user: ApiUser, form: Record<string, unknown>) => user.call('POST', path('/leave/requests'), { timeZone: 'Asia/Kolkata', ...form }),
    requestsOf,
    requestOn: async (user: ApiUser, leaveDate: string) => (await requestsOf(user)).find((r) => r.leaveDate === leaveDate)!,
    balance: async (user: ApiUser, year = 2026) => (await user.call('GET', path(`/leave/balance?year=${year}`))).body,
    history: (user: ApiUser, requestId: string) => user.call('GET', path(`/requests/${requestId}/history`)),
    answer: (user: ApiUser, requestId: string, verb: 'approve' | 'decline', comment?: string) =>
      user.call('POST', path(`/leave/requests/${requestId}/${verb}`), comment === undefined ? {} : { comment }),
    streamOf: async (user: ApiUser) => (await server.store.readStream(leaveStream(company(), user.userId))).map((e) => ({ type: e.type, data: e.data as { leaveDate?: string } })),
  };
}

const { path, ask, requestsOf, requestOn, balance, history, answer, streamOf } = leaveRoutesOf(() => companyId);

beforeAll(async () => {
  server = await startTestServer({ now: () => clock ?? new Date() });
  ({ admin, max, mia, otto, ana, gus, companyId, apollo, gemini } = await seedRequestsCompany(server, 'leave', 'Leave Inc'));
  clock = TUESDAY;
  const policy = await admin.call('PUT', path('/leave-policies/2026'), { paidLeaveDays: 3 });
  if (policy.status !== 200) throw new Error(`policy failed: ${JSON.stringify(policy.body)}`);
}, 120_000);

afterAll(() => server.close());

describe('asking for leave', () => {
  it('records a request, lists it with the balance it takes, and starts its history', async () => {
    const asked = await ask(ana, { leaveDate: '2026-03-16', type: 'Paid Leave', comment: 'Family trip', assigneeId: max.userId });
    expect(asked).toMatchObject({ status: 201, body: { message: leaveAnswers.requested } });
    const { requestId } = asked.body;
    expect(await requestsOf(ana)).toEqual([
      {
        requestId,
        leaveDate: '2026-03-16',
        type: 'Paid Leave',
        comment: 'Family trip',
        status: 'Pending',
        assignee: { userId: max.userId, name: 'Max Manager' },
        requestedAt: expect.any(String),
        processedBy: null,
        processedAt: null,
        processComment: null,
      },
    ]);
    expect(await balance(ana)).toEqual({ year: 2026, hasPolicy: true, allocated: 3, used: 0, pending: 1, available: 2 });
    const { body } = await history(ana, requestId);
    expect(body).toEqual({
      kind: 'leave',
      history: [{ id: expect.any(String), action: 'requested', actor: { userId: ana.userId, name: 'Ana Apollo' }, at: expect.any(String), comment: 'Family trip', changes: [] }],
    });
  });

  it("writes 'No Comment' when none is given", async () => {
    expect((await ask(ana, { leaveDate: '2026-03-11', type: 'Sick Leave', assigneeId: max.userId })).status).toBe(201);
    expect(await requestOn(ana, '2026-03-11')).toMatchObject({ comment: 'No Comment', type: 'Sick Leave' });
  });

  it('answers each rule of the form with the spec’s message, writing nothing', async () => {
    const before = (await streamOf(ana)).length;
    const refusals: Refusal[] = [
      [{ leaveDate: '2026-03-09' }, leaveMessages.pastDate],
      [{ leaveDate: '2026-02-30' }, leaveMessages.invalidDate],
      [{ leaveDate: '' }, leaveMessages.invalidDate],
      [{ leaveDate: '2022-05-02' }, leaveMessages.before2023],
      [{ type: '' }, leaveMessages.chooseType],
      [{ type: 'Holiday' }, leaveMessages.chooseType],
      ...managerRefusals({ otto, ana }, leaveMessages.chooseManager),
      [{ leaveDate: '2026-03-16', type: 'Casual Leave' }, 'You already have submitted a request for leave on the date - 2026-03-16'],
      [{ leaveDate: '2027-01-04' }, leaveMessages.noPolicy],
    ];
    await expectEachRefused(refusals, (changes) => ask(ana, { leaveDate: '2026-03-20', type: 'Paid Leave', assigneeId: max.userId, ...changes }));
    expect((await streamOf(ana)).length).toBe(before);
  });

  it('refuses what the form does not have, and ids that are no ids, with a 400', async () => {
    expect((await ask(ana, { leaveDate: '2026-03-20', type: 'Sick Leave', assigneeId: max.userId, status: 'Approved' })).status).toBe(400);
    expect((await ask(ana, { leaveDate: '2026-03-20', type: 'Sick Leave', assigneeId: 'max' })).status).toBe(400);
    expect((await ask(ana, { leaveDate: '2026-03-20-01-01', type: 'Sick Leave', assigneeId: max.userId })).status).toBe(400);
    expect((await ana.call('GET', path('/leave/balance?year=2022'))).status).toBe(400);
  });

  it('takes the requester’s today in the zone the browser sends, else the company’s', async () => {
    // 01:30 on Wednesday in Kolkata, still 16:00 on Tuesday in New York.
    clock = new Date('2026-03-10T20:00:00Z');
    try {
      const tuesday = { leaveDate: '2026-03-10', type: 'Casual Leave', assigneeId: max.userId };
      expect((await ask(ana, { ...tuesday, timeZone: 'Asia/Kolkata' })).body.message).toBe(leaveMessages.pastDate);
      expect((await ask(ana, { ...tuesday, timeZone: 'Mars/Olympus_Mons' })).body.message).toBe(leaveMessages.pastDate);
      expect((await ask(ana, { ...tuesday, timeZone: 'America/New_York' })).status).toBe(201);
    } finally {
      clock = TUESDAY;
    }
  });

  it('keeps Paid Leave within the year’s balance: allocation less used less pending', async () => {
    expect((await ask(ana, { leaveDate: '2026-03-17', type: 'Paid Leave', assigneeId: max.userId })).status).toBe(201);
    expect((await ask(ana, { leaveDate: '2026-03-18', type: 'Paid Leave', assigneeId: mia.userId })).status).toBe(201);
    expect(await balance(ana)).toMatchObject({ allocated: 3, used: 0, pending: 3, available: 0 });
    expect(await ask(ana, { leaveDate: '2026-03-19', type: 'Paid Leave', assigneeId: max.userId })).toMatchObject({
      status: 400,
      body: { message: 'You have consumed all your available paid leave days. No leave balance remaining.' },
    });
    // Other kinds take no paid day.
    expect((await ask(ana, { leaveDate: '2026-03-19', type: 'Sick Leave', assigneeId: admin.userId })).status).toBe(201);
  });
});

describe('editing and deleting one’s own pending request', () => {
  // A company of its own, so that each test here starts from the requests it makes.
  let own: Awaited<ReturnType<typeof seedRequestsCompany>>;
  const { path, ask, requestsOf, requestOn, balance, history, streamOf } = leaveRoutesOf(() => own.companyId);
  beforeAll(async () => {
    // Made by the real clock, as the file's company (see seedRequestsCompany).
    clock = null;
    try {
      own = await seedRequestsCompany(server, 'leave-edit', 'Leave Edit Inc');
    } finally {
      clock = TUESDAY;
    }
    const policy = await own.admin.call('PUT', path('/leave-policies/2026'), { paidLeaveDays: 3 });
    if (policy.status !== 200) throw new Error(`policy failed: ${JSON.stringify(policy.body)}`);
  }, 120_000);

  it('changes a request, moving its paid day, and records what changed', async () => {
    const { ana, max, mia, admin } = own;
    for (const [leaveDate, type, assignee] of [
      ['2026-03-16', 'Paid Leave', max],
      ['2026-03-17', 'Paid Leave', max],
      ['2026-03-18', 'Paid Leave', mia],
      ['2026-03-19', 'Sick Leave', admin],
    ] as const) {
      expect((await ask(ana, { leaveDate, type, assigneeId: assignee.userId })).status).toBe(201);
    }
    expect(await balance(ana)).toMatchObject({ pending: 3, available: 0 });

    const { requestId } = await requestOn(ana, '2026-03-18');
    const edited = await ana.call('PATCH', path(`/leave/requests/${requestId}`), { type: 'Casual Leave', comment: 'Moved', timeZone: 'Asia/Kolkata' });
    expect(edited).toMatchObject({ status: 200, body: { message: leaveAnswers.updated } });
    expect(await balance(ana)).toMatchObject({ pending: 2, available: 1 });
    const sick = await requestOn(ana, '2026-03-19');
    expect((await ana.call('PATCH', path(`/leave/requests/${sick.requestId}`), { type: 'Paid Leave' })).status).toBe(200);
    expect(await balance(ana)).toMatchObject({ pending: 3, available: 0 });
    expect(await ana.call('PATCH', path(`/leave/requests/${requestId}`), { type: 'Paid Leave' })).toMatchObject({
      status: 400,
      body: { message: 'Cannot change to Paid Leave: You have insufficient paid leave balance. You have 0 days remaining.' },
    });
    const { body } = await history(mia, requestId);
    expect(body.history.map((entry: { action: string }) => entry.action)).toEqual(['requested', 'edited']);
    expect(body.history[1]).toMatchObject({
      actor: { name: 'Ana Apollo' },
      changes: [
        { field: 'type', from: 'Paid Leave', to: 'Casual Leave' },
        { field: 'comment', from: 'No Comment', to: 'Moved' },
      ],
    });
    expect((await ana.call('PATCH', path(`/leave/requests/${requestId}`), { leaveDate: '2026-03-16' })).body.message).toBe(leaveMessages.duplicate('2026-03-16'));
  });

  it('is the requester’s alone: their manager is refused, anyone else finds nothing', async () => {
    const { ana, max, gus } = own;
    const asked = await ask(ana, { leaveDate: '2026-03-23', type: 'Casual Leave', assigneeId: max.userId });
    expect(asked.status).toBe(201);
    const { requestId } = asked.body;
    const before = (await streamOf(ana)).length;
    expect(await max.call('PATCH', path(`/leave/requests/${requestId}`), { comment: 'Mine now' })).toMatchObject({ status: 403, body: { message: accessDenied } });
    expect(await gus.call('PATCH', path(`/leave/requests/${requestId}`), { comment: 'Mine now' })).toMatchObject({ status: 404, body: { message: leaveMessages.notFound } });
    expect(await gus.call('DELETE', path(`/leave/requests/${requestId}`))).toMatchObject({ status: 404, body: { message: leaveMessages.notFound } });
    expect((await streamOf(ana)).length).toBe(before);
  });

  it('deletes a pending request; its history stays for those who saw it', async () => {
    const { ana, max, mia, admin, gus, otto } = own;
    const asked = await ask(ana, { leaveDate: '2026-03-25', type: 'Casual Leave', assigneeId: mia.userId });
    expect(asked.status).toBe(201);
    const { requestId } = asked.body;
    expect((await ana.call('PATCH', path(`/leave/requests/${requestId}`), { comment: 'Moved' })).status).toBe(200);
    expect(await ana.call('DELETE', path(`/leave/requests/${requestId}`))).toMatchObject({ status: 200, body: { message: leaveAnswers.deleted } });
    expect((await requestsOf(ana)).map((r) => r.leaveDate)).not.toContain('2026-03-25');
    for (const viewer of [ana, mia, admin]) {
      const { status, body } = await history(viewer, requestId);
      expect(status).toBe(200);
      expect(body.history.map((entry: { action: string }) => entry.action)).toEqual(['requested', 'edited', 'deleted']);
    }
    expect((await history(gus, requestId)).status).toBe(404);
    expect((await history(otto, requestId)).status).toBe(404);
    // The day is free again.
    expect((await ask(ana, { leaveDate: '2026-03-25', type: 'Sick Leave', assigneeId: max.userId })).status).toBe(201);
  });
});

describe('processing a request', () => {
  it('approves: the day shows as Paid Leave on the calendar, usage counts it, history says who and why', async () => {
    const { requestId } = await requestOn(ana, '2026-03-16');
    expect(await answer(max, requestId, 'approve', 'Enjoy')).toMatchObject({ status: 200, body: { message: leaveAnswers.approved } });
    expect(await requestOn(ana, '2026-03-16')).toMatchObject({ status: 'Approved', processedBy: 'Max Manager', processComment: 'Enjoy' });
    expect(await balance(ana)).toMatchObject({ allocated: 3, used: 1, pending: 2, available: 0 });

    const month = (await ana.call('GET', path('/attendance/month?month=2026-03'))).body;
    const day = (date: string) => month.days.find((d: { day: string }) => d.day === date);
    expect(day('2026-03-16').status).toBe('paidLeave');
    expect(day('2026-03-17').status).toBe('future');
    expect(month.counts.paidLeave).toBe(1);

    const { body } = await history(ana, requestId);
    expect(body.history.at(-1)).toMatchObject({ action: 'approved', actor: { userId: max.userId, name: 'Max Manager' }, comment: 'Enjoy' });
  });

  it('declines, giving the paid day back; an Admin answers requests sent to others', async () => {
    const { requestId } = await requestOn(ana, '2026-03-17');
    expect(await answer(admin, requestId, 'decline')).toMatchObject({ status: 200, body: { message: leaveAnswers.declined } });
    expect(await requestOn(ana, '2026-03-17')).toMatchObject({ status: 'Declined', processedBy: 'Ada Admin', processComment: 'No Comment' });
    expect(await balance(ana)).toMatchObject({ used: 1, pending: 1, available: 1 });
    // A declined day may be asked for again.
    expect((await ask(ana, { leaveDate: '2026-03-17', type: 'Casual Leave', assigneeId: max.userId })).status).toBe(201);
  });

  it('marks a sick day with its own kind', async () => {
    const { requestId } = await requestOn(ana, '2026-03-11');
    expect((await answer(max, requestId, 'approve')).status).toBe(200);
    const month = (await max.call('GET', path(`/attendance/month?month=2026-03&userId=${ana.userId}`))).body;
    expect(month.days.find((d: { day: string }) => d.day === '2026-03-11').status).toBe('sickLeave');
    expect(month.counts).toMatchObject({ sickLeave: 1, paidLeave: 1 });
  });

  it('is for the person asked or an Admin: another manager is refused, a Member too, an outsider finds nothing', async () => {
    const { requestId } = await requestOn(ana, '2026-03-19');
    const before = (await streamOf(ana)).length;
    // Mia manages Ana's team, so she sees the request, but it was sent to Admin.
    expect(await answer(mia, requestId, 'approve')).toMatchObject({ status: 403, body: { message: accessDenied } });
    expect(await answer(ana, requestId, 'approve')).toMatchObject({ status: 403, body: { message: accessDenied } });
    expect(await answer(gus, requestId, 'decline')).toMatchObject({ status: 403, body: { message: accessDenied } });
    expect(await answer(otto, requestId, 'approve')).toMatchObject({ status: 404, body: { message: leaveMessages.notFound } });
    expect((await streamOf(ana)).length).toBe(before);
  });

  it('keeps approved and declined requests as they are', async () => {
    const approved = await requestOn(ana, '2026-03-16');
    expect((await answer(admin, approved.requestId, 'decline')).body.message).toBe(leaveMessages.alreadyProcessed);
    expect(await ana.call('PATCH', path(`/leave/requests/${approved.requestId}`), { type: 'Sick Leave' })).toMatchObject({ status: 400, body: { message: leaveMessages.approvedPaidType } });
    expect(await ana.call('PATCH', path(`/leave/requests/${approved.requestId}`), { comment: 'x' })).toMatchObject({ status: 409, body: { message: leaveMessages.alreadyProcessed } });
    expect(await ana.call('DELETE', path(`/leave/requests/${approved.requestId}`))).toMatchObject({ status: 409, body: { message: leaveMessages.alreadyProcessed } });
  });
});

describe('two at once', () => {
  it('accepts one of two requests for one day sent together', async () => {
    const form = { leaveDate: '2026-03-24', type: 'Casual Leave', assigneeId: otto.userId };
    const answers = await Promise.all([ask(gus, form), ask(gus, { ...form, type: 'Sick Leave' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.status === 400)!.body.message).toBe('You already have submitted a request for leave on the date - 2026-03-24');
    expect((await streamOf(gus)).filter((e) => e.type === 'LeaveRequested' && e.data.leaveDate === '2026-03-24')).toHaveLength(1);
  });

  it('approves once when the assignee and an Admin answer together: the other is told it was already processed', async () => {
    const { requestId } = await requestOn(gus, '2026-03-24');
    const answers = await Promise.all([answer(otto, requestId, 'approve'), answer(admin, requestId, 'approve')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe('This request was already processed.');
    expect((await streamOf(gus)).filter((e) => e.type === 'LeaveApproved')).toHaveLength(1);
  });
});

describe('who sees which requests', () => {
  const listed = async (viewer: ApiUser) => {
    const { status, body } = await viewer.call('GET', path('/leave/team-requests'));
    expect(status).toBe(200);
    return (body.requests as { requester: { name: string }; leaveDate: string; mayProcess: boolean; status: string }[]).map(
      (r) => `${r.requester.name} ${r.leaveDate} ${r.status}${r.mayProcess ? ' *' : ''}`,
    );
  };

  it('lists for processing what the viewer may see, pending first; they may answer the pending ones sent to them (Admins: all)', async () => {
    expect(await listed(max)).toEqual([
      'Ana Apollo 2026-03-19 Pending',
      'Ana Apollo 2026-03-18 Pending',
      'Ana Apollo 2026-03-17 Pending *',
      'Ana Apollo 2026-03-10 Pending *',
      'Ana Apollo 2026-03-17 Declined',
      'Ana Apollo 2026-03-16 Approved',
      'Ana Apollo 2026-03-11 Approved',
    ]);
    expect(await listed(otto)).toEqual(['Gus Gemini 2026-03-24 Approved']);
    const all = await listed(admin);
    expect(all).toHaveLength(8);
    expect(all.filter((line) => line.includes('Pending')).every((line) => line.endsWith('*'))).toBe(true);
    expect((await ana.call('GET', path('/leave/team-requests'))).status).toBe(403);
  });

  it('shows an Admin’s request to the manager it was sent to, not to the other managers of the teams Admins are listed in', async () => {
    const asked = await ask(admin, { leaveDate: '2026-03-25', type: 'Sick Leave', assigneeId: max.userId });
    expect(asked.status).toBe(201);
    expect(await listed(max)).toContain('Ada Admin 2026-03-25 Pending *');
    expect((await listed(mia)).filter((line) => line.startsWith('Ada Admin'))).toEqual([]);
    expect((await history(mia, asked.body.requestId)).status).toBe(404);
    expect((await history(max, asked.body.requestId)).status).toBe(200);
  });

  it('offers as assignees the Admins and managers of the team, never the caller', async () => {
    const assignees = async (user: ApiUser, teamId: string) => user.call('GET', path(`/request-assignees?teamId=${teamId}`));
    expect((await assignees(ana, apollo)).body).toEqual({
      assignees: [
        { userId: admin.userId, name: 'Ada Admin', role: 'Admin' },
        { userId: max.userId, name: 'Max Manager', role: 'Manager' },
        { userId: mia.userId, name: 'Mia Manager', role: 'Manager' },
      ],
    });
    expect((await assignees(max, apollo)).body.assignees.map((a: { name: string }) => a.name)).toEqual(['Ada Admin', 'Mia Manager']);
    expect((await assignees(gus, gemini)).body.assignees.map((a: { name: string }) => a.name)).toEqual(['Ada Admin', 'Otto Manager']);
    expect(await assignees(ana, gemini)).toMatchObject({ status: 404 });
  });
});
