import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LeaveEvent, LeaveFields } from '../../domain/leave/events.ts';
import type { TrackerEvent } from '../../domain/time-tracking/events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { useTestDatabase } from '../../tests/support/test-database.ts';
import { attendanceProjection } from '../attendance/attendance.ts';
import { requestHistoryProjection } from '../request-history/request-history.ts';
import { leaveProjection } from './leave.ts';

const companyId = randomUUID();
const ana = { userId: randomUUID(), name: 'Ana Apollo' };
const max = { userId: randomUUID(), name: 'Max Manager' };
const ada = { userId: randomUUID(), name: 'Ada Admin' };

let version = 0;
const recorded = (event: LeaveEvent | TrackerEvent): RecordedEvent => {
  version++;
  return {
    eventId: randomUUID(),
    streamId: `leave-${companyId}-${ana.userId}`,
    version,
    position: { commit: 1n, prepare: BigInt(version) },
    type: event.type,
    data: event.data,
    metadata: { correlationId: 'test' },
    recordedAt: new Date(Date.UTC(2026, 2, 10, 6, version)).toISOString(),
  };
};

const ref = (requestId: string, by = ana) => ({ companyId, userId: ana.userId, requestId, by });
const fields = (overrides: Partial<LeaveFields> = {}): LeaveFields => ({ leaveDate: '2026-03-16', type: 'Paid Leave', comment: 'Family trip', assignee: max, ...overrides });

const paid = randomUUID();
const sick = randomUUID();
const dropped = randomUUID();
/** Ana asks for three days; one changes and is approved, one is declined, one deleted; she works on the sick day after all. */
const story: (LeaveEvent | TrackerEvent)[] = [
  { type: 'LeaveRequested', data: { ...ref(paid), ...fields() } },
  { type: 'LeaveRequested', data: { ...ref(sick), ...fields({ leaveDate: '2026-03-11', type: 'Sick Leave', comment: 'No Comment' }) } },
  { type: 'LeaveRequested', data: { ...ref(dropped), ...fields({ leaveDate: '2026-03-20' }) } },
  { type: 'LeaveRequestEdited', data: { ...ref(paid), from: fields(), to: fields({ leaveDate: '2026-03-17', assignee: ada }) } },
  { type: 'LeaveRequestDeleted', data: ref(dropped) },
  { type: 'LeaveApproved', data: { ...ref(paid, ada), comment: 'Enjoy', leaveDate: '2026-03-17', type: 'Paid Leave' } },
  { type: 'LeaveApproved', data: { ...ref(sick, max), comment: 'Get well', leaveDate: '2026-03-11', type: 'Sick Leave' } },
  { type: 'PunchedIn', data: { companyId, userId: ana.userId, at: '2026-03-11T03:30:00.000Z', timeZone: 'Asia/Kolkata', day: '2026-03-11' } },
];

describe('leave read models', () => {
  const database = useTestDatabase();
  const projections = [leaveProjection, requestHistoryProjection, attendanceProjection];
  const apply = (events: (LeaveEvent | TrackerEvent)[]) =>
    database.db.transaction().execute(async (trx) => {
      for (const projection of projections) await projection.apply(trx, events.map(recorded).filter((event) => projection.handles.includes(event.type)));
    });

  it('keep each request as it stands, the approved days per kind, the calendar’s leave, and every change as history', async () => {
    await apply(story);
    const requests = await database.db.selectFrom('leave_requests').select(['request_id', 'leave_date', 'type', 'status', 'assignee_name', 'processed_by_name', 'process_comment']).where('company_id', '=', companyId).orderBy('leave_date').execute();
    expect(requests).toEqual([
      { request_id: sick, leave_date: '2026-03-11', type: 'Sick Leave', status: 'Approved', assignee_name: 'Max Manager', processed_by_name: 'Max Manager', process_comment: 'Get well' },
      { request_id: paid, leave_date: '2026-03-17', type: 'Paid Leave', status: 'Approved', assignee_name: 'Ada Admin', processed_by_name: 'Ada Admin', process_comment: 'Enjoy' },
    ]);
    expect(await database.db.selectFrom('leave_usage').select(['year', 'used_paid', 'used_sick', 'used_casual']).where('company_id', '=', companyId).execute()).toEqual([
      { year: 2026, used_paid: 1, used_sick: 1, used_casual: 0 },
    ]);

    // Leave marks a day with no punch as much as one with a punch; neither gets a zone from it.
    const days = await database.db.selectFrom('attendance_days').select(['day', 'leave_code', 'check_in', 'time_zone']).where('company_id', '=', companyId).orderBy('day').execute();
    expect(days).toEqual([
      { day: '2026-03-11', leave_code: 'SL', check_in: new Date('2026-03-11T03:30:00.000Z'), time_zone: 'Asia/Kolkata' },
      { day: '2026-03-17', leave_code: 'PL', check_in: null, time_zone: null },
    ]);

    const history = await database.db.selectFrom('request_history').select(['request_id', 'action', 'actor_name', 'assignee_user_id', 'comment', 'changes']).where('company_id', '=', companyId).orderBy('version').execute();
    expect(history.filter((h) => h.request_id === paid)).toEqual([
      { request_id: paid, action: 'requested', actor_name: 'Ana Apollo', assignee_user_id: max.userId, comment: 'Family trip', changes: [] },
      {
        request_id: paid,
        action: 'edited',
        actor_name: 'Ana Apollo',
        assignee_user_id: ada.userId,
        comment: null,
        changes: [
          { field: 'leaveDate', from: '2026-03-16', to: '2026-03-17' },
          { field: 'assignee', from: 'Max Manager', to: 'Ada Admin' },
        ],
      },
      { request_id: paid, action: 'approved', actor_name: 'Ada Admin', assignee_user_id: null, comment: 'Enjoy', changes: [] },
    ]);
    expect(history.filter((h) => h.request_id === dropped).map((h) => h.action)).toEqual(['requested', 'deleted']);
  });

  it('move a request the server reassigned to its new assignee, the move in its history as done by Timeledger', async () => {
    const moved = randomUUID();
    await apply([
      { type: 'LeaveRequested', data: { ...ref(moved), ...fields({ leaveDate: '2026-03-25' }) } },
      { type: 'LeaveReassigned', data: { companyId, userId: ana.userId, requestId: moved, from: max, to: ada } },
    ]);
    const request = await database.db.selectFrom('leave_requests').select(['status', 'assignee_id', 'assignee_name']).where('request_id', '=', moved).executeTakeFirst();
    expect(request).toEqual({ status: 'Pending', assignee_id: ada.userId, assignee_name: 'Ada Admin' });
    const history = await database.db.selectFrom('request_history').select(['action', 'actor_name', 'assignee_user_id', 'changes']).where('request_id', '=', moved).orderBy('version').execute();
    expect(history.at(-1)).toEqual({ action: 'edited', actor_name: 'Timeledger', assignee_user_id: ada.userId, changes: [{ field: 'assignee', from: 'Max Manager', to: 'Ada Admin' }] });
  });
});
