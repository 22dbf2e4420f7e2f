import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../domain/events.ts';
import { checkedEventStore } from '../eventstore/checked-store.ts';
import type { EventMetadata, RecordedEvent } from '../eventstore/types.ts';
import { readAllSettled, useTestDatabase } from '../tests/support/test-database.ts';
import { activityLogProjection } from './activity-log/activity-log.ts';
import { requestHistoryProjection } from './request-history/request-history.ts';
import { taskHistoryProjection } from './task-history/task-history.ts';

const companyId = randomUUID();
const max = { userId: randomUUID(), name: 'Max Manager' };
const ana = { userId: randomUUID(), name: 'Ana Apollo' };
const requestId = randomUUID();
/** When the demo's commands happened: long before the test appends them. */
const decidedAt = '2026-03-10T09:00:00.000Z';

const taskCreated: StoredEvent = {
  type: 'TaskCreated',
  data: { companyId, taskId: 'WE-1', by: max, title: 'Write docs', description: '', status: 'TO DO', priority: 'P2', eta: null, assigneeId: max.userId, projectId: randomUUID(), number: 1 },
};
const leaveRequested: StoredEvent = {
  type: 'LeaveRequested',
  data: { companyId, userId: ana.userId, requestId, by: ana, leaveDate: '2026-03-16', type: 'Paid Leave', comment: 'Family trip', assignee: max },
};
/** Written before commands were stamped. */
const oldTitleChange: StoredEvent = { type: 'TaskFieldChanged', data: { companyId, taskId: 'WE-1', by: max, field: 'title', from: 'Write docs', to: 'Write the docs' } };

describe('pages show when a thing happened, not when it was stored', () => {
  const database = useTestDatabase();
  const projections = [activityLogProjection, requestHistoryProjection, taskHistoryProjection];
  let recorded: RecordedEvent[];

  /** Appends through the checked store, as the API does: it must take the stamp. */
  const append = (streamId: string, event: StoredEvent, metadata: Omit<EventMetadata, 'correlationId'>) =>
    checkedEventStore(database.store).append(streamId, [{ eventId: randomUUID(), type: event.type, data: event.data, metadata: { correlationId: 'test', ...metadata } }], 'any');

  const activityAt = (sentence: string) =>
    database.db.selectFrom('activity_log').select('at').where('company_id', '=', companyId).where('sentence', 'like', sentence).executeTakeFirstOrThrow();
  const recordedAt = (type: string) => new Date(recorded.find((e) => e.type === type)!.recordedAt);

  it('stamps the activity log, request history and task history with when the command was decided', async () => {
    await append(`task-${companyId}-WE-1`, taskCreated, { userId: max.userId, decidedAt });
    await append(`leave-${companyId}-${ana.userId}`, leaveRequested, { userId: ana.userId, decidedAt });
    await append(`task-${companyId}-WE-1`, oldTitleChange, { userId: max.userId });
    recorded = await readAllSettled(database, 100);
    await database.db.transaction().execute(async (trx) => {
      for (const projection of projections) await projection.apply(trx, recorded.filter((e) => projection.handles.includes(e.type)));
    });
    expect(recordedAt('TaskCreated')).not.toEqual(new Date(decidedAt));

    expect((await activityAt('Max Manager created task WE-1%')).at).toEqual(new Date(decidedAt));
    expect((await activityAt('Ana Apollo asked Max Manager for%')).at).toEqual(new Date(decidedAt));
    const request = await database.db.selectFrom('request_history').select('at').where('request_id', '=', requestId).executeTakeFirstOrThrow();
    expect(request.at).toEqual(new Date(decidedAt));
    const created = await database.db.selectFrom('task_history').select('changed_at').where('company_id', '=', companyId).where('change_type', '=', 'created').executeTakeFirstOrThrow();
    expect(created.changed_at).toEqual(new Date(decidedAt));
  });

  it('stamps an event written before commands were stamped with when it was recorded', async () => {
    expect((await activityAt('Max Manager renamed task WE-1%')).at).toEqual(recordedAt('TaskFieldChanged'));
    const renamed = await database.db.selectFrom('task_history').select('changed_at').where('company_id', '=', companyId).where('change_type', '=', 'updated').executeTakeFirstOrThrow();
    expect(renamed.changed_at).toEqual(recordedAt('TaskFieldChanged'));
  });
});
