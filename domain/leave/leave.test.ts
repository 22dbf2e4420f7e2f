import { describe, expect, it } from 'vitest';
import { testActor } from '../members/test-actor.ts';
import { accessDenied } from '../members/roles.ts';
import { given } from '../shared/spec.ts';
import { availabilityMessage, paidLeaveBalance } from './balance.ts';
import type { LeaveEvent, LeaveFields, LeaveType } from './events.ts';
import { type LeaveCommand, type LeaveContext, type LeaveForm, leave, leaveMessages } from './leave.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const team = '00000000-0000-4000-8000-0000000000a1';
const ana = testActor(companyId, '1', 'Member');
const max = testActor(companyId, '2', 'Manager', [team]);
const ada = testActor(companyId, '3', 'Admin');
const otherManager = testActor(companyId, '4', 'Manager', [team]);
const client = testActor(companyId, '5', 'Client');
const names: Record<string, string> = { [ana.userId]: 'Ana Apollo', [max.userId]: 'Max Manager', [ada.userId]: 'Ada Admin', [otherManager.userId]: 'Otto Manager' };
const person = (actor: typeof ana) => ({ userId: actor.userId, name: names[actor.userId] });

const requestId = '00000000-0000-4000-8000-0000000000e1';
const secondId = '00000000-0000-4000-8000-0000000000e2';
const thirdId = '00000000-0000-4000-8000-0000000000e3';

/** Ana's stream; today is Tuesday 10 March 2026 where she is. */
const TODAY = '2026-03-10';
const context = (policy: Record<number, number> = { 2026: 3 }): LeaveContext => ({
  today: TODAY,
  paidLeaveDays: (year) => policy[year] ?? null,
  // Ana may ask Max (her team's Manager), Otto and Ada (an Admin).
  assignee: (userId) => [max, otherManager, ada].map(person).find((p) => p.userId === userId),
  requesterTeams: [team],
  isHoliday: (day) => day === '2026-03-20',
});

const anasStream = { companyId, userId: ana.userId };
const by = (actor: typeof ana) => ({ actor, actorName: names[actor.userId] ?? 'Someone' });
const form = (overrides: Partial<LeaveForm> = {}): LeaveForm => ({ leaveDate: '2026-03-12', type: 'Paid Leave', comment: 'Family trip', assigneeId: max.userId, ...overrides });

const request = (overrides: Partial<LeaveForm> = {}, id = requestId, actor = ana): LeaveCommand => ({ type: 'RequestLeave', ...anasStream, ...by(actor), requestId: id, form: form(overrides) });
const edit = (changes: Partial<LeaveForm>, id = requestId, actor = ana): LeaveCommand => ({ type: 'EditLeaveRequest', ...anasStream, ...by(actor), requestId: id, changes });
const remove = (id = requestId, actor = ana): LeaveCommand => ({ type: 'DeleteLeaveRequest', ...anasStream, ...by(actor), requestId: id });
const approve = (actor = max, comment = 'Enjoy', id = requestId): LeaveCommand => ({ type: 'ApproveLeave', ...anasStream, ...by(actor), requestId: id, comment });
const decline = (actor = max, comment = '', id = requestId): LeaveCommand => ({ type: 'DeclineLeave', ...anasStream, ...by(actor), requestId: id, comment });

const ref = (id = requestId, actor = ana) => ({ companyId, userId: ana.userId, requestId: id, by: person(actor) });
const fields = (overrides: Partial<LeaveFields> = {}): LeaveFields => ({ leaveDate: '2026-03-12', type: 'Paid Leave', comment: 'Family trip', assignee: person(max), ...overrides });
const requested = (overrides: Partial<LeaveFields> = {}, id = requestId): LeaveEvent => ({ type: 'LeaveRequested', data: { ...ref(id), ...fields(overrides) } });
const approved = (id = requestId, leaveDate = '2026-03-12', type: LeaveType = 'Paid Leave'): LeaveEvent => ({
  type: 'LeaveApproved',
  data: { ...ref(id, max), comment: 'Enjoy', leaveDate, type },
});
const declined = (id = requestId, leaveDate = '2026-03-12', type: LeaveType = 'Paid Leave'): LeaveEvent => ({
  type: 'LeaveDeclined',
  data: { ...ref(id, max), comment: 'No Comment', leaveDate, type },
});

describe('requesting leave', () => {
  it('records the request with its day, kind, comment and the person asked', () => {
    given(leave, []).when(request(), context()).then([requested()]);
  });

  it("writes 'No Comment' when the comment is left empty", () => {
    given(leave, []).when(request({ comment: '   ' }), context()).then([requested({ comment: 'No Comment' })]);
  });

  it('takes today, and refuses a day that is not a real date', () => {
    given(leave, []).when(request({ leaveDate: TODAY }), context()).then([requested({ leaveDate: TODAY })]);
    for (const leaveDate of ['', '2026-02-30', '2026-00-10', '2026-03-00', '0000-03-10', '12/03/2026', '2026-3-12']) {
      given(leave, []).when(request({ leaveDate }), context()).thenRefuses(leaveMessages.invalidDate);
    }
  });

  it('refuses past days, and years before 2023 with their own message', () => {
    given(leave, []).when(request({ leaveDate: '2026-03-09' }), context()).thenRefuses(leaveMessages.pastDate);
    given(leave, []).when(request({ leaveDate: '2022-12-31' }), context()).thenRefuses(leaveMessages.before2023);
  });

  it('needs a kind of leave and a manager to ask', () => {
    given(leave, []).when(request({ type: '' }), context()).thenRefuses(leaveMessages.chooseType);
    given(leave, []).when(request({ type: 'Holiday' }), context()).thenRefuses(leaveMessages.chooseType);
    given(leave, []).when(request({ assigneeId: '' }), context()).thenRefuses(leaveMessages.chooseManager);
    // Not one of her managers or an Admin, nor herself.
    given(leave, []).when(request({ assigneeId: client.userId }), context()).thenRefuses(leaveMessages.chooseManager);
    given(leave, []).when(request({ assigneeId: ana.userId }), { ...context(), assignee: () => person(ana) }).thenRefuses(leaveMessages.chooseManager);
  });

  it('takes one request per day: a pending or approved one blocks the day, a declined or deleted one frees it', () => {
    const again = request({ type: 'Sick Leave' }, secondId);
    given(leave, [requested()]).when(again, context()).thenRefuses('You already have submitted a request for leave on the date - 2026-03-12');
    given(leave, [requested(), approved()]).when(again, context()).thenRefuses(leaveMessages.duplicate('2026-03-12'));
    given(leave, [requested(), declined()]).when(again, context()).then([requested({ type: 'Sick Leave' }, secondId)]);
    given(leave, [requested(), { type: 'LeaveRequestDeleted', data: ref() }]).when(again, context()).then([requested({ type: 'Sick Leave' }, secondId)]);
  });

  it('takes Paid Leave only under a policy for its year and with a day left of it', () => {
    given(leave, []).when(request({ leaveDate: '2027-01-04' }), context()).thenRefuses(leaveMessages.noPolicy);
    // 3 days in 2026: one used, one pending, one left.
    const history = [requested({ leaveDate: '2026-03-11' }), approved(requestId, '2026-03-11'), requested({ leaveDate: '2026-03-13' }, secondId)];
    given(leave, history).when(request({ leaveDate: '2026-03-16' }, thirdId), context()).then([requested({ leaveDate: '2026-03-16' }, thirdId)]);
    given(leave, history)
      .when(request({ leaveDate: '2026-03-16' }, thirdId), context({ 2026: 2 }))
      .thenRefuses('You have consumed all your available paid leave days. No leave balance remaining.');
    // Declined requests give their day back; other kinds never take one.
    given(leave, [...history, declined(secondId, '2026-03-13')]).when(request({ leaveDate: '2026-03-16' }, thirdId), context({ 2026: 2 })).then([
      requested({ leaveDate: '2026-03-16' }, thirdId),
    ]);
    given(leave, history).when(request({ leaveDate: '2026-03-16', type: 'Sick Leave' }, thirdId), context({})).then([requested({ leaveDate: '2026-03-16', type: 'Sick Leave' }, thirdId)]);
  });

  it('writes a repeated request once', () => {
    given(leave, [requested()]).when(request(), context()).then([]);
  });

  it('is asked by a person for themselves only, and never by a Client', () => {
    given(leave, []).when(request({}, requestId, ada), context()).thenRefuses(accessDenied);
    given(leave, []).when({ ...request(), userId: client.userId, ...by(client) }, context()).thenRefuses(accessDenied);
  });
});

describe('editing a pending request', () => {
  it('records what changed, from and to', () => {
    const events = given(leave, [requested()]).when(edit({ leaveDate: '2026-03-13', comment: '', assigneeId: ada.userId }), context()).events();
    expect(events).toEqual([
      { type: 'LeaveRequestEdited', data: { ...ref(), from: fields(), to: fields({ leaveDate: '2026-03-13', comment: 'No Comment', assignee: person(ada) }) } },
    ]);
  });

  it('writes nothing when nothing changes', () => {
    given(leave, [requested()]).when(edit({ leaveDate: '2026-03-12', type: 'Paid Leave' }), context()).then([]);
  });

  it('checks a moved day as a new one, leaving the request itself out', () => {
    const history = [requested(), requested({ leaveDate: '2026-03-13', type: 'Sick Leave' }, secondId)];
    given(leave, history).when(edit({ leaveDate: '2026-03-13' }), context()).thenRefuses(leaveMessages.duplicate('2026-03-13'));
    given(leave, history).when(edit({ leaveDate: '2026-03-02' }), context()).thenRefuses(leaveMessages.pastDate);
    given(leave, history).when(edit({ leaveDate: '2026-13-01' }), context()).thenRefuses(leaveMessages.invalidDate);
    given(leave, history).when(edit({ type: 'Vacation' }), context()).thenRefuses(leaveMessages.chooseType);
    given(leave, history).when(edit({ assigneeId: client.userId }), context()).thenRefuses(leaveMessages.chooseManager);
    // A request whose day has passed keeps it while other things change.
    expect(given(leave, history).when(edit({ comment: 'Changed' }), { ...context(), today: '2026-03-20' }).events()).toHaveLength(1);
  });

  it('moves to Paid Leave only with a day left, saying how many remain', () => {
    const sick = [requested({ type: 'Sick Leave' }), requested({ leaveDate: '2026-03-13' }, secondId), approved(secondId, '2026-03-13')];
    given(leave, sick).when(edit({ type: 'Paid Leave' }), context({ 2026: 1 })).thenRefuses('Cannot change to Paid Leave: You have insufficient paid leave balance. You have 0 days remaining.');
    given(leave, sick).when(edit({ type: 'Paid Leave' }), context({})).thenRefuses(leaveMessages.noPolicy);
    given(leave, sick).when(edit({ type: 'Paid Leave' }), context({ 2026: 2 })).then([
      { type: 'LeaveRequestEdited', data: { ...ref(), from: fields({ type: 'Sick Leave' }), to: fields({ type: 'Paid Leave' }) } },
    ]);
    // A pending Paid Leave keeps its own day: changing its comment needs none more.
    expect(given(leave, [requested()]).when(edit({ comment: 'Longer trip' }), context({ 2026: 1 })).events()).toHaveLength(1);
    // Moving it to another year takes a day of that year's policy.
    given(leave, [requested()]).when(edit({ leaveDate: '2027-01-04' }), context()).thenRefuses(leaveMessages.noPolicy);
  });

  it('gives the day back when a Paid Leave becomes another kind', () => {
    const state = [requested(), { type: 'LeaveRequestEdited', data: { ...ref(), from: fields(), to: fields({ type: 'Casual Leave' }) } } as LeaveEvent];
    given(leave, state).when(request({ leaveDate: '2026-03-16' }, secondId), context({ 2026: 1 })).then([requested({ leaveDate: '2026-03-16' }, secondId)]);
  });

  it('leaves approved and declined requests as they are', () => {
    given(leave, [requested(), approved()]).when(edit({ type: 'Sick Leave' }), context()).thenRefuses(leaveMessages.approvedPaidType);
    given(leave, [requested(), approved()]).when(edit({ comment: 'x' }), context()).thenRefuses(leaveMessages.alreadyProcessed);
    given(leave, [requested({ type: 'Sick Leave' }), approved(requestId, '2026-03-12', 'Sick Leave')]).when(edit({ type: 'Paid Leave' }), context()).thenRefuses(leaveMessages.alreadyProcessed);
    given(leave, [requested(), declined()]).when(edit({ comment: 'x' }), context()).thenRefuses(leaveMessages.alreadyProcessed);
  });

  it('is the requester’s alone, and only of a request that exists', () => {
    given(leave, [requested()]).when(edit({ comment: 'x' }, requestId, max), context()).thenRefuses(accessDenied);
    given(leave, [requested()]).when(edit({ comment: 'x' }, secondId), context()).thenRefuses(leaveMessages.notFound);
  });
});

describe('deleting a request', () => {
  it('deletes a pending request of one’s own', () => {
    given(leave, [requested()]).when(remove(), context()).then([{ type: 'LeaveRequestDeleted', data: ref() }]);
    given(leave, [requested()]).when(remove(requestId, ada), context()).thenRefuses(accessDenied);
    given(leave, [requested(), { type: 'LeaveRequestDeleted', data: ref() }]).when(remove(), context()).thenRefuses(leaveMessages.notFound);
  });

  it('keeps a processed request', () => {
    given(leave, [requested(), approved()]).when(remove(), context()).thenRefuses(leaveMessages.alreadyProcessed);
    given(leave, [requested(), declined()]).when(remove(), context()).thenRefuses(leaveMessages.alreadyProcessed);
  });
});

describe('processing a request', () => {
  it('is approved by the person asked, with the day and kind the calendar needs', () => {
    given(leave, [requested()]).when(approve(), context()).then([approved()]);
  });

  it('is approved or declined by any Admin too, with the comment given or the default one', () => {
    given(leave, [requested()])
      .when(approve(ada, ''), context())
      .then([{ type: 'LeaveApproved', data: { ...ref(requestId, ada), comment: 'No Comment', leaveDate: '2026-03-12', type: 'Paid Leave' } }]);
    given(leave, [requested()])
      .when(decline(ada, 'Busy week'), context())
      .then([{ type: 'LeaveDeclined', data: { ...ref(requestId, ada), comment: 'Busy week', leaveDate: '2026-03-12', type: 'Paid Leave' } }]);
  });

  it('is not processed by another manager, nor by the requester', () => {
    given(leave, [requested()]).when(approve(otherManager), context()).thenRefuses(accessDenied);
    given(leave, [requested()]).when(decline(otherManager), context()).thenRefuses(accessDenied);
    const adasOwn = { ...requested({ assignee: person(max) }), data: { ...ref(), userId: ada.userId, ...fields() } } as LeaveEvent;
    given(leave, [adasOwn]).when({ ...approve(ada), userId: ada.userId }, context()).thenRefuses(accessDenied);
  });

  it('is decided by the person asked only while they manage one of the requester’s teams now; an Admin always', () => {
    const otherTeam = '00000000-0000-4000-8000-0000000000a2';
    // Max was taken off Ana's team (he still manages another), or Ana moved to another team.
    const maxElsewhere = testActor(companyId, '2', 'Manager', [otherTeam]);
    given(leave, [requested()]).when(approve(maxElsewhere), context()).thenRefuses(accessDenied);
    given(leave, [requested()]).when(decline(maxElsewhere), context()).thenRefuses(accessDenied);
    given(leave, [requested()]).when(approve(max), { ...context(), requesterTeams: [otherTeam] }).thenRefuses(accessDenied);
    given(leave, [requested()]).when(approve(max), { ...context(), requesterTeams: [] }).thenRefuses(accessDenied);
    // One team in common is enough.
    given(leave, [requested()]).when(approve(maxElsewhere), { ...context(), requesterTeams: [team, otherTeam] }).then([approved()]);
    // An Admin needs no team.
    expect(given(leave, [requested()]).when(decline(ada), { ...context(), requesterTeams: [] }).events()).toHaveLength(1);
  });

  it('is processed once: a second answer is told it was already processed', () => {
    given(leave, [requested(), approved()]).when(approve(), context()).thenRefuses('This request was already processed.');
    given(leave, [requested(), approved()]).when(decline(ada), context()).thenRefuses(leaveMessages.alreadyProcessed);
    given(leave, [requested(), declined()]).when(approve(ada), context()).thenRefuses(leaveMessages.alreadyProcessed);
    given(leave, []).when(approve(), context()).thenRefuses(leaveMessages.notFound);
  });

  it('approves Paid Leave only while the year’s policy has a day left for it', () => {
    const twoUsed = [requested({ leaveDate: '2026-03-11' }, secondId), approved(secondId, '2026-03-11'), requested({ leaveDate: '2026-03-13' }, thirdId), approved(thirdId, '2026-03-13')];
    // The policy came down to 2 after the request was made.
    given(leave, [...twoUsed, requested()]).when(approve(), context({ 2026: 2 })).thenRefuses('Cannot approve: User has insufficient paid leave balance...');
    given(leave, [...twoUsed, requested()]).when(approve(), context({})).thenRefuses(leaveMessages.approveWithoutBalance);
    given(leave, [...twoUsed, requested()]).when(approve(), context({ 2026: 3 })).then([approved()]);
    given(leave, [...twoUsed, requested()]).when(decline(), context({ 2026: 2 })).then([declined()]);
  });
});

describe('moving a request whose assignee left', () => {
  const reassign = (from = max.userId, to = person(otherManager)): LeaveCommand => ({
    type: 'ReassignLeave',
    companyId,
    userId: ana.userId,
    requestId,
    from,
    to,
    authority: { kind: 'operator' },
  });
  const moved: LeaveEvent = { type: 'LeaveReassigned', data: { companyId, userId: ana.userId, requestId, from: person(max), to: person(otherManager) } };

  it('moves a pending request to the new assignee', () => {
    given(leave, [requested()]).when(reassign(), context()).then([moved]);
  });

  it('does nothing when the request moved on, was processed or deleted, or would go to the requester', () => {
    given(leave, [requested()]).when(reassign(ada.userId), context()).then([]);
    given(leave, [requested(), moved]).when(reassign(), context()).then([]);
    given(leave, [requested(), approved()]).when(reassign(), context()).then([]);
    given(leave, [requested(), declined()]).when(reassign(), context()).then([]);
    given(leave, [requested(), { type: 'LeaveRequestDeleted', data: ref() }]).when(reassign(), context()).then([]);
    given(leave, [requested()]).when(reassign(max.userId, person(ana)), context()).then([]);
    given(leave, []).when(reassign(), context()).then([]);
  });

  it('is the server’s own move: no member makes it', () => {
    const byAdmin = { ...reassign(), authority: ada } as unknown as LeaveCommand;
    given(leave, [requested()]).when(byAdmin, context()).thenRefuses(accessDenied);
  });

  it('is then processed by its new assignee, not the old one', () => {
    given(leave, [requested(), moved]).when(approve(max), context()).thenRefuses(accessDenied);
    given(leave, [requested(), moved])
      .when(approve(otherManager), context())
      .then([{ type: 'LeaveApproved', data: { ...ref(requestId, otherManager), comment: 'Enjoy', leaveDate: '2026-03-12', type: 'Paid Leave' } }]);
  });
});

describe('the paid leave balance', () => {
  it('is the allocation less the days used and the days pending, for one year', () => {
    const requests = [
      { leaveDate: '2026-01-05', type: 'Paid Leave', status: 'Approved' },
      { leaveDate: '2026-02-05', type: 'Paid Leave', status: 'Pending' },
      { leaveDate: '2026-02-06', type: 'Paid Leave', status: 'Declined' },
      { leaveDate: '2026-02-07', type: 'Sick Leave', status: 'Approved' },
      { leaveDate: '2025-12-31', type: 'Paid Leave', status: 'Approved' },
    ] as const;
    const balance = paidLeaveBalance(requests, 2026, 12);
    expect(balance).toEqual({ allocated: 12, used: 1, pending: 1, available: 10 });
    expect(availabilityMessage(balance)).toBe('You have 10 paid leave days available for new requests (11 total allocated - 1 pending requests).');
  });

  it('spends no day on a holiday', () => {
    const requests = [
      { leaveDate: '2026-01-26', type: 'Paid Leave', status: 'Approved' },
      { leaveDate: '2026-01-27', type: 'Paid Leave', status: 'Approved' },
      { leaveDate: '2026-10-02', type: 'Paid Leave', status: 'Pending' },
    ] as const;
    const holidays = new Set(['2026-01-26', '2026-10-02']);
    expect(paidLeaveBalance(requests, 2026, 12, (day) => holidays.has(day))).toEqual({ allocated: 12, used: 1, pending: 0, available: 11 });
  });
});
