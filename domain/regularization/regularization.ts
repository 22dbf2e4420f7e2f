import { changedBy, type CommandBy } from '../projects/project.ts';
import { authorizeOwnRequest, authorizeProcessing } from '../shared/request-rights.ts';
import { FIRST_YEAR, isCalendarDay, yearOf } from '../shared/calendar-day.ts';
import type { Decider } from '../shared/decider.ts';
import { BUSY_MESSAGE, conflict, invalid, notFound } from '../shared/errors.ts';
import { type Reassign, reassignment } from '../shared/reassignment.ts';
import type { TimelogEntry } from '../time-tracking/events.ts';
import { localDay, splitByLocalDay } from '../time-tracking/local-days.ts';
import type { Person, RegularizationEvent, RegularizationFields, RegularizationStatus } from './events.ts';
import { clipped, localDaySpan, minutesMs, overlaps, type Span, spanMs, typedSpan } from './time-span.ts';

/** Management §5 'Regularization (requester)' and '(approval)', word for word; the texts the spec leaves out are ours. */
export const regularizationMessages = {
  invalidDate: 'Invalid Date Please give valid date !',
  chooseProject: 'Please Choose a Project',
  chooseTask: 'Please Choose a Task',
  chooseManager: 'Please Choose Manager',
  chooseTeam: 'Please select a team',
  before2023: 'Please choose date after 2023 !',
  futureDate: "You can't add a regularization request for future date, please give current date or past date !",
  chooseStartTime: 'Please choose a start time',
  tooShort: 'The duration must be at least 1 minute',
  pastEndOfDay: 'The start time plus the duration must not pass the end of the day',
  afterNow: 'your logged time is greater than current time... !',
  over24Hours: 'your regularization time is excedding 24 hours... !',
  overlapsRequest: 'your regularization entry is overlapping another request... !',
  overlapsLogged: 'your regularization entry is overlapping your logged time... !',
  approvalAfterNow: "user's logged time is greater than current time... !",
  approvalOver24Hours: "user's regularization time is excedding 24 hours please ask user to update request or decline... !",
  approvalOverlapsRequest: "user's regularization entry is overlapping another request... !",
  approvalOverlapsLogged: "user's regularization entry is overlapping their logged time... !",
  alreadyProcessed: 'This request was already processed.',
  notFound: 'Regularization request not found',
  busy: BUSY_MESSAGE,
} as const;

const DAY_MS = minutesMs(24 * 60);

export interface RegularizationRequest extends RegularizationFields {
  requestId: string;
  status: RegularizationStatus;
}

/** One person's requests in one company; a deleted request is gone. */
export interface RegularizationState {
  requests: ReadonlyMap<string, RegularizationRequest>;
}

/** The form as sent: checked here, answering with the form's own messages. Minutes over 59 roll into hours (management §9). */
export interface RegularizationForm {
  date: string;
  startHours: number | null;
  startMinutes: number | null;
  durationHours: number;
  durationMinutes: number;
  projectId: string;
  taskId: string;
  taskDetails: string;
  assigneeId: string;
}

/** The requester's timer time in and around one local day, from their time log (its manual entries are this stream's requests). */
export interface LoggedTime {
  date: string;
  timeZone: string;
  spans: readonly Span[];
}

export interface RegularizationContext {
  /** The server's clock. */
  now: Date;
  /** The time log the command is checked against; null for commands that need none. */
  logged: LoggedTime | null;
  /** A live project of the company, with its name. */
  project: (projectId: string) => { name: string } | undefined;
  /** A task of that project the requester may log time on (assigned to them, not DONE), with its title. */
  task: (projectId: string, taskId: string) => { name: string } | undefined;
  /** Whom the requester may ask (an Admin, or a Head or Manager of the request's team), with their name. */
  assignee: (userId: string) => Person | undefined;
  /** Whether the requester is in this team. */
  inTeam: (teamId: string) => boolean;
}

/** The requester's stream: every member's command names the company and the person whose requests it acts on. */
type OnStream = { companyId: string; userId: string; requestId: string } & CommandBy;

export type RegularizationCommand =
  | ({ type: 'SubmitRegularization'; teamId: string; timeZone: string; form: RegularizationForm } & OnStream)
  | ({ type: 'EditRegularization'; timeZone: string; form: RegularizationForm } & OnStream)
  | ({ type: 'DeleteRegularization' } & OnStream)
  | ({ type: 'ApproveRegularization'; comment: string } & OnStream)
  | ({ type: 'DeclineRegularization'; comment: string } & OnStream)
  | ({ type: 'ReassignRegularization' } & Reassign);

/** Pending and approved requests hold their time; a declined one frees it. */
const REQUESTER_COUNTS: readonly RegularizationStatus[] = ['Pending', 'Approved'];
/** Approving counts what is already in the time log: the approved ones. */
const APPROVAL_COUNTS: readonly RegularizationStatus[] = ['Approved'];

type TimeMessages = { afterNow: string; over24Hours: string; overlapsRequest: string; overlapsLogged: string };
const REQUESTER_MESSAGES: TimeMessages = regularizationMessages;
const APPROVAL_MESSAGES: TimeMessages = {
  afterNow: regularizationMessages.approvalAfterNow,
  over24Hours: regularizationMessages.approvalOver24Hours,
  overlapsRequest: regularizationMessages.approvalOverlapsRequest,
  overlapsLogged: regularizationMessages.approvalOverlapsLogged,
};


/** The day rules, in the order the form checks them (management §5); the date is known valid after it. */
function checkDay(date: string, today: string) {
  if (yearOf(date) < FIRST_YEAR) throw invalid(regularizationMessages.before2023);
  if (date > today) throw invalid(regularizationMessages.futureDate);
}

/** The typed start and duration in minutes; hours and minutes as the form's inputs allow them. */
function typedTime(form: RegularizationForm): { startMinute: number; durationMinutes: number } {
  if (form.startHours === null || form.startMinutes === null) throw invalid(regularizationMessages.chooseStartTime);
  const durationMinutes = form.durationHours * 60 + form.durationMinutes;
  if (durationMinutes < 1) throw invalid(regularizationMessages.tooShort);
  return { startMinute: form.startHours * 60 + form.startMinutes, durationMinutes };
}

/** The logged time the context holds for this day; another day means the request changed while the server looked (a retry). */
function loggedOn(context: RegularizationContext, date: string, timeZone: string): readonly Span[] {
  const { logged } = context;
  if (!logged || logged.date !== date || logged.timeZone !== timeZone) throw conflict(regularizationMessages.busy);
  return logged.spans;
}

/**
 * The time rules of management §5, for the requester or the approver: the
 * request must not overlap other requests or the time log, and the day's time
 * with it must not pass the current time today, nor 24 hours on another day.
 */
function checkTime(
  state: RegularizationState,
  request: Pick<RegularizationFields, 'date' | 'timeZone' | 'start' | 'end'> & { requestId: string },
  context: RegularizationContext,
  counted: readonly RegularizationStatus[],
  messages: TimeMessages,
) {
  const { date, timeZone } = request;
  const day = localDaySpan(date, timeZone);
  const now = context.now.getTime();
  const isToday = date === localDay(context.now.toISOString(), timeZone);
  if (isToday && Date.parse(request.end) > now) throw invalid(messages.afterNow);
  const others = [...state.requests.values()].filter((other) => other.requestId !== request.requestId && counted.includes(other.status));
  if (others.some((other) => overlaps(other, request))) throw invalid(messages.overlapsRequest);
  const logged = loggedOn(context, date, timeZone);
  if (logged.some((span) => overlaps(span, request))) throw invalid(messages.overlapsLogged);
  const dayMs = [...logged.map((span) => clipped(span, day)), ...others.filter((other) => other.date === date), request].reduce((sum, span) => sum + spanMs(span), 0);
  if (isToday && dayMs > now - Date.parse(day.start)) throw invalid(messages.afterNow);
  if (!isToday && dayMs > DAY_MS) throw invalid(messages.over24Hours);
}

/** The request a form describes, checked in the order of management §5. */
function requestFrom(form: RegularizationForm, teamId: string, timeZone: string, context: RegularizationContext, requesterId: string): RegularizationFields {
  if (!isCalendarDay(form.date)) throw invalid(regularizationMessages.invalidDate);
  const project = form.projectId ? context.project(form.projectId) : undefined;
  if (!project) throw invalid(regularizationMessages.chooseProject);
  const task = form.taskId ? context.task(form.projectId, form.taskId) : undefined;
  if (!task) throw invalid(regularizationMessages.chooseTask);
  const assignee = form.assigneeId && form.assigneeId !== requesterId ? context.assignee(form.assigneeId) : undefined;
  if (!assignee) throw invalid(regularizationMessages.chooseManager);
  checkDay(form.date, localDay(context.now.toISOString(), timeZone));
  const { startMinute, durationMinutes } = typedTime(form);
  const span = typedSpan(form.date, startMinute, durationMinutes, timeZone);
  if (Date.parse(span.end) > Date.parse(localDaySpan(form.date, timeZone).end)) throw invalid(regularizationMessages.pastEndOfDay);
  return {
    date: form.date,
    startMinute,
    durationMinutes,
    timeZone,
    ...span,
    teamId,
    projectId: form.projectId,
    projectName: project.name,
    taskId: form.taskId,
    taskName: task.name,
    taskDetails: form.taskDetails.trim(),
    assignee,
  };
}

/** The time-log entries an approved request writes: its span cut at local midnights, as the timer's sessions are. */
export function manualEntries(request: Pick<RegularizationFields, 'start' | 'end' | 'timeZone'>): TimelogEntry[] {
  const parts = splitByLocalDay(request.start, request.end, request.timeZone);
  return parts.map((part, index) => ({ ...part, idleMinutes: 0, splitIndex: index, totalSplits: parts.length }));
}

function existing(state: RegularizationState, requestId: string): RegularizationRequest {
  const request = state.requests.get(requestId);
  if (!request) throw notFound(regularizationMessages.notFound);
  return request;
}

const fieldsOf = ({ requestId: _, status: __, ...fields }: RegularizationRequest): RegularizationFields => fields;

const sameFields = (a: RegularizationFields, b: RegularizationFields) =>
  (Object.keys(a) as (keyof RegularizationFields)[]).every((key) => (key === 'assignee' ? a.assignee.userId === b.assignee.userId : a[key] === b[key]));

export const regularization: Decider<RegularizationCommand, RegularizationEvent, RegularizationState, RegularizationContext> = {
  initialState: { requests: new Map() },

  evolve(state, event) {
    const requests = new Map(state.requests);
    const { requestId } = event.data;
    const request = requests.get(requestId);
    switch (event.type) {
      case 'RegularizationRequested': {
        const { companyId: _c, userId: _u, requestId: _r, by: _b, ...fields } = event.data;
        requests.set(requestId, { ...fields, requestId, status: 'Pending' });
        break;
      }
      case 'RegularizationEdited':
        if (request) requests.set(requestId, { ...request, ...event.data.to });
        break;
      case 'RegularizationDeleted':
        requests.delete(requestId);
        break;
      case 'RegularizationApproved':
        if (request) requests.set(requestId, { ...request, status: 'Approved' });
        break;
      case 'RegularizationDeclined':
        if (request) requests.set(requestId, { ...request, status: 'Declined' });
        break;
      case 'RegularizationReassigned':
        if (request) requests.set(requestId, { ...request, assignee: event.data.to });
        break;
    }
    return { requests };
  },

  decide(command, state, context) {
    const { companyId, userId, requestId } = command;
    if (command.type === 'ReassignRegularization') {
      const move = reassignment(command, state.requests.get(requestId));
      return move ? [{ type: 'RegularizationReassigned', data: { companyId, userId, requestId, ...move } }] : [];
    }
    const ref = { companyId, userId, requestId, by: changedBy(command) };
    switch (command.type) {
      case 'SubmitRegularization': {
        authorizeOwnRequest(command, 'SubmitRegularization');
        if (state.requests.has(requestId)) return [];
        if (!context.inTeam(command.teamId)) throw invalid(regularizationMessages.chooseTeam);
        const fields = requestFrom(command.form, command.teamId, command.timeZone, context, userId);
        checkTime(state, { ...fields, requestId }, context, REQUESTER_COUNTS, REQUESTER_MESSAGES);
        return [{ type: 'RegularizationRequested', data: { ...ref, ...fields } }];
      }

      case 'EditRegularization': {
        authorizeOwnRequest(command, 'EditRegularization');
        const request = existing(state, requestId);
        if (request.status !== 'Pending') throw conflict(regularizationMessages.alreadyProcessed);
        const from = fieldsOf(request);
        const kept = context.assignee;
        // Whom they asked stays a valid choice while the request waits for them (the server moves it when they leave).
        const assignee = (id: string) => (id === from.assignee.userId ? from.assignee : kept(id));
        const to = requestFrom(command.form, request.teamId, command.timeZone, { ...context, assignee }, userId);
        if (sameFields(from, to)) return [];
        checkTime(state, { ...to, requestId }, context, REQUESTER_COUNTS, REQUESTER_MESSAGES);
        return [{ type: 'RegularizationEdited', data: { ...ref, from, to } }];
      }

      case 'DeleteRegularization': {
        authorizeOwnRequest(command, 'DeleteRegularization');
        if (existing(state, requestId).status !== 'Pending') throw conflict(regularizationMessages.alreadyProcessed);
        return [{ type: 'RegularizationDeleted', data: ref }];
      }

      case 'ApproveRegularization':
      case 'DeclineRegularization': {
        const request = existing(state, requestId);
        authorizeProcessing(command, command.type, { assigneeId: request.assignee.userId, teams: [request.teamId] });
        if (request.status !== 'Pending') throw conflict(regularizationMessages.alreadyProcessed);
        const comment = command.comment.trim();
        if (command.type === 'DeclineRegularization') return [{ type: 'RegularizationDeclined', data: { ...ref, comment } }];
        checkTime(state, request, context, APPROVAL_COUNTS, APPROVAL_MESSAGES);
        const { teamId, projectId, projectName, taskId, taskName, taskDetails, timeZone } = request;
        return [
          {
            type: 'RegularizationApproved',
            data: { ...ref, comment, teamId, projectId, projectName, taskId, taskName, taskDetails, timeZone, entries: manualEntries(request) },
          },
        ];
      }
    }
  },
};
