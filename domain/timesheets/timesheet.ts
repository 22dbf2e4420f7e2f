import { authorize } from '../members/authorization.ts';
import { changedBy, type CommandBy } from '../projects/project.ts';
import type { Decider } from '../shared/decider.ts';
import { conflict, forbidden, invalid, notFound } from '../shared/errors.ts';
import { authorizeOwnRequest, authorizeProcessing } from '../shared/request-rights.ts';
import { type Reassign, reassignment } from '../shared/reassignment.ts';
import type { Person } from '../shared/request-schema.ts';
import { accessDenied } from '../members/roles.ts';
import type { PeriodTotals, RecordedBalanceDay, TimesheetEvent } from './events.ts';
import type { Period } from './periods.ts';

export const TIMESHEET_STATUSES = ['Open', 'Submitted', 'Approved', 'Rejected', 'Reopened'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayAndMonth = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;

/** A period as people read it: '23 Nov – 29 Nov 2026', '28 Dec 2026 – 3 Jan 2027'. */
export function periodLabel({ start, end }: Period): string {
  const year = (day: string) => day.slice(0, 4);
  return year(start) === year(end) ? `${dayAndMonth(start)} – ${dayAndMonth(end)} ${year(end)}` : `${dayAndMonth(start)} ${year(start)} – ${dayAndMonth(end)} ${year(end)}`;
}

export const timesheetMessages = {
  noSuchPeriod: 'There is no timesheet period starting on that day.',
  notBegun: 'This timesheet period has not begun yet.',
  notYet: (period: Period) => `The timesheet for ${periodLabel(period)} can be submitted from its last day.`,
  timerRunning: 'Stop your timer before submitting this timesheet.',
  timerRunningForApproval: 'A timer session in this period is still running: the timesheet can be approved once it stops.',
  chooseApprover: 'Please choose who approves this timesheet.',
  alreadySubmitted: 'This timesheet is already submitted and waits for approval.',
  alreadyApproved: 'This timesheet is already approved.',
  notWaiting: 'This timesheet is not waiting for approval.',
  reasonRequired: 'Please give a reason.',
  notApproved: 'Only an approved timesheet can be reopened.',
  locked: (period: Period) => `The timesheet for ${periodLabel(period)} is approved and locked, so its time cannot change. An Admin can reopen it.`,
} as const;

/** One person's timesheet for one period, as its stream holds it. */
export interface TimesheetState {
  status: TimesheetStatus;
  /** Whom the person asked to approve it, once submitted. */
  approver: Person | null;
  /** The figures approved, while it is approved. */
  approved: PeriodTotals | null;
  /** How many changes of time the period has seen: figures read after the last of them are the period's. */
  changes: number;
}

type OnTimesheet = { companyId: string; userId: string; start: string } & CommandBy;

export type TimesheetCommand =
  | ({ type: 'SubmitTimesheet'; note: string; approverId: string } & OnTimesheet)
  | ({ type: 'ApproveTimesheet' } & OnTimesheet)
  | ({ type: 'RejectTimesheet'; reason: string } & OnTimesheet)
  | ({ type: 'ReopenTimesheet'; reason: string } & OnTimesheet)
  /** The server's sweep moving a submitted timesheet on; its `requestId` is the period's first day. */
  | ({ type: 'ReassignTimesheet'; start: string } & Reassign)
  /**
   * Another command changes time on some of the period's days: refused while
   * the period is locked. That command's own decider checked its right (it
   * may be the person, their approver, or the server's sweep).
   */
  | { type: 'RecordTimeChange'; companyId: string; userId: string; start: string; days: string[]; change: string };

/**
 * What deciding needs: the clock and the period, and the facts only some
 * commands read (a change of time needs none of them), looked up by the
 * service for the command it sends.
 */
export interface TimesheetContext {
  now: Date;
  /** The period that starts on the command's day in the person's schedule; null when none does. */
  period: Period | null;
  /** For submitting. */
  submitting?: {
    /** The person's local today. */
    today: string;
    /** Whether the person's timer runs a session that touches the period (read from the tracker's stream). */
    timerRunningInPeriod: boolean;
    /** Whom the person may ask to approve (an Admin, or a Head or Manager of their teams), with their name; undefined for anyone else. */
    approver: (userId: string) => Person | undefined;
  };
  /** For answering: the person's teams as their membership stream holds them now. */
  personTeams?: readonly string[];
  /** For approving: the period's figures by the accounting rule, read once the read models included this many changes of its time, and whether a session in the period still runs. */
  approving?: { figures: PeriodTotals; afterChanges: number; timerRunningInPeriod: boolean; workingTime: RecordedBalanceDay[] };
}

/** Approving on figures read before the period's latest change of time: read them again and decide again. */
export class FiguresMovedError extends Error {
  constructor() {
    super('The period’s time changed after its figures were read');
    this.name = 'FiguresMovedError';
  }
}

/** A fact the command needs, which the service must look up. */
function needed<T>(fact: T | undefined, name: string): T {
  if (fact === undefined) throw new Error(`The timesheet decider needs ${name} for this command`);
  return fact;
}

const reasonOf = (text: string) => {
  const reason = text.trim();
  if (!reason) throw invalid(timesheetMessages.reasonRequired);
  return reason;
};

/** Whether time on the period's days may change: not while it is approved. */
export const isLocked = (state: TimesheetState) => state.status === 'Approved';

export const timesheet: Decider<TimesheetCommand, TimesheetEvent, TimesheetState, TimesheetContext> = {
  initialState: { status: 'Open', approver: null, approved: null, changes: 0 },

  evolve(state, event) {
    switch (event.type) {
      case 'TimesheetSubmitted':
        return { ...state, status: 'Submitted', approver: event.data.approver, approved: null };
      case 'TimesheetApproved':
        return { ...state, status: 'Approved', approved: event.data.totals };
      case 'TimesheetRejected':
        return { ...state, status: 'Rejected' };
      case 'TimesheetReopened':
        return { ...state, status: 'Reopened', approved: null };
      case 'TimesheetReassigned':
        return { ...state, approver: event.data.to };
      case 'TimesheetTimeChanged':
        return { ...state, changes: state.changes + 1 };
      case 'TimesheetBalanceRecorded':
        return state;
    }
  },

  decide(command, state, context) {
    const period = context.period;
    if (!period || period.start !== command.start) throw notFound(timesheetMessages.noSuchPeriod);
    const at = context.now.toISOString();
    if (command.type === 'RecordTimeChange') {
      if (isLocked(state)) throw conflict(timesheetMessages.locked(period));
      const days = [...new Set(command.days)].sort();
      // The guard cuts a change's days by period: a day outside this one is a bug, not a person's mistake.
      if (days.length === 0 || days[0] < period.start || days.at(-1)! > period.end) throw new Error(`A change of time on ${days.join(', ')} is not in the period from ${period.start}`);
      return [{ type: 'TimesheetTimeChanged', data: { companyId: command.companyId, userId: command.userId, start: period.start, days, change: command.change, at } }];
    }
    if (command.type === 'ReassignTimesheet') {
      const waiting = state.status === 'Submitted' && state.approver ? { status: 'Pending', assignee: state.approver } : undefined;
      const move = reassignment(command, waiting);
      return move ? [{ type: 'TimesheetReassigned', data: { companyId: command.companyId, userId: command.userId, start: period.start, ...move, at } }] : [];
    }
    if (command.actor.companyId !== command.companyId) throw forbidden(accessDenied);
    const ref = { companyId: command.companyId, userId: command.userId, start: period.start, end: period.end, by: changedBy(command), at };
    switch (command.type) {
      case 'SubmitTimesheet': {
        authorizeOwnRequest(command, 'SubmitTimesheet');
        if (state.status === 'Submitted') throw conflict(timesheetMessages.alreadySubmitted);
        if (state.status === 'Approved') throw conflict(timesheetMessages.alreadyApproved);
        const submitting = needed(context.submitting, 'the facts of submitting');
        if (submitting.today < period.end) throw invalid(timesheetMessages.notYet(period));
        if (submitting.timerRunningInPeriod) throw invalid(timesheetMessages.timerRunning);
        const approver = submitting.approver(command.approverId);
        if (!approver || approver.userId === command.userId) throw invalid(timesheetMessages.chooseApprover);
        return [{ type: 'TimesheetSubmitted', data: { ...ref, note: command.note.trim(), approver } }];
      }
      case 'ApproveTimesheet':
      case 'RejectTimesheet': {
        if (state.status === 'Approved' && command.type === 'ApproveTimesheet') throw conflict(timesheetMessages.alreadyApproved);
        if (state.status !== 'Submitted' || !state.approver) throw conflict(timesheetMessages.notWaiting);
        authorizeProcessing(command, command.type, { assigneeId: state.approver.userId, teams: needed(context.personTeams, 'the person’s teams') });
        if (command.type === 'RejectTimesheet') return [{ type: 'TimesheetRejected', data: { ...ref, reason: reasonOf(command.reason) } }];
        const approving = needed(context.approving, 'the period’s figures');
        if (approving.timerRunningInPeriod) throw conflict(timesheetMessages.timerRunningForApproval);
        // Time changed after the figures were read: they are not the period's any more.
        if (approving.afterChanges !== state.changes) throw new FiguresMovedError();
        return [
          { type: 'TimesheetApproved', data: { ...ref, totals: approving.figures } },
          { type: 'TimesheetBalanceRecorded', data: { companyId: ref.companyId, userId: ref.userId, start: ref.start, days: approving.workingTime } },
        ];
      }
      case 'ReopenTimesheet': {
        authorize(command.actor, 'ReopenTimesheet', { companyId: command.companyId });
        const reason = reasonOf(command.reason);
        if (state.status !== 'Approved') throw conflict(timesheetMessages.notApproved);
        return [{ type: 'TimesheetReopened', data: { ...ref, reason } }];
      }
    }
  },
};
