import { describe, expect, it } from 'vitest';
import { testActor } from '../members/test-actor.ts';
import { given } from '../shared/spec.ts';
import type { RegularizationEvent, RegularizationFields } from './events.ts';
import { type RegularizationCommand, type RegularizationContext, type RegularizationForm, regularization, regularizationMessages as messages } from './regularization.ts';
import type { Span } from './time-span.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const teamId = '00000000-0000-4000-8000-0000000000a1';
const projectId = '00000000-0000-4000-8000-0000000000b1';
const requestId = '00000000-0000-4000-8000-0000000000e1';
const otherRequestId = '00000000-0000-4000-8000-0000000000e2';
const member = testActor(companyId, '1', 'Member');
const manager = testActor(companyId, '2', 'Manager', [teamId]);
const admin = testActor(companyId, '3', 'Admin');
const otherManager = testActor(companyId, '4', 'Manager', [teamId]);
const userId = member.userId;
const names: Record<string, string> = { [member.userId]: 'Mo Member', [manager.userId]: 'Max Manager', [admin.userId]: 'Ada Admin', [otherManager.userId]: 'Olga Other' };
const person = (actor: { userId: string }) => ({ userId: actor.userId, name: names[actor.userId] });

const zone = 'Asia/Kolkata';
// 15:30 in Kolkata on Tuesday 10 March 2026.
const now = new Date('2026-03-10T10:00:00Z');
const today = '2026-03-10';
const yesterday = '2026-03-09';

/** Mo asks Max for an hour and a half from 09:00 yesterday on Apollo's AP-1. */
const form = (changes: Partial<RegularizationForm> = {}): RegularizationForm => ({
  date: yesterday,
  startHours: 9,
  startMinutes: 0,
  durationHours: 1,
  durationMinutes: 30,
  projectId,
  taskId: 'AP-1',
  taskDetails: ' Fixed the build ',
  assigneeId: manager.userId,
  ...changes,
});

const context = (changes: Partial<RegularizationContext> & { spans?: Span[]; on?: string; in?: string } = {}): RegularizationContext => {
  const { spans = [], on = yesterday, in: timeZone = zone, ...rest } = changes;
  return {
    now,
    logged: { date: on, timeZone, spans },
    project: (id) => (id === projectId ? { name: 'Apollo' } : undefined),
    task: (project, task) => (project === projectId && task === 'AP-1' ? { name: 'Design' } : undefined),
    assignee: (id) => (id === manager.userId || id === admin.userId || id === otherManager.userId ? person({ userId: id }) : undefined),
    inTeam: (id) => id === teamId,
    ...rest,
  };
};

const by = (actor: { userId: string }) => ({ actor: actor as typeof member, actorName: names[actor.userId] });
const ref = { companyId, userId, requestId };
const submit = (changes: Partial<RegularizationForm> = {}, timeZone = zone): Extract<RegularizationCommand, { type: 'SubmitRegularization' }> => ({
  type: 'SubmitRegularization',
  ...ref,
  ...by(member),
  teamId,
  timeZone,
  form: form(changes),
});

/** 09:00 to 10:30 yesterday in Kolkata. */
const fields: RegularizationFields = {
  date: yesterday,
  startMinute: 540,
  durationMinutes: 90,
  timeZone: zone,
  start: '2026-03-09T03:30:00Z',
  end: '2026-03-09T05:00:00Z',
  teamId,
  projectId,
  projectName: 'Apollo',
  taskId: 'AP-1',
  taskName: 'Design',
  taskDetails: 'Fixed the build',
  assignee: person(manager),
};

const requested = (changes: Partial<RegularizationFields> = {}, id = requestId): RegularizationEvent => ({
  type: 'RegularizationRequested',
  data: { companyId, userId, requestId: id, by: person(member), ...fields, ...changes },
});
const approved = (id = requestId, request: Partial<RegularizationFields> = {}): RegularizationEvent => ({
  type: 'RegularizationApproved',
  data: {
    companyId,
    userId,
    requestId: id,
    by: person(manager),
    comment: '',
    teamId,
    projectId,
    projectName: 'Apollo',
    taskId: 'AP-1',
    taskName: 'Design',
    taskDetails: 'Fixed the build',
    timeZone: request.timeZone ?? zone,
    entries: [],
  },
});
const declined = (id = requestId): RegularizationEvent => ({ type: 'RegularizationDeclined', data: { companyId, userId, requestId: id, by: person(manager), comment: 'No' } });

/** Another request of Mo's, for a span given in UTC. */
const otherRequest = (start: string, end: string, changes: Partial<RegularizationFields> = {}) =>
  requested({ start, end, durationMinutes: (Date.parse(end) - Date.parse(start)) / 60_000, ...changes }, otherRequestId);

describe('submitting a regularization request (management §5, requester)', () => {
  it('asks for the typed time of the requester’s local day, with the task’s names and the chosen manager', () => {
    given(regularization, [])
      .when(submit(), context())
      .then([{ type: 'RegularizationRequested', data: { ...ref, by: person(member), ...fields } }]);
  });

  it('writes nothing the second time (a repeated request)', () => {
    given(regularization, [requested()]).when(submit(), context()).then([]);
  });

  it('rolls minutes over 59 into hours', () => {
    const [event] = given(regularization, []).when(submit({ durationHours: 0, durationMinutes: 60 }), context()).events();
    expect(event.data).toMatchObject({ durationMinutes: 60, start: '2026-03-09T03:30:00Z', end: '2026-03-09T04:30:00Z' });
  });

  it('counts real minutes over a daylight-saving change', () => {
    // Berlin's clocks go from 02:00 to 03:00 on 29 March 2026: 01:00 plus three hours is 05:00 there.
    const [event] = given(regularization, [])
      .when(submit({ date: '2026-03-29', startHours: 1, durationHours: 3, durationMinutes: 0 }, 'Europe/Berlin'), { ...context({ on: '2026-03-29', in: 'Europe/Berlin' }), now: new Date('2026-04-01T10:00:00Z') })
      .events();
    expect(event.data).toMatchObject({ start: '2026-03-29T00:00:00Z', end: '2026-03-29T03:00:00Z', durationMinutes: 180 });
  });

  it.each([
    ['an impossible date', { date: '2026-02-30' }, messages.invalidDate],
    ['a date that is no date', { date: '2026-3-1' }, messages.invalidDate],
    ['no project', { projectId: '' }, messages.chooseProject],
    ['a project that is not the company’s', { projectId: teamId }, messages.chooseProject],
    ['no task', { taskId: '' }, messages.chooseTask],
    ['a task they may not log time on', { taskId: 'AP-2' }, messages.chooseTask],
    ['no manager', { assigneeId: '' }, messages.chooseManager],
    ['themselves as manager', { assigneeId: member.userId }, messages.chooseManager],
    ['someone who may not decide', { assigneeId: companyId }, messages.chooseManager],
    ['a date before 2023', { date: '2022-12-31' }, messages.before2023],
    ['a future date', { date: '2026-03-11' }, messages.futureDate],
    ['no start hour', { startHours: null }, messages.chooseStartTime],
    ['no start minute', { startMinutes: null }, messages.chooseStartTime],
    ['no duration', { durationHours: 0, durationMinutes: 0 }, messages.tooShort],
    ['time past the end of the day', { startHours: 23, durationHours: 1, durationMinutes: 1 }, messages.pastEndOfDay],
    ['time past the current time today', { date: today, startHours: 15, durationHours: 0, durationMinutes: 31 }, messages.afterNow],
  ] as [string, Partial<RegularizationForm>, string][])('refuses %s', (_, changes, message) => {
    const on = changes.date === today ? today : yesterday;
    given(regularization, []).when(submit(changes), context({ on })).thenRefuses(message);
  });

  it('takes the whole day, ending at midnight', () => {
    const [event] = given(regularization, []).when(submit({ startHours: 0, durationHours: 24, durationMinutes: 0 }), context()).events();
    expect(event.data).toMatchObject({ start: '2026-03-08T18:30:00Z', end: '2026-03-09T18:30:00Z' });
  });

  it('takes time today up to the current time', () => {
    const [event] = given(regularization, [])
      .when(submit({ date: today, startHours: 14, durationHours: 1, durationMinutes: 30 }), context({ on: today }))
      .events();
    expect(event.type).toBe('RegularizationRequested');
    // 14:00 to 15:30 in Kolkata: up to the current time, 10:00 UTC.
    expect(event.data).toMatchObject({ date: today, startMinute: 14 * 60, durationMinutes: 90, start: '2026-03-10T08:30:00Z', end: '2026-03-10T10:00:00Z' });
  });

  it('refuses time today when the day’s logged and requested time would pass the current time', () => {
    // A request on the same date made in Kiritimati (UTC+14) meets none of this one's time, yet counts for the date.
    const far = otherRequest('2026-03-09T10:00:00Z', '2026-03-09T18:00:00Z', { date: today, timeZone: 'Pacific/Kiritimati' });
    const logged = [{ start: '2026-03-09T19:00:00Z', end: '2026-03-10T03:00:00Z' }];
    given(regularization, [far]).when(submit({ date: today, startHours: 14, durationHours: 1, durationMinutes: 0 }), context({ on: today, spans: logged })).thenRefuses(messages.afterNow);
  });

  it('refuses time on another day when the day’s time would pass 24 hours', () => {
    const far = otherRequest('2026-03-08T10:00:00Z', '2026-03-09T03:00:00Z', { date: yesterday, timeZone: 'Pacific/Kiritimati' });
    const logged = [{ start: '2026-03-09T06:00:00Z', end: '2026-03-09T14:00:00Z' }];
    given(regularization, [far]).when(submit(), context({ spans: logged })).thenRefuses(messages.over24Hours);
  });

  it('refuses time that overlaps another pending or approved request', () => {
    const pending = otherRequest('2026-03-09T04:59:00Z', '2026-03-09T06:00:00Z');
    given(regularization, [pending]).when(submit(), context()).thenRefuses(messages.overlapsRequest);
    given(regularization, [pending, approved(otherRequestId)]).when(submit(), context()).thenRefuses(messages.overlapsRequest);
  });

  it('takes time right after another request, or over a declined or deleted one', () => {
    given(regularization, [otherRequest('2026-03-09T05:00:00Z', '2026-03-09T06:00:00Z')]).when(submit(), context()).events();
    given(regularization, [otherRequest('2026-03-09T04:00:00Z', '2026-03-09T06:00:00Z'), declined(otherRequestId)]).when(submit(), context()).events();
    const deleted: RegularizationEvent = { type: 'RegularizationDeleted', data: { companyId, userId, requestId: otherRequestId, by: person(member) } };
    given(regularization, [otherRequest('2026-03-09T04:00:00Z', '2026-03-09T06:00:00Z'), deleted]).when(submit(), context()).events();
  });

  it('refuses time that overlaps the logged time', () => {
    given(regularization, []).when(submit(), context({ spans: [{ start: '2026-03-09T04:00:00Z', end: '2026-03-09T04:10:00Z' }] })).thenRefuses(messages.overlapsLogged);
  });

  it('refuses a team the requester is not in', () => {
    given(regularization, []).when({ ...submit(), teamId: projectId }, context()).thenRefuses(messages.chooseTeam);
  });

  it('is the requester’s own: nobody asks for someone else', () => {
    given(regularization, []).when({ ...submit(), ...by(admin) }, context()).thenRefuses('Access denied');
    const client = testActor(companyId, '1', 'Client');
    given(regularization, []).when({ ...submit(), actor: client }, context()).thenRefuses('Access denied');
  });

  it('is refused when the logged time the server looked up is of another day (the request changed meanwhile)', () => {
    given(regularization, []).when(submit(), context({ on: today })).thenRefuses(messages.busy);
  });
});

describe('editing and deleting a request', () => {
  const edit = (changes: Partial<RegularizationForm>, actor = member): RegularizationCommand => ({ type: 'EditRegularization', ...ref, ...by(actor), timeZone: zone, form: form(changes) });
  const remove = (actor = member): RegularizationCommand => ({ type: 'DeleteRegularization', ...ref, ...by(actor) });

  it('changes a pending request, saying what it was', () => {
    given(regularization, [requested()])
      .when(edit({ startHours: 10, assigneeId: admin.userId }), context())
      .then([
        {
          type: 'RegularizationEdited',
          data: {
            ...ref,
            by: person(member),
            from: fields,
            to: { ...fields, startMinute: 600, start: '2026-03-09T04:30:00Z', end: '2026-03-09T06:00:00Z', assignee: person(admin) },
          },
        },
      ]);
  });

  it('writes nothing when nothing changed', () => {
    given(regularization, [requested()]).when(edit({}), context()).then([]);
  });

  it('keeps the manager it waits for, even one no longer offered', () => {
    given(regularization, [requested()])
      .when(edit({ durationMinutes: 45 }), context({ assignee: () => undefined }))
      .events();
  });

  it('checks the edited time like a new one, not against its own old time', () => {
    given(regularization, [requested(), otherRequest('2026-03-09T06:00:00Z', '2026-03-09T07:00:00Z')])
      .when(edit({ durationHours: 2, durationMinutes: 31 }), context())
      .thenRefuses(messages.overlapsRequest);
    given(regularization, [requested()]).when(edit({ startMinutes: 30 }), context()).events();
    given(regularization, [requested()]).when(edit({ date: '2026-03-11' }), context({ on: '2026-03-11' })).thenRefuses(messages.futureDate);
  });

  it('leaves an approved or declined request as it is', () => {
    given(regularization, [requested(), approved()]).when(edit({ startHours: 10 }), context()).thenRefuses(messages.alreadyProcessed);
    given(regularization, [requested(), declined()]).when(edit({ startHours: 10 }), context()).thenRefuses(messages.alreadyProcessed);
    given(regularization, [requested(), approved()]).when(remove(), context()).thenRefuses(messages.alreadyProcessed);
    given(regularization, [requested(), declined()]).when(remove(), context()).thenRefuses(messages.alreadyProcessed);
  });

  it('deletes a pending request', () => {
    given(regularization, [requested()]).when(remove(), context()).then([{ type: 'RegularizationDeleted', data: { ...ref, by: person(member) } }]);
  });

  it('is the requester’s alone', () => {
    given(regularization, [requested()]).when(edit({ startHours: 10 }, manager), context()).thenRefuses('Access denied');
    given(regularization, [requested()]).when(remove(admin), context()).thenRefuses('Access denied');
  });

  it('answers a request that does not exist with not found', () => {
    given(regularization, []).when(remove(), context()).thenRefuses(messages.notFound);
    given(regularization, [requested(), { type: 'RegularizationDeleted', data: { ...ref, by: person(member) } }]).when(edit({}), context()).thenRefuses(messages.notFound);
  });
});

describe('processing a request (management §5, approval)', () => {
  const approve = (actor = manager, id = requestId): RegularizationCommand => ({ type: 'ApproveRegularization', ...ref, requestId: id, ...by(actor), comment: ' Thanks ' });
  const decline = (actor = manager): RegularizationCommand => ({ type: 'DeclineRegularization', ...ref, ...by(actor), comment: 'Not that day' });
  const approval = (actor = manager) => ({
    type: 'RegularizationApproved' as const,
    data: {
      ...ref,
      by: person(actor),
      comment: 'Thanks',
      teamId,
      projectId,
      projectName: 'Apollo',
      taskId: 'AP-1',
      taskName: 'Design',
      taskDetails: 'Fixed the build',
      timeZone: zone,
      entries: [{ day: yesterday, start: '2026-03-09T03:30:00Z', end: '2026-03-09T05:00:00Z', seconds: 5400, idleMinutes: 0, splitIndex: 0, totalSplits: 1 }],
    },
  });

  it('approves: the time-log entry of the requested time, split per local day as the timer’s', () => {
    given(regularization, [requested()]).when(approve(), context()).then([approval()]);
  });

  it('is approved by any Admin too', () => {
    given(regularization, [requested()]).when(approve(admin), context()).then([approval(admin)]);
  });

  it('is for the assignee or an Admin: another manager may not, nor the requester', () => {
    given(regularization, [requested()]).when(approve(otherManager), context()).thenRefuses('Access denied');
    given(regularization, [requested()]).when(decline(otherManager), context()).thenRefuses('Access denied');
    // An Admin's own request, sent to another Admin.
    const ownRef = { companyId, userId: admin.userId, requestId };
    const own: RegularizationEvent = { type: 'RegularizationRequested', data: { ...ownRef, by: person(admin), ...fields } };
    given(regularization, [own]).when({ type: 'ApproveRegularization', ...ownRef, ...by(admin), comment: '' }, context()).thenRefuses('Access denied');
  });

  it('is decided by the assignee only while they manage the request’s team now; an Admin always', () => {
    // The manager was taken off the request's team, though they still manage another.
    const managerElsewhere = testActor(companyId, '2', 'Manager', ['00000000-0000-4000-8000-0000000000a9']);
    given(regularization, [requested()]).when(approve(managerElsewhere), context()).thenRefuses('Access denied');
    given(regularization, [requested()]).when(decline(managerElsewhere), context()).thenRefuses('Access denied');
    given(regularization, [requested()]).when(approve(testActor(companyId, '2', 'Member')), context()).thenRefuses('Access denied');
    given(regularization, [requested()]).when(approve(testActor(companyId, '3', 'Admin')), context()).then([approval(admin)]);
  });

  it('declines with a comment', () => {
    given(regularization, [requested()])
      .when(decline(), context())
      .then([{ type: 'RegularizationDeclined', data: { ...ref, by: person(manager), comment: 'Not that day' } }]);
  });

  it('tells the second processor the request was already processed', () => {
    given(regularization, [requested(), approved()]).when(approve(admin), context()).thenRefuses(messages.alreadyProcessed);
    given(regularization, [requested(), approved()]).when(decline(), context()).thenRefuses(messages.alreadyProcessed);
    given(regularization, [requested(), declined()]).when(approve(), context()).thenRefuses(messages.alreadyProcessed);
  });

  it('answers a deleted request with not found', () => {
    given(regularization, [requested(), { type: 'RegularizationDeleted', data: { ...ref, by: person(member) } }]).when(approve(), context()).thenRefuses(messages.notFound);
  });

  it('(1) refuses time today when the logged time with it passes the current time', () => {
    const far = otherRequest('2026-03-09T10:00:00Z', '2026-03-09T18:00:00Z', { date: today, timeZone: 'Pacific/Kiritimati' });
    const todays = requested({ date: today, startMinute: 840, durationMinutes: 60, start: '2026-03-10T08:30:00Z', end: '2026-03-10T09:30:00Z' });
    const logged = [{ start: '2026-03-09T19:00:00Z', end: '2026-03-10T03:00:00Z' }];
    given(regularization, [far, approved(otherRequestId), todays]).when(approve(), context({ on: today, spans: logged })).thenRefuses(messages.approvalAfterNow);
    // Pending requests are not in the time log yet: they do not count.
    given(regularization, [far, todays]).when(approve(), context({ on: today, spans: logged })).events();
  });

  it('(2) refuses time on another day when the day’s time with it passes 24 hours', () => {
    const far = otherRequest('2026-03-08T10:00:00Z', '2026-03-09T03:00:00Z', { date: yesterday, timeZone: 'Pacific/Kiritimati' });
    const logged = [{ start: '2026-03-09T06:00:00Z', end: '2026-03-09T14:00:00Z' }];
    given(regularization, [far, approved(otherRequestId), requested()]).when(approve(), context({ spans: logged })).thenRefuses(messages.approvalOver24Hours);
  });

  it('(3) refuses time that overlaps an approved request of the same person', () => {
    const overlapping = otherRequest('2026-03-09T04:00:00Z', '2026-03-09T06:00:00Z');
    given(regularization, [overlapping, approved(otherRequestId), requested()]).when(approve(), context()).thenRefuses(messages.approvalOverlapsRequest);
    given(regularization, [overlapping, requested()]).when(approve(), context()).events();
  });

  it('refuses time that overlaps what the person tracked since asking', () => {
    given(regularization, [requested()]).when(approve(), context({ spans: [{ start: '2026-03-09T04:59:00Z', end: '2026-03-09T06:00:00Z' }] })).thenRefuses(messages.approvalOverlapsLogged);
  });

  it('frees the time of a declined request', () => {
    given(regularization, [requested(), declined()]).when({ ...submit(), requestId: otherRequestId }, context()).events();
  });
});

describe('moving a request whose assignee left', () => {
  const reassign = (from = manager.userId, to = person(otherManager)): RegularizationCommand => ({
    type: 'ReassignRegularization',
    ...ref,
    from,
    to,
    authority: { kind: 'operator' },
  });

  it('moves a pending request to the new assignee', () => {
    given(regularization, [requested()])
      .when(reassign(), context())
      .then([{ type: 'RegularizationReassigned', data: { ...ref, from: person(manager), to: person(otherManager) } }]);
  });

  it('does nothing when the request moved on, was processed, or would go to the requester', () => {
    given(regularization, [requested()]).when(reassign(admin.userId), context()).then([]);
    given(regularization, [requested(), approved()]).when(reassign(), context()).then([]);
    given(regularization, [requested()]).when(reassign(manager.userId, person(member)), context()).then([]);
    given(regularization, []).when(reassign(), context()).then([]);
  });

  it('is the server’s own move: no member makes it', () => {
    const byMember = { ...reassign(), authority: admin } as unknown as RegularizationCommand;
    given(regularization, [requested()]).when(byMember, context()).thenRefuses('Access denied');
  });

  it('is then processed by its new assignee, not the old one', () => {
    const moved: RegularizationEvent = { type: 'RegularizationReassigned', data: { ...ref, from: person(manager), to: person(otherManager) } };
    given(regularization, [requested(), moved]).when({ type: 'ApproveRegularization', ...ref, ...by(manager), comment: '' }, context()).thenRefuses('Access denied');
    given(regularization, [requested(), moved]).when({ type: 'DeclineRegularization', ...ref, ...by(otherManager), comment: '' }, context()).events();
  });
});
