import { MINUTE_MS, wholeMinutes } from '../../domain/accounting/time.ts';
import type { StoredEvent } from '../../domain/events.ts';
import { WEEKDAYS } from '../../domain/dashboards/range.ts';
import { MONTH_NAMES } from '../../domain/exports/months.ts';
import { durationText } from '../../domain/regularization/time-text.ts';
import { periodLabel } from '../../domain/timesheets/timesheet.ts';
import { decidedAt } from '../../eventstore/decided-at.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { PRODUCT_ACTOR } from '../request-history/index.ts';

/** What an activity is about: the activity log's filter. */
export const ACTIVITY_KINDS = ['timer', 'attendance', 'tasks', 'projects', 'teams', 'members', 'requests', 'timesheets', 'working-time', 'settings', 'screenshots'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export interface Person {
  /** Null when the log names nobody with an account (an invitee who declined, say). */
  userId: string | null;
  name: string;
}

/** One event as the activity log tells it. */
export interface Activity {
  companyId: string;
  /** When it happened: the event's own time, else when it was recorded. */
  at: string;
  kind: ActivityKind;
  actor: Person;
  /** Whom it concerns, when that is one person. */
  subjectUserId: string | null;
  sentence: string;
}

/** What later events name only by id. */
export type NameKind = 'person' | 'team' | 'project' | 'task' | 'leave' | 'regularization';

/** A thing's name as the log last said it, and the person it belongs to (a task's assignee, a request's requester). */
export interface Named {
  name: string;
  personId: string | null;
}

/** The names known so far; telling an event may add to them. */
export interface NameBook {
  get(companyId: string, kind: NameKind, id: string): Named | undefined;
  set(companyId: string, kind: NameKind, id: string, named: Named): void;
}

type EventOf<T extends StoredEvent['type']> = Extract<StoredEvent, { type: T }>;

/** What a teller says; `at` and `actor` default to the recorded time and the event's caller. */
interface Told {
  kind: ActivityKind;
  sentence: string;
  subjectUserId?: string | null;
  at?: string;
  actor?: Person;
}

interface Context {
  /** Who the log says caused the event, by their name in the company (the person concerned when the log does not say). */
  caller: Person;
  person(userId: string, unknown?: string): Person;
  named(kind: NameKind, id: string): Named | undefined;
  remember(kind: NameKind, id: string, name: string, personId?: string | null): void;
}

type Teller<T extends StoredEvent['type']> = (data: EventOf<T>['data'], context: Context) => Told;

/** A calendar day as the log says it: "3 Dec 2026". */
export function dayText(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} ${MONTH_NAMES[month - 1]} ${year}`;
}

/** A session's time: its whole minutes by the accounting rule ("1h 20m"), or its seconds under a minute ("45s"). */
export function elapsedText(ms: number): string {
  return ms < MINUTE_MS ? `${Math.floor(ms / 1000)}s` : durationText(wholeMinutes(ms));
}

/** "their" when the actor speaks of themselves, else "Max Member's". */
const whose = (actor: Person, subject: Person) => (actor.userId === subject.userId ? 'their' : `${subject.name}'s`);
const taskText = (task: { taskId: string; taskName: string; projectName: string }) => `${task.taskId} ${task.taskName} (${task.projectName})`;
/** A session's exact time: its parts' from start to end. */
const sessionMs = (session: { entries: { start: string; end: string }[] }) => session.entries.reduce((sum, entry) => sum + Date.parse(entry.end) - Date.parse(entry.start), 0);
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
/** A working-time change, told as its author's: "Ada Admin set …". */
const workingTimeTold = (data: { by: Person; at: string }, what: string, subjectUserId: string | null = null): Told => ({
  kind: 'working-time',
  at: data.at,
  actor: data.by,
  subjectUserId,
  sentence: `${data.by.name} ${what}`,
});

/** A task by its id and title, as last named; its id alone for one the log never named. */
function taskOf(context: Context, taskId: string) {
  const task = context.named('task', taskId);
  return { text: task ? `${taskId} ${task.name}` : taskId, assigneeId: task?.personId ?? null };
}

/** A request's day as it was last asked for. */
const requestDay = (context: Context, kind: 'leave' | 'regularization', requestId: string, fallback?: string) => {
  const day = context.named(kind, requestId)?.name ?? fallback;
  return day ? ` for ${dayText(day)}` : '';
};

const requestTold = (sentence: string, userId: string): Told => ({ kind: 'requests', sentence, subjectUserId: userId });
const timesheetTold = (sentence: string, { userId, at }: { userId: string; at: string }): Told => ({ kind: 'timesheets', sentence, subjectUserId: userId, at });

/** When reminders go out, as the settings card says it. */
const reminderWait = (days: number) => (days === 0 ? 'the day after a period ends' : `${plural(days, 'day')} after a period ends`);

const tellers: { [T in StoredEvent['type']]?: Teller<T> } = {
  CompanyCreated: (data, c) => {
    const actor = c.person(data.createdBy.userId, data.createdBy.name);
    return { kind: 'settings', actor, sentence: `${actor.name} created the company ${data.name}` };
  },

  // An invitee's acceptance reads as their joining (the InviteAccepted before it names them only by e-mail).
  MemberJoined: (data, c) => {
    c.remember('person', data.userId, data.name);
    const person = c.person(data.userId);
    return { kind: 'members', at: data.joinedAt, actor: person, subjectUserId: data.userId, sentence: `${person.name} joined the company` };
  },
  AdminGranted: (data, { caller, person }) => {
    const subject = person(data.userId);
    const sentence = caller.userId === subject.userId ? `${subject.name} became an Admin` : `${caller.name} made ${subject.name} an Admin`;
    return { kind: 'members', subjectUserId: data.userId, sentence };
  },
  TeamRoleGranted: (data, c) => {
    const subject = c.person(data.userId);
    const team = c.named('team', data.teamId)?.name ?? 'a team';
    const sentence = c.caller.userId === subject.userId ? `${subject.name} joined ${team} as a ${data.role}` : `${c.caller.name} made ${subject.name} a ${data.role} of ${team}`;
    return { kind: 'members', subjectUserId: data.userId, sentence };
  },
  TeamRoleRevoked: (data, c) => {
    const subject = c.person(data.userId);
    const team = c.named('team', data.teamId)?.name ?? 'a team';
    const sentence = c.caller.userId === subject.userId ? `${subject.name} left ${team}` : `${c.caller.name} removed ${subject.name} from ${team}`;
    return { kind: 'members', subjectUserId: data.userId, sentence };
  },
  ClientProjectGranted: (data, c) => {
    const project = c.named('project', data.projectId)?.name ?? 'a project';
    return { kind: 'members', subjectUserId: data.userId, sentence: `${c.caller.name} gave ${c.person(data.userId).name} access to project ${project}` };
  },
  MemberDetailsEdited: (data, c) => {
    const before = c.person(data.userId);
    c.remember('person', data.userId, data.name);
    const sentence = before.name !== data.name ? `${c.caller.name} renamed ${before.name} to ${data.name}` : `${c.caller.name} edited ${whose(c.caller, before)} details`;
    return { kind: 'members', at: data.editedAt, subjectUserId: data.userId, sentence };
  },
  MemberRemoved: (data, c) => {
    const actor = c.person(data.removedBy);
    const subject = c.person(data.userId);
    const sentence = actor.userId === subject.userId ? `${subject.name} left the company` : `${actor.name} removed ${subject.name} from the company`;
    return { kind: 'members', at: data.removedAt, actor, subjectUserId: data.userId, sentence };
  },

  InviteSent: (data, c) => {
    const actor = c.person(data.invitedBy.userId, data.invitedBy.name);
    const where = data.teamName ?? (data.projects.length > 0 ? data.projects.map((project) => project.name).join(', ') : null);
    return { kind: 'members', at: data.sentAt, actor, sentence: `${actor.name} invited ${data.email} to join as ${data.role}${where ? ` of ${where}` : ''}` };
  },
  InviteRoleChanged: (data, c) => {
    const actor = data.invitedBy ? c.person(data.invitedBy.userId, data.invitedBy.name) : c.caller;
    return { kind: 'members', actor, sentence: `${actor.name} changed the invitation of ${data.email} to ${data.role}` };
  },
  InviteDeclined: (data, c) => ({
    kind: 'members',
    at: data.declinedAt,
    actor: { userId: c.caller.userId, name: data.email },
    sentence: `${data.email} declined the invitation`,
  }),

  TeamCreated: (data, c) => {
    c.remember('team', data.teamId, data.name);
    const actor = c.person(data.createdBy);
    return { kind: 'teams', actor, sentence: `${actor.name} created team ${data.name}` };
  },
  TeamRenamed: (data, c) => {
    const before = c.named('team', data.teamId)?.name;
    c.remember('team', data.teamId, data.name);
    return { kind: 'teams', sentence: before ? `${c.caller.name} renamed team ${before} to ${data.name}` : `${c.caller.name} renamed a team to ${data.name}` };
  },
  TeamDeleted: (data, c) => {
    const actor = c.person(data.deletedBy);
    return { kind: 'teams', actor, sentence: `${actor.name} deleted team ${c.named('team', data.teamId)?.name ?? ''}`.trimEnd() };
  },

  ProjectCreated: (data, c) => {
    c.remember('project', data.projectId, data.name);
    return { kind: 'projects', actor: data.createdBy, sentence: `${data.createdBy.name} created project ${data.name}` };
  },
  ProjectRenamed: (data, c) => {
    const before = c.named('project', data.projectId)?.name;
    c.remember('project', data.projectId, data.name);
    return { kind: 'projects', actor: data.by, sentence: before ? `${data.by.name} renamed project ${before} to ${data.name}` : `${data.by.name} renamed a project to ${data.name}` };
  },
  ProjectDeleted: (data, c) => ({ kind: 'projects', actor: data.by, sentence: `${data.by.name} deleted project ${c.named('project', data.projectId)?.name ?? ''}`.trimEnd() }),

  TaskCreated: (data, c) => {
    c.remember('task', data.taskId, data.title, data.assigneeId);
    const assignee = c.person(data.assigneeId);
    return { kind: 'tasks', actor: data.by, subjectUserId: data.assigneeId, sentence: `${data.by.name} created task ${data.taskId} ${data.title} for ${assignee.name}` };
  },
  TaskFieldChanged: (data, c) => {
    const task = taskOf(c, data.taskId);
    const by = data.by.name;
    const told = (sentence: string, subjectUserId = task.assigneeId): Told => ({ kind: 'tasks', actor: data.by, subjectUserId, sentence });
    switch (data.field) {
      case 'title':
        c.remember('task', data.taskId, data.to ?? '', task.assigneeId);
        return told(`${by} renamed task ${task.text} to ${data.to}`);
      case 'description':
        return told(`${by} edited the summary of ${task.text}`);
      case 'status':
        return told(`${by} changed the status of ${task.text} from ${data.from} to ${data.to}`);
      case 'priority':
        return told(`${by} changed the priority of ${task.text} from ${data.from} to ${data.to}`);
      case 'eta':
        return told(data.to ? `${by} set the ETA of ${task.text} to ${dayText(data.to)}` : `${by} cleared the ETA of ${task.text}`);
      case 'assigneeId': {
        const assignee = data.to ? c.person(data.to) : null;
        c.remember('task', data.taskId, c.named('task', data.taskId)?.name ?? data.taskId, assignee?.userId ?? null);
        return told(`${by} assigned ${task.text} to ${assignee?.name ?? 'nobody'}`, assignee?.userId ?? null);
      }
      case 'projectId':
        return told(`${by} moved ${task.text} to project ${(data.to && c.named('project', data.to)?.name) ?? 'another project'}`);
    }
  },
  TaskDeleted: (data, c) => {
    const task = taskOf(c, data.taskId);
    return { kind: 'tasks', actor: data.by, subjectUserId: task.assigneeId, sentence: `${data.by.name} deleted task ${task.text}` };
  },
  TaskCommentAdded: (data, c) => {
    const task = taskOf(c, data.taskId);
    return { kind: 'tasks', actor: data.by, subjectUserId: task.assigneeId, sentence: `${data.by.name} commented on ${task.text}` };
  },
  TaskCommentDeleted: (data, c) => {
    const task = taskOf(c, data.taskId);
    return { kind: 'tasks', actor: data.by, subjectUserId: task.assigneeId, sentence: `${data.by.name} deleted a comment on ${task.text}` };
  },

  TimerStarted: (data, c) => ({
    kind: 'timer',
    at: data.startedAt,
    subjectUserId: data.userId,
    sentence: `${c.caller.name} started ${whose(c.caller, c.person(data.userId))} timer on ${taskText(data)}`,
  }),
  TimerStopped: (data, c) => ({
    kind: 'timer',
    at: data.stoppedAt,
    subjectUserId: data.userId,
    sentence: `${c.caller.name} stopped ${whose(c.caller, c.person(data.userId))} timer on ${taskText(data)} after ${elapsedText(sessionMs(data))}`,
  }),
  TimerCancelled: (data, c) => ({
    kind: 'timer',
    at: data.cancelledAt,
    subjectUserId: data.userId,
    sentence: `${c.caller.name} cancelled ${whose(c.caller, c.person(data.userId))} running timer`,
  }),
  TimerAbandoned: (data, c) => ({
    kind: 'timer',
    at: data.endedAt,
    actor: PRODUCT_ACTOR,
    subjectUserId: data.userId,
    sentence: `${PRODUCT_ACTOR.name} stopped ${c.person(data.userId).name}'s timer on ${taskText(data)} when its heartbeats stopped, after ${elapsedText(sessionMs(data))}`,
  }),
  PunchedIn: (data, c) => ({ kind: 'attendance', at: data.at, subjectUserId: data.userId, sentence: `${c.person(data.userId).name} punched in` }),
  PunchedOut: (data, c) => ({ kind: 'attendance', at: data.at, subjectUserId: data.userId, sentence: `${c.person(data.userId).name} punched out` }),

  LeaveRequested: (data, c) => {
    c.remember('leave', data.requestId, data.leaveDate, data.userId);
    return { ...requestTold(`${data.by.name} asked ${data.assignee.name} for ${data.type} on ${dayText(data.leaveDate)}`, data.userId), actor: data.by };
  },
  LeaveRequestEdited: (data, c) => {
    c.remember('leave', data.requestId, data.to.leaveDate, data.userId);
    return { ...requestTold(`${data.by.name} edited ${whose(data.by, c.person(data.userId))} leave request for ${dayText(data.to.leaveDate)}`, data.userId), actor: data.by };
  },
  LeaveRequestDeleted: (data, c) => ({
    ...requestTold(`${data.by.name} deleted ${whose(data.by, c.person(data.userId))} leave request${requestDay(c, 'leave', data.requestId)}`, data.userId),
    actor: data.by,
  }),
  LeaveApproved: (data, c) => ({ ...requestTold(`${data.by.name} approved ${whose(data.by, c.person(data.userId))} leave for ${dayText(data.leaveDate)}`, data.userId), actor: data.by }),
  LeaveDeclined: (data, c) => ({ ...requestTold(`${data.by.name} declined ${whose(data.by, c.person(data.userId))} leave for ${dayText(data.leaveDate)}`, data.userId), actor: data.by }),
  LeaveReassigned: (data, c) => ({
    ...requestTold(`${PRODUCT_ACTOR.name} moved ${c.person(data.userId).name}'s leave request${requestDay(c, 'leave', data.requestId)} from ${data.from.name} to ${data.to.name}`, data.userId),
    actor: PRODUCT_ACTOR,
  }),

  RegularizationRequested: (data, c) => {
    c.remember('regularization', data.requestId, data.date, data.userId);
    return {
      ...requestTold(`${data.by.name} asked ${data.assignee.name} to regularize ${durationText(data.durationMinutes)} on ${dayText(data.date)} (${data.taskId} ${data.taskName})`, data.userId),
      actor: data.by,
    };
  },
  RegularizationEdited: (data, c) => {
    c.remember('regularization', data.requestId, data.to.date, data.userId);
    return { ...requestTold(`${data.by.name} edited ${whose(data.by, c.person(data.userId))} regularization request for ${dayText(data.to.date)}`, data.userId), actor: data.by };
  },
  RegularizationDeleted: (data, c) => ({
    ...requestTold(`${data.by.name} deleted ${whose(data.by, c.person(data.userId))} regularization request${requestDay(c, 'regularization', data.requestId)}`, data.userId),
    actor: data.by,
  }),
  RegularizationApproved: (data, c) => ({
    ...requestTold(`${data.by.name} approved ${whose(data.by, c.person(data.userId))} regularization${requestDay(c, 'regularization', data.requestId, data.entries[0]?.day)}`, data.userId),
    actor: data.by,
  }),
  RegularizationDeclined: (data, c) => ({
    ...requestTold(`${data.by.name} declined ${whose(data.by, c.person(data.userId))} regularization${requestDay(c, 'regularization', data.requestId)}`, data.userId),
    actor: data.by,
  }),
  RegularizationReassigned: (data, c) => ({
    ...requestTold(
      `${PRODUCT_ACTOR.name} moved ${c.person(data.userId).name}'s regularization request${requestDay(c, 'regularization', data.requestId)} from ${data.from.name} to ${data.to.name}`,
      data.userId,
    ),
    actor: PRODUCT_ACTOR,
  }),

  TimesheetSubmitted: (data, c) => ({
    ...timesheetTold(`${data.by.name} submitted ${whose(data.by, c.person(data.userId))} timesheet for ${periodLabel(data)} to ${data.approver.name}`, data),
    actor: data.by,
  }),
  TimesheetApproved: (data, c) => ({
    ...timesheetTold(`${data.by.name} approved ${whose(data.by, c.person(data.userId))} timesheet for ${periodLabel(data)} (${durationText(data.totals.trackedMinutes)} tracked)`, data),
    actor: data.by,
  }),
  TimesheetRejected: (data, c) => ({
    ...timesheetTold(`${data.by.name} rejected ${whose(data.by, c.person(data.userId))} timesheet for ${periodLabel(data)}: ${data.reason}`, data),
    actor: data.by,
  }),
  TimesheetReopened: (data, c) => ({
    ...timesheetTold(`${data.by.name} reopened ${whose(data.by, c.person(data.userId))} timesheet for ${periodLabel(data)}: ${data.reason}`, data),
    actor: data.by,
  }),
  TimesheetReassigned: (data, c) => ({
    kind: 'timesheets',
    at: data.at,
    subjectUserId: data.userId,
    sentence: `${PRODUCT_ACTOR.name} moved ${c.person(data.userId).name}'s timesheet starting ${dayText(data.start)} from ${data.from.name} to ${data.to.name}`,
    actor: PRODUCT_ACTOR,
  }),

  DailyThresholdSet: (data) => ({ kind: 'settings', at: data.at, actor: data.by, sentence: `${data.by.name} set the daily threshold to ${durationText(data.minutes)}` }),
  ScreenshotsSet: (data) => ({ kind: 'settings', at: data.at, actor: data.by, sentence: `${data.by.name} turned screenshots ${data.enabled ? 'on' : 'off'}` }),
  ScreenshotRetentionSet: (data) => ({
    kind: 'settings',
    at: data.at,
    actor: data.by,
    sentence: data.days === null ? `${data.by.name} set screenshots to be kept until deleted` : `${data.by.name} set screenshots to be kept for ${plural(data.days, 'day')}`,
  }),
  LeavePolicySet: (data) => ({
    kind: 'settings',
    at: data.at,
    actor: data.by,
    sentence: `${data.by.name} set paid leave for ${data.year} to ${plural(data.paidLeaveDays, 'day')}`,
  }),
  TimesheetRemindersSet: (data) => ({
    kind: 'settings',
    at: data.at,
    actor: data.by,
    sentence: data.days === null ? `${data.by.name} turned timesheet reminders off` : `${data.by.name} set timesheet reminders to go out ${reminderWait(data.days)}`,
  }),
  AppCategorySet: (data) => ({ kind: 'settings', at: data.at, actor: data.by, sentence: `${data.by.name} marked ${data.application} as ${data.category}` }),

  WorkingDaysSet: (data) => workingTimeTold(data, `set the working days to ${data.days.map((day) => WEEKDAYS[day - 1]).join(', ')}`),
  DailyTargetSet: (data) => workingTimeTold(data, data.minutes === null ? 'set the daily target to follow the daily threshold' : `set the daily target to ${durationText(data.minutes)}`),
  HolidayRegionSet: (data) => workingTimeTold(data, data.region === null ? "set public holidays to the country's only" : `set public holidays to those of region ${data.region}`),
  CompanyHolidayAdded: (data) => workingTimeTold(data, `added the company holiday ${data.name} on ${dayText(data.day)}`),
  CompanyHolidayRemoved: (data) => workingTimeTold(data, `removed the company holiday on ${dayText(data.day)}`),
  BalanceRulesSet: (data) =>
    workingTimeTold(
      data,
      `set balances to carry ${data.carryOverCapMinutes === null ? 'all overtime' : `at most ${durationText(data.carryOverCapMinutes)}`} into a month, overtime to ${
        data.overtimeExpiryMonths === null ? 'never expire' : `expire after ${plural(data.overtimeExpiryMonths, 'month')}`
      }, and idle time ${data.idleCounts ? 'to count' : 'not to count'} as worked`,
    ),
  ContractSet: (data, c) => {
    const { from, until, weekdayMinutes } = data.contract;
    const week = weekdayMinutes.map((minutes, i) => `${WEEKDAYS[i]} ${durationText(minutes)}`).join(', ');
    return workingTimeTold(data, `set ${whose(data.by, c.person(data.userId))} contract from ${dayText(from)}${until ? ` to ${dayText(until)}` : ''}: ${week}`, data.userId);
  },
  ContractRemoved: (data, c) => workingTimeTold(data, `removed ${whose(data.by, c.person(data.userId))} contract from ${dayText(data.from)}`, data.userId),
  PersonHolidayRegionSet: (data, c) =>
    workingTimeTold(data, `set ${whose(data.by, c.person(data.userId))} public holidays to ${data.region === null ? "the company's" : `those of region ${data.region}`}`, data.userId),
  BalanceCorrected: (data, c) =>
    workingTimeTold(data, `corrected ${whose(data.by, c.person(data.userId))} balance by ${data.minutes < 0 ? '−' : '+'}${durationText(Math.abs(data.minutes))} on ${dayText(data.day)}: ${data.reason}`, data.userId),
  OvertimePaidOut: (data, c) => workingTimeTold(data, `paid out ${durationText(data.minutes)} of ${whose(data.by, c.person(data.userId))} overtime on ${dayText(data.day)}: ${data.reason}`, data.userId),

  ScreenshotDeleted: (data, c) => ({
    kind: 'screenshots',
    at: data.at,
    actor: data.by,
    subjectUserId: data.userId,
    sentence: `${data.by.name} deleted ${whose(data.by, c.person(data.userId))} screenshot`,
  }),
};

/** The event types the activity log tells. */
export const ACTIVITY_EVENT_TYPES = Object.keys(tellers);

const SOMEONE = 'Someone';

/**
 * An event as the activity log tells it, in the product's words, naming
 * people, teams, projects and tasks as the log last named them (the names
 * book, which telling an event keeps up to date). Null for an event it does
 * not tell.
 */
export function activityOf(event: RecordedEvent, names: NameBook): Activity | null {
  const teller = tellers[event.type as StoredEvent['type']] as Teller<StoredEvent['type']> | undefined;
  if (!teller) return null;
  const data = event.data as StoredEvent['data'] & { companyId: string; userId?: string };
  const { companyId } = data;
  const person = (userId: string, unknown = SOMEONE): Person => ({ userId, name: names.get(companyId, 'person', userId)?.name ?? unknown });
  const callerId = event.metadata.userId ?? data.userId;
  const context: Context = {
    caller: callerId ? person(callerId) : { userId: null, name: SOMEONE },
    person,
    named: (kind, id) => names.get(companyId, kind, id),
    remember: (kind, id, name, personId = null) => names.set(companyId, kind, id, { name, personId }),
  };
  const told = teller(data, context);
  const at = told.at && !Number.isNaN(Date.parse(told.at)) ? told.at : decidedAt(event);
  return { companyId, at, kind: told.kind, actor: told.actor ?? context.caller, subjectUserId: told.subjectUserId ?? null, sentence: told.sentence };
}
