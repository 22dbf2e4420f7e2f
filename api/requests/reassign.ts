import type { Kysely } from 'kysely';
import { leaveStream } from '../../domain/leave/events.ts';
import { leave } from '../../domain/leave/leave.ts';
import { regularizationStream } from '../../domain/regularization/events.ts';
import { regularization } from '../../domain/regularization/regularization.ts';
import type { Reassign } from '../../domain/shared/reassignment.ts';
import { companySettings } from '../../domain/settings/company-settings.ts';
import { companySettingsStream } from '../../domain/settings/events.ts';
import { timesheetStream } from '../../domain/timesheets/events.ts';
import { periodOf } from '../../domain/timesheets/periods.ts';
import { timesheet } from '../../domain/timesheets/timesheet.ts';
import { handleCommand, loadStream } from '../../eventstore/command-handler.ts';
import type { EventStore } from '../../eventstore/types.ts';
import type { Database } from '../../projections/database.ts';
import { type RequestToReassign, requestsToReassign } from '../../projections/request-history/index.ts';
import { noLeaveFacts } from '../leave/service.ts';
import { noFacts } from '../regularization/service.ts';

/** One request's move, an event on its requester's stream of its kind. */
async function reassign(store: EventStore, orphan: RequestToReassign, now: Date) {
  const { kind, company_id: companyId, user_id: userId, request_id: requestId } = orphan;
  const move: Reassign = { companyId, userId, requestId, from: orphan.assignee_id, to: { userId: orphan.to_id, name: orphan.to_name }, authority: { kind: 'operator' } };
  const metadata = { correlationId: `reassign-${requestId}`, companyId };
  if (kind === 'leave') return handleCommand(store, leaveStream(companyId, userId), leave, { type: 'ReassignLeave', ...move }, noLeaveFacts, metadata);
  if (kind === 'timesheet') {
    const { state } = await loadStream(store, companySettingsStream(companyId), companySettings);
    const context = { now, period: periodOf(state.timesheetPeriods, requestId) };
    return handleCommand(store, timesheetStream(companyId, userId, requestId), timesheet, { type: 'ReassignTimesheet', start: requestId, ...move }, context, metadata);
  }
  return handleCommand(store, regularizationStream(companyId, userId), regularization, { type: 'ReassignRegularization', ...move }, noFacts(now), metadata);
}

/**
 * Moves each pending leave or regularization request, and each submitted
 * timesheet, whose assignee can no longer decide it (they left the team or the company, or lost the role) to
 * another who can: a Manager of the request's team (a leave's: of one of the
 * requester's teams), else a Head, else an Admin. Run by the sweeps, so it
 * also catches up on changes the read models showed late; the move is an
 * event on the requester's stream, and a request that moved on meanwhile
 * stays where it is. Returns how many requests it moved.
 */
export async function reassignOrphanedRequests({ store, db, now }: { store: EventStore; db: Kysely<Database>; now: Date }): Promise<number> {
  let moved = 0;
  for (const orphan of await requestsToReassign(db)) moved += (await reassign(store, orphan, now)).events.length;
  return moved;
}
