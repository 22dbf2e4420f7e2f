import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RegularizationEvent, RegularizationFields } from '../../domain/regularization/events.ts';
import { manualEntries } from '../../domain/regularization/regularization.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { useTestDatabase } from '../../tests/support/test-database.ts';
import { attendanceProjection } from '../attendance/attendance.ts';
import type { Projection } from '../projection.ts';
import { unitFigures } from '../timelog/queries.ts';
import { timelogProjection } from '../timelog/timelog.ts';
import { regularizationProjection } from './regularization.ts';

const companyId = randomUUID();
const userId = randomUUID();
const manager = { userId: randomUUID(), name: 'Max Manager' };
const head = { userId: randomUUID(), name: 'Hana Head' };
const mo = { userId, name: 'Mo Member' };

/** 09:00 to 10:30 on 9 March 2026 in Kolkata. */
const fields: RegularizationFields = {
  date: '2026-03-09',
  startMinute: 540,
  durationMinutes: 90,
  timeZone: 'Asia/Kolkata',
  start: '2026-03-09T03:30:00Z',
  end: '2026-03-09T05:00:00Z',
  teamId: randomUUID(),
  projectId: randomUUID(),
  projectName: 'Apollo',
  taskId: 'AP-1',
  taskName: 'Design',
  taskDetails: 'Fixed the build',
  assignee: manager,
};

const requested = (requestId: string, changes: Partial<RegularizationFields> = {}): RegularizationEvent => ({
  type: 'RegularizationRequested',
  data: { companyId, userId, requestId, by: mo, ...fields, ...changes },
});

const approved = (requestId: string, request: RegularizationFields = fields): RegularizationEvent => {
  const { teamId, projectId, projectName, taskId, taskName, taskDetails, timeZone } = request;
  return {
    type: 'RegularizationApproved',
    data: { companyId, userId, requestId, by: manager, comment: 'Thanks', teamId, projectId, projectName, taskId, taskName, taskDetails, timeZone, entries: manualEntries(request) },
  };
};

let position = 0;
const recorded = (event: RegularizationEvent): RecordedEvent => {
  position++;
  return {
    eventId: randomUUID(),
    streamId: `regularization-${companyId}-${userId}`,
    version: position,
    position: { commit: 1n, prepare: BigInt(position) },
    type: event.type,
    data: event.data,
    metadata: { correlationId: 'test' },
    recordedAt: new Date(Date.UTC(2026, 2, 10, 4, 0, position)).toISOString(),
  };
};

describe('regularization read models', () => {
  const database = useTestDatabase();

  /** One batch, as a runner applies it: in one transaction. */
  const applyBatch = (projection: Projection, ...events: RegularizationEvent[]) =>
    database.db.transaction().execute((trx) => projection.apply(trx, events.map(recorded)));

  const requestRow = (requestId: string) =>
    database.db.selectFrom('regularization_requests').selectAll().where('company_id', '=', companyId).where('request_id', '=', requestId).executeTakeFirst();

  it('keeps each request as it stands: asked, changed, moved on, processed, deleted', async () => {
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    const edited: RegularizationEvent = {
      type: 'RegularizationEdited',
      data: { companyId, userId, requestId: first, by: mo, from: fields, to: { ...fields, startMinute: 600, start: '2026-03-09T04:30:00Z', end: '2026-03-09T06:00:00Z' } },
    };
    const reassigned: RegularizationEvent = { type: 'RegularizationReassigned', data: { companyId, userId, requestId: first, from: manager, to: head } };
    const scopes = await applyBatch(regularizationProjection, requested(first), edited, requested(second), requested(third));
    expect(scopes).toEqual([{ kind: 'company', id: companyId, family: 'regularization' }]);
    await applyBatch(
      regularizationProjection,
      reassigned,
      approved(second),
      { type: 'RegularizationDeclined', data: { companyId, userId, requestId: third, by: manager, comment: 'Not that day' } },
    );

    expect(await requestRow(first)).toMatchObject({
      user_id: userId,
      date: '2026-03-09',
      start_minute: 600,
      duration_minutes: 90,
      start_at: new Date('2026-03-09T04:30:00Z'),
      end_at: new Date('2026-03-09T06:00:00Z'),
      project_name: 'Apollo',
      task_id: 'AP-1',
      assignee_id: head.userId,
      assignee_name: 'Hana Head',
      status: 'Pending',
      processed_at: null,
    });
    expect(await requestRow(second)).toMatchObject({ status: 'Approved', processed_by_name: 'Max Manager', process_comment: 'Thanks' });
    expect(await requestRow(third)).toMatchObject({ status: 'Declined', processed_by_name: 'Max Manager', process_comment: 'Not that day' });

    await applyBatch(regularizationProjection, { type: 'RegularizationDeleted', data: { companyId, userId, requestId: first, by: mo } });
    expect(await requestRow(first)).toBeUndefined();
  });

  it('writes an approved request into the time log as manual time, counted on the dashboards as tracked and as manual time', async () => {
    const requestId = randomUUID();
    const scopes = await applyBatch(timelogProjection, approved(requestId));
    expect(scopes).toEqual([
      { kind: 'company', id: companyId, family: 'dashboards' },
      { kind: 'company', id: companyId, family: 'attendance' },
      { kind: 'company', id: companyId, family: 'working-time' },
    ]);
    const entries = await database.db.selectFrom('timelog_entries').selectAll().where('session_id', '=', requestId).execute();
    expect(entries).toEqual([
      expect.objectContaining({
        user_id: userId,
        team_id: fields.teamId,
        day: '2026-03-09',
        start_at: new Date('2026-03-09T03:30:00Z'),
        end_at: new Date('2026-03-09T05:00:00Z'),
        tracked_ms: '5400000',
        tracked_minutes: 90,
        idle_minutes: 0,
        project_name: 'Apollo',
        task_id: 'AP-1',
        task_details: 'Fixed the build',
        time_zone: 'Asia/Kolkata',
        source: 'manual',
        abandoned: false,
      }),
    ]);
    const [day] = await unitFigures(database.db, companyId, { from: '2026-03-09', to: '2026-03-09' }, { teams: null, userIds: [userId] });
    expect(day).toMatchObject({ trackedMinutes: 90, manualMinutes: 90, idleMinutes: 0 });
  });

  it('counts an approved request as tracked time of its day on attendance', async () => {
    const request = { ...fields, date: '2026-03-07', start: '2026-03-07T03:30:00Z', end: '2026-03-07T05:00:00Z' };
    const scopes = await applyBatch(attendanceProjection, approved(randomUUID(), request));
    expect(scopes).toEqual([
      { kind: 'company', id: companyId, family: 'attendance' },
      { kind: 'company', id: companyId, family: 'working-time' },
    ]);
    const day = await database.db.selectFrom('attendance_days').selectAll().where('company_id', '=', companyId).where('user_id', '=', userId).where('day', '=', '2026-03-07').executeTakeFirst();
    expect(day).toMatchObject({ tracked: true, time_zone: 'Asia/Kolkata', check_in: null });
  });
});
