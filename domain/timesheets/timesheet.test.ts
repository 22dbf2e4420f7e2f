import { describe, expect, it } from 'vitest';
import { testActor } from '../members/test-actor.ts';
import { accessDenied } from '../members/roles.ts';
import { given } from '../shared/spec.ts';
import type { PeriodTotals, TimesheetEvent } from './events.ts';
import type { Period } from './periods.ts';
import { FiguresMovedError, periodLabel, timesheet, type TimesheetCommand, type TimesheetContext, timesheetMessages as messages } from './timesheet.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const teamId = '00000000-0000-4000-8000-0000000000a1';
const otherTeam = '00000000-0000-4000-8000-0000000000a2';
const member = testActor(companyId, '1', 'Member');
const manager = testActor(companyId, '2', 'Manager', [teamId]);
const admin = testActor(companyId, '3', 'Admin');
const otherManager = testActor(companyId, '4', 'Manager', [otherTeam]);
const names: Record<string, string> = { [member.userId]: 'Mo Member', [manager.userId]: 'Max Manager', [admin.userId]: 'Ada Admin', [otherManager.userId]: 'Olga Other' };
const person = (actor: { userId: string }) => ({ userId: actor.userId, name: names[actor.userId] });
const userId = member.userId;

/** The week of Monday 23 November 2026, as Mo's schedule cuts it. */
const week: Period = { start: '2026-11-23', end: '2026-11-29' };
const now = new Date('2026-11-30T09:00:00Z');
const at = now.toISOString();
const totals: PeriodTotals = { trackedMinutes: 36 * 60, manualMinutes: 90, idleMinutes: 10, earningsCents: 0 };

const workingTime = [{ day: '2026-11-23', targetMinutes: 480, workedMinutes: 510 }];

type Facts = Partial<Omit<TimesheetContext, 'submitting'> & NonNullable<TimesheetContext['submitting']>>;
const context = ({ today = '2026-11-30', timerRunningInPeriod = false, approver, ...changes }: Facts = {}): TimesheetContext => ({
  now,
  period: week,
  submitting: { today, timerRunningInPeriod, approver: approver ?? ((id) => (id === manager.userId || id === admin.userId ? person({ userId: id }) : undefined)) },
  personTeams: [teamId],
  approving: { figures: totals, afterChanges: 0, timerRunningInPeriod: false, workingTime },
  ...changes,
});

type Actor = typeof member;
const on = (actor: Actor) => ({ companyId, userId, start: week.start, actor, actorName: names[actor.userId] });
const submit = (changes: Partial<Extract<TimesheetCommand, { type: 'SubmitTimesheet' }>> = {}): TimesheetCommand => ({
  type: 'SubmitTimesheet',
  ...on(member),
  note: ' All in. ',
  approverId: manager.userId,
  ...changes,
});
const approve = (actor: Actor = manager): TimesheetCommand => ({ type: 'ApproveTimesheet', ...on(actor) });
const reject = (actor: Actor = manager, reason = 'Friday is missing'): TimesheetCommand => ({ type: 'RejectTimesheet', ...on(actor), reason });
const reopen = (actor: Actor = admin, reason = 'Payroll correction'): TimesheetCommand => ({ type: 'ReopenTimesheet', ...on(actor), reason });
const timeChange = (days: string[]): TimesheetCommand => ({ type: 'RecordTimeChange', companyId, userId, start: week.start, days, change: 'app usage' });

const ref = (actor: Actor) => ({ companyId, userId, start: week.start, end: week.end, by: person(actor), at });
const submitted: TimesheetEvent = { type: 'TimesheetSubmitted', data: { ...ref(member), note: 'All in.', approver: person(manager) } };
const approved: TimesheetEvent = { type: 'TimesheetApproved', data: { ...ref(manager), totals } };
/** The period's working time as approved: recorded with the approval, so the balance of an approved period stays. */
const balanceRecorded: TimesheetEvent = { type: 'TimesheetBalanceRecorded', data: { companyId, userId, start: week.start, days: workingTime } };
const rejected: TimesheetEvent = { type: 'TimesheetRejected', data: { ...ref(manager), reason: 'Friday is missing' } };
const reopened: TimesheetEvent = { type: 'TimesheetReopened', data: { ...ref(admin), reason: 'Payroll correction' } };

describe('a timesheet', () => {
  describe('submitting', () => {
    it('records the period, the note and the approver asked', () => {
      given(timesheet, []).when(submit(), context()).then([submitted]);
    });

    it('is open from the period’s last day, not before', () => {
      given(timesheet, []).when(submit(), context({ today: '2026-11-29' })).then([submitted]);
      given(timesheet, []).when(submit(), context({ today: '2026-11-28' })).thenRefuses(messages.notYet(week));
    });

    it('is refused while a timer session in the period is still running', () => {
      given(timesheet, []).when(submit(), context({ timerRunningInPeriod: true })).thenRefuses('Stop your timer before submitting this timesheet.');
    });

    it('needs an approver the person may ask, never themselves', () => {
      given(timesheet, []).when(submit({ approverId: otherManager.userId }), context()).thenRefuses(messages.chooseApprover);
      const anyone = context({ approver: (id) => person({ userId: id }) });
      given(timesheet, []).when(submit({ approverId: member.userId }), anyone).thenRefuses(messages.chooseApprover);
    });

    it('is only the person’s own', () => {
      given(timesheet, []).when(submit({ actor: manager, actorName: 'Max Manager' }), context()).thenRefuses(accessDenied);
    });

    it('happens again after a rejection or a reopening, not while waiting or approved', () => {
      given(timesheet, [submitted, rejected]).when(submit(), context()).then([submitted]);
      given(timesheet, [submitted, approved, reopened]).when(submit(), context()).then([submitted]);
      given(timesheet, [submitted]).when(submit(), context()).thenRefuses(messages.alreadySubmitted);
      given(timesheet, [submitted, approved]).when(submit(), context()).thenRefuses(messages.alreadyApproved);
    });

    it('names a period that exists', () => {
      given(timesheet, []).when({ ...submit(), start: '2026-11-24' }, context()).thenRefuses(messages.noSuchPeriod);
      given(timesheet, []).when(submit(), context({ period: null })).thenRefuses(messages.noSuchPeriod);
    });
  });

  describe('approving and rejecting', () => {
    it('approves with the period’s totals as they are now', () => {
      given(timesheet, [submitted]).when(approve(), context()).then([approved, balanceRecorded]);
    });

    it('lets an Admin answer too, and nobody else', () => {
      given(timesheet, [submitted]).when(approve(admin), context()).then([{ ...approved, data: { ...approved.data, by: person(admin) } }, balanceRecorded]);
      given(timesheet, [submitted]).when(approve(otherManager), context()).thenRefuses(accessDenied);
      given(timesheet, [submitted]).when(approve(member), context()).thenRefuses(accessDenied);
    });

    it('never lets an approver answer their own timesheet', () => {
      const own = { ...approve(manager), userId: manager.userId };
      const asked = { ...submitted, data: { ...submitted.data, userId: manager.userId, approver: person(manager) } };
      given(timesheet, [asked]).when(own, context()).thenRefuses(accessDenied);
    });

    it('stops a Manager who no longer manages the person’s team', () => {
      given(timesheet, [submitted]).when(approve(), context({ personTeams: [otherTeam] })).thenRefuses(accessDenied);
    });

    it('rejects with a reason, which is required', () => {
      given(timesheet, [submitted]).when(reject(), context()).then([rejected]);
      given(timesheet, [submitted]).when(reject(manager, '   '), context()).thenRefuses(messages.reasonRequired);
    });

    it('answers only a timesheet waiting for approval', () => {
      given(timesheet, []).when(approve(), context()).thenRefuses(messages.notWaiting);
      given(timesheet, [submitted, rejected]).when(reject(), context()).thenRefuses(messages.notWaiting);
      given(timesheet, [submitted, approved]).when(approve(), context()).thenRefuses(messages.alreadyApproved);
      given(timesheet, [submitted, approved]).when(reject(), context()).thenRefuses(messages.notWaiting);
    });
  });

  describe('reopening', () => {
    it('is an Admin’s, with a reason, and only of an approved timesheet', () => {
      given(timesheet, [submitted, approved]).when(reopen(), context()).then([reopened]);
      given(timesheet, [submitted, approved]).when(reopen(manager), context()).thenRefuses(accessDenied);
      given(timesheet, [submitted, approved]).when(reopen(admin, ''), context()).thenRefuses(messages.reasonRequired);
      given(timesheet, [submitted]).when(reopen(), context()).thenRefuses(messages.notApproved);
    });
  });

  describe('the lock', () => {
    const change: TimesheetEvent = {
      type: 'TimesheetTimeChanged',
      data: { companyId, userId, start: week.start, days: ['2026-11-26', '2026-11-27'], change: 'app usage', at },
    };

    it('records a change of time on the period’s days while it is not approved', () => {
      given(timesheet, []).when(timeChange(['2026-11-27', '2026-11-26', '2026-11-27']), context()).then([change]);
      given(timesheet, [submitted]).when(timeChange(['2026-11-26', '2026-11-27']), context()).then([change]);
      given(timesheet, [submitted, approved, reopened]).when(timeChange(['2026-11-26', '2026-11-27']), context()).then([change]);
    });

    it('needs no other fact than the period', () => {
      given(timesheet, []).when(timeChange(['2026-11-27']), { now, period: week }).events();
    });

    it('refuses every change once approved, naming the period and who can reopen it', () => {
      given(timesheet, [submitted, approved])
        .when(timeChange(['2026-11-29']), context())
        .thenRefuses('The timesheet for 23 Nov – 29 Nov 2026 is approved and locked, so its time cannot change. An Admin can reopen it.');
    });

    it('takes only days of the period: another is a fault of the caller, not a message for a person', () => {
      expect(() => timesheet.decide(timeChange(['2026-11-30']), timesheet.initialState, context())).toThrow('A change of time on 2026-11-30 is not in the period from 2026-11-23');
    });

    it('approves only on figures read after the period’s latest change of time', () => {
      const changed: TimesheetEvent = { type: 'TimesheetTimeChanged', data: { companyId, userId, start: week.start, days: ['2026-11-27'], change: 'timer', at } };
      expect(() => timesheet.decide(approve(), [changed, submitted].reduce(timesheet.evolve, timesheet.initialState), context())).toThrow(FiguresMovedError);
      given(timesheet, [changed, submitted]).when(approve(), context({ approving: { figures: totals, afterChanges: 1, timerRunningInPeriod: false, workingTime } })).then([approved, balanceRecorded]);
    });

    it('waits for a session still running in the period to stop', () => {
      given(timesheet, [submitted])
        .when(approve(), context({ approving: { figures: totals, afterChanges: 0, timerRunningInPeriod: true, workingTime } }))
        .thenRefuses(messages.timerRunningForApproval);
    });

    it('keeps the approved figures until reopened', () => {
      const state = [submitted, approved].reduce(timesheet.evolve, timesheet.initialState);
      expect(state.approved).toEqual(totals);
      expect(timesheet.evolve(state, reopened).approved).toBeNull();
    });
  });

  it('names a period across a new year with both years', () => {
    expect(periodLabel({ start: '2026-12-28', end: '2027-01-03' })).toBe('28 Dec 2026 – 3 Jan 2027');
  });

  describe('moving on from an approver who left', () => {
    const reassign = (from = manager.userId, to = person(admin), authority: { kind: 'operator' } = { kind: 'operator' }): TimesheetCommand => ({
      type: 'ReassignTimesheet',
      companyId,
      userId,
      requestId: week.start,
      start: week.start,
      from,
      to,
      authority,
    });
    const moved: TimesheetEvent = { type: 'TimesheetReassigned', data: { companyId, userId, start: week.start, from: person(manager), to: person(admin), at } };

    it('moves a submitted timesheet to the one the sweep found, who may then approve it', () => {
      given(timesheet, [submitted]).when(reassign(), context()).then([moved]);
      given(timesheet, [submitted, moved]).when(approve(admin), context()).then([{ type: 'TimesheetApproved', data: { ...ref(admin), totals } }, balanceRecorded]);
    });

    it('leaves alone a timesheet not waiting, or already moved on, or that would go to its own person', () => {
      given(timesheet, []).when(reassign(), context()).then([]);
      given(timesheet, [submitted, approved]).when(reassign(), context()).then([]);
      given(timesheet, [submitted, moved]).when(reassign(), context()).then([]);
      given(timesheet, [submitted]).when(reassign(manager.userId, person(member)), context()).then([]);
    });

    it('is the server’s alone', () => {
      given(timesheet, [submitted]).when(reassign(manager.userId, person(admin), { kind: 'person' } as never), context()).thenRefuses(accessDenied);
    });
  });
});
