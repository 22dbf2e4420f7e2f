import { LEAVE_EVENT_TYPES, type LeaveEvent, type LeaveFields } from '../../domain/leave/events.ts';
import { REGULARIZATION_EVENT_TYPES, type RegularizationEvent, type RegularizationFields } from '../../domain/regularization/events.ts';
import { clockText, durationText } from '../../domain/regularization/time-text.ts';
import { decidedAt } from '../../eventstore/decided-at.ts';
import type { RequestChange } from '../database.ts';
import { inChunks, type Projection } from '../projection.ts';
import { companyChanges, type Scope } from '../../domain/shared/scope.ts';
import type { RequestKind } from '../../domain/shared/request-schema.ts';

export const REQUEST_ACTIONS = ['requested', 'edited', 'deleted', 'approved', 'declined'] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

/** What one event adds to its request's history. */
interface HistoryEntry {
  companyId: string;
  requestId: string;
  kind: RequestKind;
  requesterId: string;
  /** The person asked, when the event names them. */
  assigneeId: string | null;
  actor: { userId: string; name: string };
  action: RequestAction;
  comment: string | null;
  changes: RequestChange[];
}

/** An edit's changes, each value as the history shows it. */
function leaveChanges(from: LeaveFields, to: LeaveFields): RequestChange[] {
  const changes: RequestChange[] = [];
  if (from.leaveDate !== to.leaveDate) changes.push({ field: 'leaveDate', from: from.leaveDate, to: to.leaveDate });
  if (from.type !== to.type) changes.push({ field: 'type', from: from.type, to: to.type });
  if (from.comment !== to.comment) changes.push({ field: 'comment', from: from.comment, to: to.comment });
  if (from.assignee.userId !== to.assignee.userId) changes.push({ field: 'assignee', from: from.assignee.name, to: to.assignee.name });
  return changes;
}

/** Who moves a request on when its assignee can no longer decide it: the product itself. */
export const PRODUCT_ACTOR = { userId: '00000000-0000-0000-0000-000000000000', name: 'Timeledger' };

/** A request moved on by the product reads as an edit of its assignee. */
const reassigned = (move: { from: { name: string }; to: { userId: string; name: string } }) => ({
  actor: PRODUCT_ACTOR,
  action: 'edited' as const,
  assigneeId: move.to.userId,
  changes: [{ field: 'assignee', from: move.from.name, to: move.to.name }],
});

function leaveEntry(event: LeaveEvent): HistoryEntry {
  const { companyId, requestId, userId } = event.data;
  const entry = { companyId, requestId, kind: 'leave' as const, requesterId: userId, assigneeId: null, comment: null, changes: [] };
  switch (event.type) {
    case 'LeaveRequested':
      return { ...entry, actor: event.data.by, action: 'requested', assigneeId: event.data.assignee.userId, comment: event.data.comment };
    case 'LeaveRequestEdited':
      return { ...entry, actor: event.data.by, action: 'edited', assigneeId: event.data.to.assignee.userId, changes: leaveChanges(event.data.from, event.data.to) };
    case 'LeaveReassigned':
      return { ...entry, ...reassigned(event.data) };
    case 'LeaveRequestDeleted':
      return { ...entry, actor: event.data.by, action: 'deleted' };
    case 'LeaveApproved':
      return { ...entry, actor: event.data.by, action: 'approved', comment: event.data.comment };
    case 'LeaveDeclined':
      return { ...entry, actor: event.data.by, action: 'declined', comment: event.data.comment };
  }
}

/** A regularization edit's changes, each value as the forms show it. */
function regularizationChanges(from: RegularizationFields, to: RegularizationFields): RequestChange[] {
  const shown = (fields: RegularizationFields) => ({
    date: fields.date,
    startTime: clockText(fields.startMinute),
    duration: durationText(fields.durationMinutes),
    project: fields.projectName,
    task: `${fields.taskId} ${fields.taskName}`,
    taskDetails: fields.taskDetails,
    assignee: fields.assignee.name,
  });
  const before = shown(from);
  const after = shown(to);
  return (Object.keys(before) as (keyof typeof before)[]).filter((field) => before[field] !== after[field]).map((field) => ({ field, from: before[field], to: after[field] }));
}

function regularizationEntry(event: RegularizationEvent): HistoryEntry {
  const { companyId, requestId, userId } = event.data;
  const entry = { companyId, requestId, kind: 'regularization' as const, requesterId: userId, assigneeId: null, comment: null, changes: [] };
  switch (event.type) {
    case 'RegularizationRequested':
      return { ...entry, actor: event.data.by, action: 'requested', assigneeId: event.data.assignee.userId };
    case 'RegularizationEdited':
      return { ...entry, actor: event.data.by, action: 'edited', assigneeId: event.data.to.assignee.userId, changes: regularizationChanges(event.data.from, event.data.to) };
    case 'RegularizationReassigned':
      return { ...entry, ...reassigned(event.data) };
    case 'RegularizationDeleted':
      return { ...entry, actor: event.data.by, action: 'deleted' };
    case 'RegularizationApproved':
      return { ...entry, actor: event.data.by, action: 'approved', comment: event.data.comment };
    case 'RegularizationDeclined':
      return { ...entry, actor: event.data.by, action: 'declined', comment: event.data.comment };
  }
}

/** Each handled event type and how it reads as history. */
const entryOf: Record<string, (event: { type: string; data: unknown }) => HistoryEntry> = {
  ...Object.fromEntries(LEAVE_EVENT_TYPES.map((type) => [type, (event: { type: string; data: unknown }) => leaveEntry(event as LeaveEvent)])),
  ...Object.fromEntries(REGULARIZATION_EVENT_TYPES.map((type) => [type, (event: { type: string; data: unknown }) => regularizationEntry(event as RegularizationEvent)])),
};

/**
 * Every leave and regularization request's events as its history: who did
 * what and when, with the comment and an edit's changes. Read from the log
 * like task history; a deleted request keeps its history.
 */
export const requestHistoryProjection: Projection = {
  name: 'request-history',
  tables: ['request_history'],
  handles: Object.keys(entryOf),

  async apply(trx, events) {
    const scopes = new Map<string, Scope[]>();
    const rows = events.map((recorded) => {
      const entry = entryOf[recorded.type]({ type: recorded.type, data: recorded.data });
      scopes.set(`${entry.companyId}:${entry.kind}`, companyChanges(entry.companyId, entry.kind));
      return {
        company_id: entry.companyId,
        request_id: entry.requestId,
        kind: entry.kind,
        event_id: recorded.eventId,
        version: recorded.version,
        at: new Date(decidedAt(recorded)),
        requester_user_id: entry.requesterId,
        assignee_user_id: entry.assigneeId,
        actor_user_id: entry.actor.userId,
        actor_name: entry.actor.name,
        action: entry.action,
        comment: entry.comment,
        changes: JSON.stringify(entry.changes),
      };
    });
    for (const chunk of inChunks(rows, 2000)) await trx.insertInto('request_history').values(chunk).onConflict((oc) => oc.doNothing()).execute();
    return [...scopes.values()].flat();
  },
};
