import type { Transaction } from 'kysely';
import { LEAVE_EVENT_TYPES, type LeaveEvent, type LeaveType } from '../../domain/leave/events.ts';
import { yearOf } from '../../domain/shared/calendar-day.ts';
import { decidedAt } from '../../eventstore/decided-at.ts';
import type { Database, LeaveUsageTable } from '../database.ts';
import type { Projection } from '../projection.ts';
import { companyChanges } from '../../domain/shared/scope.ts';

/** Which usage column each kind of leave counts in (management §3 'Leave usage'). */
const USAGE_COLUMN = { 'Paid Leave': 'used_paid', 'Sick Leave': 'used_sick', 'Casual Leave': 'used_casual' } as const satisfies Record<LeaveType, keyof LeaveUsageTable>;

/**
 * Leave requests as they stand (a deleted one is gone; its history stays in
 * request_history) and each person's approved days per kind and year. Leave
 * events are a few per person a year, so each is written as it comes.
 */
export const leaveProjection: Projection = {
  name: 'leave',
  tables: ['leave_requests', 'leave_usage'],
  handles: LEAVE_EVENT_TYPES,

  async apply(trx, recorded) {
    const companies = new Set<string>();
    for (const stored of recorded) {
      const event = { type: stored.type, data: stored.data } as LeaveEvent;
      companies.add(event.data.companyId);
      await applyEvent(trx, event, new Date(decidedAt(stored)));
    }
    return [...companies].flatMap((companyId) => companyChanges(companyId, 'leave'));
  },
};

async function applyEvent(trx: Transaction<Database>, event: LeaveEvent, at: Date) {
  const { companyId, requestId } = event.data;
  const thisRequest = trx.updateTable('leave_requests').where('company_id', '=', companyId).where('request_id', '=', requestId);
  switch (event.type) {
    case 'LeaveRequested': {
      const { userId, leaveDate, type, comment, assignee } = event.data;
      await trx
        .insertInto('leave_requests')
        .values({
          company_id: companyId,
          request_id: requestId,
          user_id: userId,
          leave_date: leaveDate,
          type,
          comment,
          assignee_id: assignee.userId,
          assignee_name: assignee.name,
          status: 'Pending',
          requested_at: at,
          updated_at: at,
          processed_by_name: null,
          processed_at: null,
          process_comment: null,
        })
        .execute();
      return;
    }
    case 'LeaveRequestEdited': {
      const { leaveDate, type, comment, assignee } = event.data.to;
      await thisRequest.set({ leave_date: leaveDate, type, comment, assignee_id: assignee.userId, assignee_name: assignee.name, updated_at: at }).execute();
      return;
    }
    case 'LeaveReassigned': {
      const { to } = event.data;
      await thisRequest.set({ assignee_id: to.userId, assignee_name: to.name, updated_at: at }).execute();
      return;
    }
    case 'LeaveRequestDeleted':
      await trx.deleteFrom('leave_requests').where('company_id', '=', companyId).where('request_id', '=', requestId).execute();
      return;
    case 'LeaveApproved':
    case 'LeaveDeclined': {
      const { by, comment, userId, leaveDate, type } = event.data;
      const status = event.type === 'LeaveApproved' ? 'Approved' : 'Declined';
      await thisRequest.set({ status, processed_by_name: by.name, processed_at: at, process_comment: comment, updated_at: at }).execute();
      if (event.type === 'LeaveApproved') await countUsage(trx, { companyId, userId, year: yearOf(leaveDate), type }, at);
      return;
    }
  }
}

/** One more approved day of a kind in a person's year. */
async function countUsage(trx: Transaction<Database>, usage: { companyId: string; userId: string; year: number; type: LeaveType }, at: Date) {
  const column = USAGE_COLUMN[usage.type];
  await trx
    .insertInto('leave_usage')
    .values({ company_id: usage.companyId, user_id: usage.userId, year: usage.year, used_paid: 0, used_sick: 0, used_casual: 0, [column]: 1, updated_at: at })
    .onConflict((oc) => oc.columns(['company_id', 'user_id', 'year']).doUpdateSet((eb) => ({ [column]: eb(eb.ref(`leave_usage.${column}`), '+', 1), updated_at: at })))
    .execute();
}
