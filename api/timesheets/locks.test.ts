import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { timesheetStream, type TimesheetEvent } from '../../domain/timesheets/events.ts';
import type { NewEvent } from '../../eventstore/types.ts';
import { useTestDatabase } from '../../tests/support/test-database.ts';
import { createPeriodLocks } from './locks.ts';

const database = useTestDatabase();
const now = () => new Date('2026-03-10T06:00:00Z');

describe('period locks', () => {
  it('meet a reopening made by another process: a lock kept here is checked against the stream before it refuses', async () => {
    const companyId = randomUUID();
    const userId = randomUUID();
    const by = { userId: randomUUID(), name: 'Ada Admin' };
    const ref = { companyId, userId, start: '2026-03-02', end: '2026-03-08', by, at: now().toISOString() };
    const stored = (event: TimesheetEvent): NewEvent => ({ eventId: randomUUID(), type: event.type, data: event.data, metadata: { correlationId: randomUUID() } });
    const streamId = timesheetStream(companyId, userId, '2026-03-02');
    await database.store.append(
      streamId,
      [
        stored({ type: 'TimesheetSubmitted', data: { ...ref, note: '', approver: by } }),
        stored({ type: 'TimesheetApproved', data: { ...ref, totals: { trackedMinutes: 60, manualMinutes: 0, idleMinutes: 0, earningsCents: 0 } } }),
      ],
      'no_stream',
    );
    // Two processes, each keeping the timesheet as approved.
    const [starting, saving] = [createPeriodLocks({ store: database.store, now }), createPeriodLocks({ store: database.store, now })];
    await expect(starting.refuseIfLocked(companyId, userId, '2026-03-04')).rejects.toThrow('approved and locked');
    const guard = saving.guard<{ type: 'Worked'; data: { day: string } }>(companyId, userId, 'test', (events) => events.map((event) => event.data.day));
    const worked = [{ type: 'Worked' as const, data: { day: '2026-03-04' } }];
    await expect(guard(worked, { fresh: false })).rejects.toThrow('approved and locked');

    // A third reopens it.
    await database.store.append(streamId, [stored({ type: 'TimesheetReopened', data: { ...ref, reason: 'Correction' } })], 2);
    await expect(starting.refuseIfLocked(companyId, userId, '2026-03-04')).resolves.toBeUndefined();
    expect(await guard(worked, { fresh: false })).toMatchObject([{ streamId, expected: 3, events: [{ type: 'TimesheetTimeChanged', data: { days: ['2026-03-04'] } }] }]);
  });
});
