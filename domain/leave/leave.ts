import { changedBy, type CommandBy } from '../projects/project.ts';
import { authorizeOwnRequest, authorizeProcessing } from '../shared/request-rights.ts';
import { FIRST_YEAR, isCalendarDay, yearOf } from '../shared/calendar-day.ts';
import type { Decider } from '../shared/decider.ts';
import { conflict, invalid, notFound } from '../shared/errors.ts';
import { type Reassign, reassignment } from '../shared/reassignment.ts';
import { LEAVE_TYPES, type LeaveType, PAID_LEAVE } from './choices.ts';
import type { LeaveEvent, LeaveFields, LeaveRequestStatus, Person } from './events.ts';
import { type PaidLeaveBalance, paidLeaveBalance } from './balance.ts';

/** Management §5 'Leave request' and §8 'Leave', word for word. */
export const leaveMessages = {
  invalidDate: 'Invalid Date Please enter valid date !',
  pastDate: 'Cannot select past dates! Please choose current or future date.',
  before2023: 'Please choose date after 2023 !',
  chooseType: 'Please Choose type',
  chooseManager: 'Please Choose Manager',
  duplicate: (date: string) => `You already have submitted a request for leave on the date - ${date}`,
  noPolicy: 'No paid leave policy configured. Please contact your administrator.',
  noBalance: 'You have consumed all your available paid leave days. No leave balance remaining.',
  approvedPaidType: 'Cannot change leave type for an approved paid leave request. Please contact your administrator.',
  changeToPaid: (days: number) => `Cannot change to Paid Leave: You have insufficient paid leave balance. You have ${days} days remaining.`,
  approveWithoutBalance: 'Cannot approve: User has insufficient paid leave balance...',
  alreadyProcessed: 'This request was already processed.',
  notFound: 'Leave request not found',
} as const;

/** Management §3: the comment when none is given. */
export const DEFAULT_COMMENT = 'No Comment';

export interface LeaveRequest extends LeaveFields {
  requestId: string;
  status: LeaveRequestStatus;
}

/** One person's requests in one company; a deleted request is gone. */
export interface LeaveState {
  requests: ReadonlyMap<string, LeaveRequest>;
}

export interface LeaveContext {
  /** The requester's local today, YYYY-MM-DD. */
  today: string;
  /** The company's paid leave days for a year; null when it has no policy for it. */
  paidLeaveDays: (year: number) => number | null;
  /** Whom the requester may ask (management §6: an Admin, or a Head or Manager of their teams), with their name; undefined for anyone else. */
  assignee: (userId: string) => Person | undefined;
  /** The requester's teams as their membership stream holds them now: a Head or Manager decides their requests while managing one. */
  requesterTeams: readonly string[];
  /** Whether a day is one of the requester's holidays: paid leave on one spends no day. */
  isHoliday: (day: string) => boolean;
}

/** The requester's stream: every command names the company and the person whose requests it acts on. */
type OnStream = { companyId: string; userId: string } & CommandBy;

/** A form's values as sent: checked here, answering with the form's own messages. */
export interface LeaveForm {
  leaveDate: string;
  type: string;
  comment: string;
  assigneeId: string;
}

export type LeaveCommand =
  | ({ type: 'RequestLeave'; requestId: string; form: LeaveForm } & OnStream)
  | ({ type: 'EditLeaveRequest'; requestId: string; changes: Partial<LeaveForm> } & OnStream)
  | ({ type: 'DeleteLeaveRequest'; requestId: string } & OnStream)
  | ({ type: 'ApproveLeave'; requestId: string; comment: string } & OnStream)
  | ({ type: 'DeclineLeave'; requestId: string; comment: string } & OnStream)
  | ({ type: 'ReassignLeave' } & Reassign);

const isLeaveType = (type: string): type is LeaveType => (LEAVE_TYPES as readonly string[]).includes(type);
const commentOf = (comment: string) => comment.trim() || DEFAULT_COMMENT;

/** The day rules of a new or moved request, in the order the form checks them. */
function checkDay(state: LeaveState, day: string, today: string, except?: string) {
  if (!isCalendarDay(day)) throw invalid(leaveMessages.invalidDate);
  if (yearOf(day) < FIRST_YEAR) throw invalid(leaveMessages.before2023);
  if (day < today) throw invalid(leaveMessages.pastDate);
  for (const other of state.requests.values()) {
    if (other.requestId !== except && other.leaveDate === day && other.status !== 'Declined') throw invalid(leaveMessages.duplicate(day));
  }
}

/** The paid leave balance of a year from the requests in the stream, leaving one out (the one being changed). */
function balanceOf(state: LeaveState, year: number, context: LeaveContext, except?: string): PaidLeaveBalance | null {
  const allocated = context.paidLeaveDays(year);
  if (allocated === null) return null;
  const others = [...state.requests.values()].filter((request) => request.requestId !== except);
  return paidLeaveBalance(others, year, allocated, context.isHoliday);
}

function existing(state: LeaveState, requestId: string): LeaveRequest {
  const request = state.requests.get(requestId);
  if (!request) throw notFound(leaveMessages.notFound);
  return request;
}

export const leave: Decider<LeaveCommand, LeaveEvent, LeaveState, LeaveContext> = {
  initialState: { requests: new Map() },

  evolve(state, event) {
    const requests = new Map(state.requests);
    const { requestId } = event.data;
    switch (event.type) {
      case 'LeaveRequested': {
        const { leaveDate, type, comment, assignee } = event.data;
        requests.set(requestId, { requestId, leaveDate, type, comment, assignee, status: 'Pending' });
        break;
      }
      case 'LeaveRequestEdited':
        requests.set(requestId, { ...requests.get(requestId)!, ...event.data.to });
        break;
      case 'LeaveRequestDeleted':
        requests.delete(requestId);
        break;
      case 'LeaveApproved':
        requests.set(requestId, { ...requests.get(requestId)!, status: 'Approved' });
        break;
      case 'LeaveDeclined':
        requests.set(requestId, { ...requests.get(requestId)!, status: 'Declined' });
        break;
      case 'LeaveReassigned':
        requests.set(requestId, { ...requests.get(requestId)!, assignee: event.data.to });
        break;
    }
    return { requests };
  },

  decide(command, state, context) {
    if (command.type === 'ReassignLeave') {
      const { companyId, userId, requestId } = command;
      const move = reassignment(command, state.requests.get(requestId));
      return move ? [{ type: 'LeaveReassigned', data: { companyId, userId, requestId, ...move } }] : [];
    }
    const ref = { companyId: command.companyId, userId: command.userId, requestId: command.requestId, by: changedBy(command) };
    switch (command.type) {
      case 'RequestLeave': {
        authorizeOwnRequest(command, 'RequestLeave');
        if (state.requests.has(command.requestId)) return [];
        const { form } = command;
        checkDay(state, form.leaveDate, context.today);
        if (!isLeaveType(form.type)) throw invalid(leaveMessages.chooseType);
        const assignee = form.assigneeId === command.userId ? undefined : context.assignee(form.assigneeId);
        if (!assignee) throw invalid(leaveMessages.chooseManager);
        if (form.type === PAID_LEAVE) {
          const balance = balanceOf(state, yearOf(form.leaveDate), context);
          if (!balance) throw invalid(leaveMessages.noPolicy);
          if (balance.available <= 0) throw invalid(leaveMessages.noBalance);
        }
        return [{ type: 'LeaveRequested', data: { ...ref, leaveDate: form.leaveDate, type: form.type, comment: commentOf(form.comment), assignee } }];
      }

      case 'EditLeaveRequest': {
        authorizeOwnRequest(command, 'EditLeaveRequest');
        const request = existing(state, command.requestId);
        const { changes } = command;
        const type = changes.type ?? request.type;
        if (request.status !== 'Pending') {
          if (request.status === 'Approved' && request.type === PAID_LEAVE && type !== PAID_LEAVE) throw invalid(leaveMessages.approvedPaidType);
          throw conflict(leaveMessages.alreadyProcessed);
        }
        const leaveDate = changes.leaveDate ?? request.leaveDate;
        if (leaveDate !== request.leaveDate) checkDay(state, leaveDate, context.today, request.requestId);
        if (!isLeaveType(type)) throw invalid(leaveMessages.chooseType);
        const assigneeId = changes.assigneeId ?? request.assignee.userId;
        const assignee = assigneeId === request.assignee.userId ? request.assignee : assigneeId === command.userId ? undefined : context.assignee(assigneeId);
        if (!assignee) throw invalid(leaveMessages.chooseManager);
        const becomesPaid = type === PAID_LEAVE && request.type !== PAID_LEAVE;
        if (type === PAID_LEAVE && (becomesPaid || yearOf(leaveDate) !== yearOf(request.leaveDate))) {
          const balance = balanceOf(state, yearOf(leaveDate), context, request.requestId);
          if (!balance) throw invalid(leaveMessages.noPolicy);
          if (balance.available <= 0) throw invalid(becomesPaid ? leaveMessages.changeToPaid(Math.max(0, balance.available)) : leaveMessages.noBalance);
        }
        const from: LeaveFields = { leaveDate: request.leaveDate, type: request.type, comment: request.comment, assignee: request.assignee };
        const to: LeaveFields = { leaveDate, type, comment: changes.comment === undefined ? request.comment : commentOf(changes.comment), assignee };
        const same = from.leaveDate === to.leaveDate && from.type === to.type && from.comment === to.comment && from.assignee.userId === to.assignee.userId;
        return same ? [] : [{ type: 'LeaveRequestEdited', data: { ...ref, from, to } }];
      }

      case 'DeleteLeaveRequest': {
        authorizeOwnRequest(command, 'DeleteLeaveRequest');
        const request = existing(state, command.requestId);
        if (request.status !== 'Pending') throw conflict(leaveMessages.alreadyProcessed);
        return [{ type: 'LeaveRequestDeleted', data: ref }];
      }

      case 'ApproveLeave':
      case 'DeclineLeave': {
        const request = existing(state, command.requestId);
        authorizeProcessing(command, command.type, { assigneeId: request.assignee.userId, teams: context.requesterTeams });
        if (request.status !== 'Pending') throw conflict(leaveMessages.alreadyProcessed);
        const data = { ...ref, comment: commentOf(command.comment), leaveDate: request.leaveDate, type: request.type };
        if (command.type === 'DeclineLeave') return [{ type: 'LeaveDeclined', data }];
        if (request.type === PAID_LEAVE) {
          // Pending requests were counted when made; approving needs a day left of what the policy allows now.
          const balance = balanceOf(state, yearOf(request.leaveDate), context, request.requestId);
          if (!balance || balance.allocated - balance.used <= 0) throw invalid(leaveMessages.approveWithoutBalance);
        }
        return [{ type: 'LeaveApproved', data }];
      }
    }
  },
};
